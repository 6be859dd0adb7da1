import { firmSettingsSchema } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useFirmSettings } from '../firm-settings';

const METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'other', label: 'Other' },
];

export default function FirmPaymentsTab() {
  const firm = useFirmSettings();
  const form = useForm({ resolver: zodResolver(firmSettingsSchema.shape.payments), values: firm.current!.payments });
  const submit = form.handleSubmit(async (payments) => {
    try {
      await firm.save({ payments });
      toastSuccess('Payment settings saved.');
    } catch (error) {
      showSubmitError(error);
    }
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Controller
            control={form.control}
            name="acceptedMethods"
            render={({ field }) => (
              <Checkbox.Group label="Payment methods you accept" value={field.value} onChange={field.onChange}>
                <Group mt="xs">
                  {METHODS.map((m) => (
                    <Checkbox key={m.value} value={m.value} label={m.label} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Textarea
            label="Payment instructions"
            description="Printed on invoices and shown to customers paying in your store."
            autosize
            minRows={3}
            {...form.register('instructions')}
            error={form.formState.errors.instructions?.message}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
