import { P, SETTINGS_GROUPS, type SettingsValues } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
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
import { PriceRules } from '../components/price-rules';
import { TermsFields } from '../components/terms-fields';

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
  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">New accounts start with these terms; each account’s Settings tab can change its own.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TermsFields control={form.control} errors={form.formState.errors} />
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
  const { can, hasFeature } = useCan();
  return (
    <SettingsGroupPage
      title="Account settings"
      description="Payment terms, credit limit, price levels and their discounts."
      allowed={can(P.COMPANY_SETTINGS)}
      form={(settings) => (
        <Stack>
          <AccountSettingsForm current={settings.companySettings} />
          {hasFeature('wholesale') && <PriceRules current={settings.companySettings} />}
        </Stack>
      )}
    />
  );
}
