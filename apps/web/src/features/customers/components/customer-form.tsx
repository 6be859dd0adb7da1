import type { Customer, CustomerInput } from '@atelier/contracts';
import { Select, SimpleGrid } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { AddressesField } from '../../../components/form/addresses-field';
import { LabelledListField } from '../../../components/form/labelled-list-field';
import { CompanySelect, ReferredByField } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';

export const customerFormValues = (c?: Customer, company?: string | null): CustomerInput => ({
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  company: c?.company?._id ?? company ?? null,
  ambassador: c?.ambassador?._id ?? null,
  emails: c?.emails ?? [{ label: '', email: '' }],
  phones: c?.phones ?? [],
  addresses: c?.addresses ?? [],
  assignedTo: c?.assignedTo?._id ?? null,
  source: c?.source ?? '',
  tags: c?.tags ?? [],
  notes: c?.notes ?? '',
});

type Props = RecordFormProps<Customer, CustomerInput> & { initialCompany?: { _id: string; name: string } | null };

export function CustomerForm({ initialCompany, ...props }: Props) {
  const sources = useSettings().data?.customerSettings.sources ?? [];
  const customer = props.record;
  return (
    <RecordForm
      {...props}
      values={(c) => customerFormValues(c, initialCompany?._id)}
      // Blank rows the user added and left empty are not an error: drop them.
      clean={(values) => ({
        ...values,
        emails: (values.emails ?? []).filter((e) => e.email.trim()),
        phones: (values.phones ?? []).filter((p) => p.number.trim()),
      })}
      duplicateQuery={(v) => ({
        name: `${v.firstName ?? ''} ${v.lastName ?? ''}`.trim(),
        email: v.emails?.[0]?.email,
        phone: v.phones?.[0]?.number,
      })}
      fields={[
        { name: 'firstName', label: 'First name' },
        { name: 'lastName', label: 'Last name' },
        {
          name: 'company',
          label: 'Account',
          render: (form, error) => (
            <Controller
              control={form.control}
              name="company"
              render={({ field }) => (
                <CompanySelect
                  label="Account"
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={error}
                  initial={customer?.company ?? initialCompany}
                />
              )}
            />
          ),
        },
        {
          name: 'ambassador',
          label: 'Referred by',
          render: (form, error) => <ReferredByField form={form} error={error} initial={customer?.ambassador} />,
        },
        { name: 'assignedTo', label: 'Assigned to', type: 'person' },
      ]}
    >
      {(form) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LabelledListField form={form} name="emails" valueKey="email" label="Emails" type="email" />
            <LabelledListField form={form} name="phones" valueKey="number" label="Phones" type="tel" />
          </SimpleGrid>
          <AddressesField form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="source"
              render={({ field }) => (
                <Select
                  label="Source"
                  placeholder="How they found you"
                  data={[...new Set([...sources, ...(field.value ? [field.value] : [])])]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  clearable
                  error={form.formState.errors.source?.message}
                />
              )}
            />
          </SimpleGrid>
        </>
      )}
    </RecordForm>
  );
}
