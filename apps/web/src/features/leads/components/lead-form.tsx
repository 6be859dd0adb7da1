import type { Lead, LeadInput } from '@atelier/contracts';
import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { Fields } from '../../../components/form/fields';
import { ReferredByField } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useLeadSettings } from '../api';

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
export function LeadForm(props: RecordFormProps<Lead, LeadInput>) {
  const { sources, currency } = useLeadSettings();
  const lead = props.record;
  return (
    <RecordForm
      {...props}
      values={leadFormValues}
      duplicateQuery={(v) => ({
        name: `${v.firstName ?? ''} ${v.lastName ?? ''}`.trim(),
        email: v.email,
        phone: v.phone,
      })}
      fields={[
        { name: 'firstName', label: 'First name' },
        { name: 'lastName', label: 'Last name' },
        { name: 'companyName', label: 'Company', description: 'The business they buy for, if any' },
        {
          name: 'source',
          label: 'Source',
          render: (form, error) => (
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
                  error={error}
                />
              )}
            />
          ),
        },
        { name: 'email', label: 'Email', type: 'email' },
        { name: 'phone', label: 'Phone', type: 'tel' },
      ]}
    >
      {(form) => (
        <Fields
          form={form}
          fields={[
            {
              name: 'estimatedValueCents',
              label: 'Estimated value',
              render: (_, error) => (
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
                      error={error}
                    />
                  )}
                />
              ),
            },
            {
              name: 'nextFollowUp',
              label: 'Next follow-up',
              render: (_, error) => (
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
                  error={error}
                />
              ),
            },
            { name: 'assignedTo', label: 'Assigned to', type: 'person' },
            {
              name: 'ambassador',
              label: 'Referred by',
              render: (_, error) => <ReferredByField form={form} error={error} initial={lead?.ambassador} />,
            },
          ]}
        />
      )}
    </RecordForm>
  );
}
