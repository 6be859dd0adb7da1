import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
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

const contract = SETTINGS_GROUPS.customerSettings.schema.shape;
const formSchema = z.object({
  sources: labelRows(contract.sources.element, 'source'),
  consentByDefault: contract.consentByDefault,
});
type FormValues = z.infer<typeof formSchema>;

function CustomerSettingsForm({ current }: { current: SettingsValues<'customerSettings'> }) {
  const save = useSaveSettings('customerSettings');
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values: { sources: toRows(current.sources), consentByDefault: current.consentByDefault },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ sources: fromRows(values.sources), consentByDefault: values.consentByDefault });
      toastSuccess('Customer settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['sources']);
    }
  });
  return (
    <Card withBorder padding="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <LabelListField
            form={form}
            name="sources"
            label="Customer sources"
            description="How customers find you; chosen on each customer."
            noun="source"
          />
          <Checkbox
            label="New customers agree to marketing emails"
            description="Tick this only if you ask for that consent whenever you take a customer’s details. Each customer’s Settings tab can change it."
            {...form.register('consentByDefault')}
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

/** /s/customer: the customer settings group (12). */
export default function CustomerSettingsPage() {
  const { can } = useCan();
  return (
    <SettingsGroupPage
      title="Customer settings"
      description="Where your customers come from, and their consent to emails."
      allowed={can(P.CUSTOMER_SETTINGS)}
      form={(settings) => <CustomerSettingsForm current={settings.customerSettings} />}
    />
  );
}
