import { type Company, type CompanyFinancials, companyFinancialsSchema, P } from '@atelier/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { NoAccess } from '../../../components/no-access';
import { useFiles } from '../../../components/record/api';
import { useRecord } from '../../../components/record/record-outlet';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { companies, useUpdateFinancials } from '../api';
import { TermsFields } from '../components/terms-fields';

/** Payment terms, credit limit, price level and tax exemption (company financials, 15). */
export default function CompanySettingsTab() {
  const { record } = useRecord<Company>();
  const { can } = useCan();
  const update = useUpdateFinancials(record._id);
  const files = useFiles(companies.path(record._id));
  const priceLevels = useSettings().data?.companySettings.priceLevels ?? [];
  const form = useForm<CompanyFinancials>({
    resolver: zodResolver(companyFinancialsSchema) as never,
    values: record.financials ?? {
      paymentTermsDays: 30,
      creditLimitCents: 0,
      priceLevel: '',
      taxExempt: false,
      taxCertificate: null,
    },
  });
  if (!can(P.COMPANY_FINANCIALS) || !record.financials)
    return <NoAccess message="You do not have permission to see this account’s financial settings." />;
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ ...values, version: record.version });
      toastSuccess('Settings saved.');
    } catch (error) {
      showSubmitError(error, form.setError);
    }
  });
  const e = form.formState.errors;
  return (
    <Card withBorder padding="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TermsFields control={form.control} errors={form.formState.errors} />
            <Controller
              control={form.control}
              name="priceLevel"
              render={({ field }) => (
                <Select
                  label="Price level"
                  description="The firm’s price levels are set in account settings."
                  placeholder="None"
                  // The firm's levels, and this account's own if it is no longer one of them.
                  data={[...new Set([...priceLevels, ...(field.value ? [field.value] : [])])]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  clearable
                  error={e.priceLevel?.message}
                />
              )}
            />
          </SimpleGrid>
          <Checkbox label="Tax exempt" {...form.register('taxExempt')} />
          <Controller
            control={form.control}
            name="taxCertificate"
            render={({ field }) => (
              <Select
                label="Exemption certificate"
                description="Upload it on the Files tab, then choose it here."
                placeholder="None"
                data={(files.data ?? []).map((f) => ({ value: f._id, label: f.name }))}
                value={field.value}
                onChange={field.onChange}
                clearable
                error={e.taxCertificate?.message}
              />
            )}
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
