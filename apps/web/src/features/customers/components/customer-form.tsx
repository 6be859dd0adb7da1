import { type Customer, type CustomerInput, customerInputSchema, P } from '@atelier/contracts';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { AddressesField } from '../../../components/form/addresses-field';
import { DuplicateWarning } from '../../../components/form/duplicate-warning';
import { LabelledListField } from '../../../components/form/labelled-list-field';
import { AmbassadorSelect, CompanySelect, PersonSelect } from '../../../components/form/pickers';
import { TagsNotesAndSave, useRecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { useCustomerDuplicates } from '../api';

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

export function CustomerForm({ record: customer, initialCompany, submitLabel, onSubmit, reload }: Props) {
  const sources = useSettings().data?.customerSettings.sources ?? [];
  const { can } = useCan();
  const { form, submit, stale } = useRecordForm<CustomerInput>({
    schema: customerInputSchema,
    values: customerFormValues(customer, initialCompany?._id),
    onSubmit,
    reload: async () => customerFormValues(reload ? await reload() : customer),
    // Blank rows the user added and left empty are not an error: drop them.
    clean: (values) => ({
      ...values,
      emails: (values.emails ?? []).filter((e) => e.email.trim()),
      phones: (values.phones ?? []).filter((p) => p.number.trim()),
    }),
  });
  const [firstName, lastName, emails, phones] = form.watch(['firstName', 'lastName', 'emails', 'phones']);
  const duplicates = useCustomerDuplicates(
    { name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email: emails?.[0]?.email, phone: phones?.[0]?.number },
    customer?._id,
  );
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...form.register('firstName')} error={e.firstName?.message} />
          <TextInput label="Last name" {...form.register('lastName')} error={e.lastName?.message} />
          <Controller
            control={form.control}
            name="company"
            render={({ field }) => (
              <CompanySelect
                label="Account"
                value={field.value ?? null}
                onChange={field.onChange}
                error={e.company?.message}
                initial={customer?.company ?? initialCompany}
              />
            )}
          />
          {can(P.MODIFY_AMBASSADORS) ? (
            <Controller
              control={form.control}
              name="ambassador"
              render={({ field }) => (
                <AmbassadorSelect
                  label="Referred by"
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={e.ambassador?.message}
                  initial={customer?.ambassador}
                />
              )}
            />
          ) : (
            // Without code 88 the referrer is shown, and kept as it is.
            customer?.ambassador && <TextInput label="Referred by" value={customer.ambassador.name} readOnly />
          )}
          <Controller
            control={form.control}
            name="assignedTo"
            render={({ field }) => (
              <PersonSelect
                label="Assigned to"
                value={field.value ?? null}
                onChange={field.onChange}
                error={e.assignedTo?.message}
              />
            )}
          />
        </SimpleGrid>
        <DuplicateWarning
          matches={duplicates.data}
          title="This may already be a customer"
          href={(id) => `/u/customers/${id}`}
        />
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
                error={e.source?.message}
              />
            )}
          />
        </SimpleGrid>
        <TagsNotesAndSave form={form} submitLabel={submitLabel} />
      </Stack>
      {stale.modal}
    </form>
  );
}
