import { type Lead, type LeadInput, leadInputSchema, P } from '@atelier/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DuplicateWarning } from '../../../components/form/duplicate-warning';
import { AmbassadorSelect, PersonSelect } from '../../../components/form/pickers';
import { TagsNotesAndSave, useRecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useCan } from '../../../lib/permissions';
import { useLeadDuplicates, useLeadSettings } from '../api';

export const leadFormValues = (l?: Lead): LeadInput => ({
  firstName: l?.firstName ?? '',
  lastName: l?.lastName ?? '',
  companyName: l?.companyName ?? '',
  email: l?.email ?? '',
  phone: l?.phone ?? '',
  source: l?.source ?? '',
  estimatedValueCents: l?.estimatedValueCents ?? 0,
  assignedTo: l?.assignedTo?._id ?? null,
  ambassador: l?.ambassador?._id ?? null,
  nextFollowUp: l?.nextFollowUp ?? null,
  tags: l?.tags ?? [],
  notes: l?.notes ?? '',
});

const currencySymbol = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).formatToParts(0).find((p) => p.type === 'currency')
    ?.value;

/** A lead's details, validated by the same contract as the server. The stage moves elsewhere. */
export function LeadForm({ record: lead, submitLabel, onSubmit, reload }: RecordFormProps<Lead, LeadInput>) {
  const { sources, currency } = useLeadSettings();
  const { can } = useCan();
  const { form, submit, stale } = useRecordForm<LeadInput>({
    schema: leadInputSchema,
    values: leadFormValues(lead),
    onSubmit,
    reload: async () => leadFormValues(reload ? await reload() : lead),
  });
  const [firstName, lastName, email, phone] = form.watch(['firstName', 'lastName', 'email', 'phone']);
  const duplicates = useLeadDuplicates(
    { name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email, phone },
    lead?._id,
  );
  const e = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" {...form.register('firstName')} error={e.firstName?.message} />
          <TextInput label="Last name" {...form.register('lastName')} error={e.lastName?.message} />
          <TextInput
            label="Company"
            description="The business they buy for, if any"
            {...form.register('companyName')}
            error={e.companyName?.message}
          />
          <Controller
            control={form.control}
            name="source"
            render={({ field }) => (
              <Select
                label="Source"
                description="How they found you"
                placeholder="Choose a source"
                data={[...new Set([...sources, ...(field.value ? [field.value] : [])])]}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                clearable
                error={e.source?.message}
              />
            )}
          />
          <TextInput label="Email" type="email" {...form.register('email')} error={e.email?.message} />
          <TextInput label="Phone" type="tel" {...form.register('phone')} error={e.phone?.message} />
        </SimpleGrid>
        <DuplicateWarning
          matches={duplicates.data}
          title="This may already be a lead"
          href={(id) => `/u/leads/${id}`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="estimatedValueCents"
            render={({ field }) => (
              <NumberInput
                label="Estimated value"
                description="What the work may be worth"
                prefix={currencySymbol(currency)}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                clampBehavior="none"
                value={typeof field.value === 'number' ? field.value / 100 : ''}
                // Dollars on screen, cents in the record.
                onChange={(v) => field.onChange(typeof v === 'number' ? Math.round(v * 100) : undefined)}
                onBlur={field.onBlur}
                error={e.estimatedValueCents?.message}
              />
            )}
          />
          <TextInput
            label="Next follow-up"
            description={
              lead?.overdue ? (
                <Text span size="xs" c="red" fw={600}>
                  Overdue: this date has passed
                </Text>
              ) : (
                'When to get back to them'
              )
            }
            type="date"
            {...form.register('nextFollowUp', { setValueAs: (v: string | null) => v || null })}
            error={e.nextFollowUp?.message}
          />
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
                  initial={lead?.ambassador}
                />
              )}
            />
          ) : (
            // Without code 88 the referrer is shown, and kept as it is.
            lead?.ambassador && <TextInput label="Referred by" value={lead.ambassador.name} readOnly />
          )}
        </SimpleGrid>
        <TagsNotesAndSave form={form} submitLabel={submitLabel} />
      </Stack>
      {stale.modal}
    </form>
  );
}
