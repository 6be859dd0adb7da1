import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Loader, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  fromRows,
  LabelListField,
  labelRows,
  setServerErrors,
  toRows,
} from '../../../components/form/label-list-field';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSaveSettings, useSettings } from '../../settings/api';

const contract = SETTINGS_GROUPS.companySettings.schema.shape;
const formSchema = z.object({
  paymentTermsDays: contract.paymentTermsDays,
  creditLimitCents: contract.creditLimitCents,
  priceLevels: labelRows(contract.priceLevels.element, 'price level'),
});
type FormValues = z.output<typeof formSchema>;

function AccountSettingsForm({ current }: { current: SettingsValues<'companySettings'> }) {
  const save = useSaveSettings('companySettings');
  const form = useForm<z.input<typeof formSchema>, unknown, FormValues>({
    resolver: zodResolver(formSchema),
    values: { ...current, priceLevels: toRows(current.priceLevels) },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, priceLevels: fromRows(values.priceLevels) });
      toastSuccess('Account settings saved.');
    } catch (error) {
      showSubmitError(error);
      setServerErrors(form.setError, error, ['priceLevels']);
    }
  });
  const e = form.formState.errors;
  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">New accounts start with these terms; each account’s Settings tab can change its own.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="paymentTermsDays"
              render={({ field }) => (
                <NumberInput
                  label="Payment terms (days)"
                  min={0}
                  max={365}
                  value={Number(field.value)}
                  onChange={(v) => field.onChange(Number(v) || 0)}
                  error={e.paymentTermsDays?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="creditLimitCents"
              render={({ field }) => (
                <NumberInput
                  label="Credit limit"
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  min={0}
                  value={Number(field.value) / 100}
                  onChange={(v) => field.onChange(Math.round((Number(v) || 0) * 100))}
                  error={e.creditLimitCents?.message}
                />
              )}
            />
          </SimpleGrid>
          <LabelListField
            form={form}
            name="priceLevels"
            label="Price levels"
            description="The price lists an account may buy at; chosen on each account’s Settings tab."
            noun="price level"
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

/** /s/account: the company settings group (16): new accounts' terms and the price levels. */
export default function AccountSettingsPage() {
  const { can } = useCan();
  const settings = useSettings();
  if (!can(P.COMPANY_SETTINGS)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Account settings"
        description="Payment terms, credit limit and price levels of your accounts."
      />
      {settings.isPending ? (
        <Loader />
      ) : settings.error ? (
        <Text c="red">{settings.error.message}</Text>
      ) : (
        <AccountSettingsForm current={settings.data.companySettings} />
      )}
    </Stack>
  );
}
