import {
  COMPANY_TYPE_LABELS,
  COMPANY_TYPES,
  type Company,
  type CompanyInput,
  companyInputSchema,
} from '@atelier/contracts';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { AddressesField } from '../../../components/form/addresses-field';
import { DuplicateWarning } from '../../../components/form/duplicate-warning';
import { PersonSelect } from '../../../components/form/pickers';
import { TagsNotesAndSave, useRecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useCompanyDuplicates } from '../api';

export const companyFormValues = (c?: Company): CompanyInput => ({
  name: c?.name ?? '',
  type: c?.type ?? 'retail',
  phone: c?.phone ?? '',
  email: c?.email ?? '',
  website: c?.website ?? '',
  addresses: c?.addresses ?? [],
  assignedTo: c?.assignedTo?._id ?? null,
  tags: c?.tags ?? [],
  notes: c?.notes ?? '',
});

/** The account's details, validated by the same contract as the server. */
export function CompanyForm({
  record: company,
  submitLabel,
  onSubmit,
  reload,
}: RecordFormProps<Company, CompanyInput>) {
  const { form, submit, stale } = useRecordForm<CompanyInput>({
    schema: companyInputSchema,
    values: companyFormValues(company),
    onSubmit,
    reload: async () => companyFormValues(reload ? await reload() : company),
  });
  const [name, email, phone] = form.watch(['name', 'email', 'phone']);
  const duplicates = useCompanyDuplicates({ name, email, phone }, company?._id);
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" {...form.register('name')} error={e.name?.message} />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label="Type"
                data={COMPANY_TYPES.map((t) => ({ value: t, label: COMPANY_TYPE_LABELS[t] }))}
                value={field.value}
                onChange={field.onChange}
                error={e.type?.message}
                allowDeselect={false}
              />
            )}
          />
          <TextInput label="Phone" type="tel" {...form.register('phone')} error={e.phone?.message} />
          <TextInput label="Email" type="email" {...form.register('email')} error={e.email?.message} />
          <TextInput label="Website" placeholder="https://" {...form.register('website')} error={e.website?.message} />
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
          title="This may already be an account"
          href={(id) => `/u/companies/${id}`}
        />
        <AddressesField form={form} />
        <TagsNotesAndSave form={form} submitLabel={submitLabel} />
      </Stack>
      {stale.modal}
    </form>
  );
}
