import { AMBASSADOR_KINDS, type Ambassador, type AmbassadorInput, ambassadorInputSchema } from '@atelier/contracts';
import { NumberInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DuplicateWarning } from '../../../components/form/duplicate-warning';
import { TagsNotesAndSave, useRecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useAmbassadorDuplicates } from '../api';

export const KIND_LABELS: Record<(typeof AMBASSADOR_KINDS)[number], string> = {
  person: 'Person',
  business: 'Business',
};

export const ambassadorFormValues = (a?: Ambassador): AmbassadorInput => ({
  name: a?.name ?? '',
  kind: a?.kind ?? 'person',
  email: a?.email ?? '',
  phone: a?.phone ?? '',
  referralCode: a?.referralCode ?? '',
  commissionPercent: a?.commissionPercent ?? 5,
  tags: a?.tags ?? [],
  notes: a?.notes ?? '',
});

/** A referral partner's details, validated by the same contract as the server. */
export function AmbassadorForm({
  record,
  submitLabel,
  onSubmit,
  reload,
}: RecordFormProps<Ambassador, AmbassadorInput>) {
  const { form, submit, stale } = useRecordForm<AmbassadorInput>({
    schema: ambassadorInputSchema,
    values: ambassadorFormValues(record),
    onSubmit,
    reload: async () => ambassadorFormValues(reload ? await reload() : record),
  });
  const [name, email, phone] = form.watch(['name', 'email', 'phone']);
  const duplicates = useAmbassadorDuplicates({ name, email, phone }, record?._id);
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                A person or a business
              </Text>
              <SegmentedControl
                data={AMBASSADOR_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                value={field.value}
                onChange={field.onChange}
                w="fit-content"
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" {...form.register('name')} error={e.name?.message} />
          <TextInput label="Email" type="email" {...form.register('email')} error={e.email?.message} />
          <TextInput label="Phone" type="tel" {...form.register('phone')} error={e.phone?.message} />
          <TextInput
            label="Referral code"
            description={record ? undefined : 'Leave empty to make one from the name.'}
            {...form.register('referralCode')}
            error={e.referralCode?.message}
          />
          <Controller
            control={form.control}
            name="commissionPercent"
            render={({ field }) => (
              <NumberInput
                label="Commission"
                description="Of each referred customer's paid invoices"
                suffix="%"
                min={0}
                max={50}
                decimalScale={2}
                clampBehavior="none"
                value={field.value as number}
                onChange={(v) => field.onChange(v === '' ? undefined : v)}
                error={e.commissionPercent?.message}
              />
            )}
          />
        </SimpleGrid>
        <DuplicateWarning
          matches={duplicates.data}
          title="This may already be an ambassador"
          href={(id) => `/u/ambassadors/${id}`}
        />
        <TagsNotesAndSave form={form} submitLabel={submitLabel} />
      </Stack>
      {stale.modal}
    </form>
  );
}
