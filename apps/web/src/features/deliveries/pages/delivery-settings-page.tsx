import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings } from '../../settings/api';
import { SettingsGroupPage } from '../../settings/components/settings-group-page';

type DeliverySettings = SettingsValues<'deliverySettings'>;
const contract = SETTINGS_GROUPS.deliverySettings.schema.shape;

const formSchema = z.object({
  prefix: contract.prefix,
  vehicles: labelRows(contract.vehicles.element, 'vehicle'),
  windowHours: contract.windowHours,
});
type FormValues = z.input<typeof formSchema>;

const toForm = (s: DeliverySettings): FormValues => ({
  prefix: s.prefix,
  vehicles: toRows(s.vehicles),
  windowHours: s.windowHours,
});

function DeliverySettingsForm({ current }: { current: DeliverySettings }) {
  const save = useSaveSettings('deliverySettings');
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    values: toForm(current),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        prefix: values.prefix,
        vehicles: fromRows(values.vehicles),
        windowHours: values.windowHours,
      });
      toastSuccess('Delivery settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['vehicles']);
    }
  });
  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">A new route is numbered with the prefix and the firm's next number (DR-1001).</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Number prefix" {...form.register('prefix')} error={errors.prefix?.message} />
            <Controller
              control={form.control}
              name="windowHours"
              render={({ field }) => (
                <NumberInput
                  label="Delivery window"
                  description="How long a stop's delivery window is, unless its own times say otherwise."
                  suffix=" hours"
                  min={1}
                  max={12}
                  decimalScale={0}
                  clampBehavior="none"
                  value={field.value as number}
                  onChange={(v) => field.onChange(v === '' ? undefined : v)}
                  error={errors.windowHours?.message}
                />
              )}
            />
          </SimpleGrid>
          <LabelListField
            form={form}
            name="vehicles"
            label="Vehicles"
            description="Your vans and trucks, offered when a route is planned."
            noun="vehicle"
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

/** /s/delivery (84): how routes are numbered, the firm's vehicles, and a stop's window. */
export default function DeliverySettingsPage() {
  const { can, hasFeature } = useCan();
  return (
    <SettingsGroupPage
      title="Delivery settings"
      description="Route numbering, your vehicles, and how long a delivery window is."
      allowed={can(P.DELIVERY_SETTINGS) && hasFeature('delivery_management')}
      form={(settings) => <DeliverySettingsForm current={settings.deliverySettings} />}
    />
  );
}
