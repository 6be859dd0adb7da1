import {
  RECURRING_ACTION_LABELS,
  RECURRING_ACTIONS,
  RECURRING_FREQUENCY_LABELS,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type recurringInvoiceInputSchema,
} from '@atelier/contracts';
import { Alert, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { LineEditor } from '../../../components/documents/line-editor';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { formatDate } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { firstInvoiceOn, ordinal, schedulePhrase } from '../schedule';
import { useFirmToday } from '../use-firm-today';

export type RecurringInvoiceValues = z.output<typeof recurringInvoiceInputSchema>;

/** A plan's values as the form edits them: references by id, its lines as typed; a new one bills monthly on the 1st from today. */
export const recurringValues = (record: RecurringInvoice | undefined, today: string): RecurringInvoiceValues => ({
  name: record?.name ?? '',
  customer: record?.customer._id ?? '',
  customerJob: record?.customerJob?._id ?? null,
  frequency: record?.frequency ?? 'monthly',
  dayOfMonth: record?.dayOfMonth ?? 1,
  startOn: record?.startOn ?? today,
  endOn: record?.endOn ?? null,
  action: record?.action ?? 'draft',
  notes: record?.notes ?? '',
  lines: record?.lines ?? [],
});

/** The job, among the chosen customer's. */
function JobField({
  form,
  record,
  error,
}: {
  form: UseFormReturn<RecurringInvoiceValues>;
  record: RecurringInvoice | undefined;
  error: string | undefined;
}) {
  const customer = useWatch({ control: form.control, name: 'customer' });
  return (
    <Controller
      control={form.control}
      name="customerJob"
      render={({ field }) => (
        <JobSelect
          label="Job"
          description="The customer’s job these invoices are for, if any"
          value={field.value ?? null}
          initial={record?.customerJob}
          customer={customer || null}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}

/** The plan's name, whom it bills, and the job (only that customer's jobs are offered). */
function whoFields(record: RecurringInvoice | undefined): FieldSpec<RecurringInvoiceValues>[] {
  return [
    { name: 'name', label: 'Name', placeholder: 'Monthly maintenance, Showroom rental…' },
    {
      name: 'customer',
      label: 'Customer',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="customer"
          render={({ field }) => (
            <CustomerSelect
              label="Customer"
              required
              value={field.value || null}
              initial={record?.customer}
              onChange={(v) => {
                // A job is one customer's: another customer's job would be refused.
                if (v !== field.value) f.setValue('customerJob', null, { shouldDirty: true });
                field.onChange(v ?? '');
              }}
              error={error}
            />
          )}
        />
      ),
    },
    {
      name: 'customerJob',
      label: 'Job',
      render: (f, error) => <JobField form={f} record={record} error={error} />,
    },
  ];
}

const SCHEDULE_FIELDS: FieldSpec<RecurringInvoiceValues>[] = [
  { name: 'frequency', label: 'How often', type: 'select', choices: RECURRING_FREQUENCY_LABELS },
  {
    name: 'dayOfMonth',
    label: 'Day of the month',
    type: 'number',
    min: 1,
    max: 28,
    description: '1 to 28: every month has those days',
  },
  {
    name: 'startOn',
    label: 'Starts on',
    // Required: an empty start is "Enter a date.", not a null the contract refuses otherwise.
    render: (f, error) => (
      <TextInput
        type="date"
        label="Starts on"
        description="The first invoice is made on the first such day from then"
        required
        {...f.register('startOn')}
        error={error}
      />
    ),
  },
  { name: 'endOn', label: 'Ends on', type: 'date', description: 'No invoice after it; empty: until stopped' },
];

/**
 * When the first invoice is made, read live from the schedule as the server will set it on
 * saving: the first such day of the month on or after the later of the start and today.
 */
export function FirstInvoiceNote({
  form,
  record,
  today,
}: {
  form: UseFormReturn<RecurringInvoiceValues>;
  record?: RecurringInvoice;
  today: string;
}) {
  const [frequency, dayOfMonth, startOn, endOn] = useWatch({
    control: form.control,
    name: ['frequency', 'dayOfMonth', 'startOn', 'endOn'],
  });
  const first = firstInvoiceOn(startOn, dayOfMonth, today);
  if (!first)
    return (
      <Text size="sm" c="dimmed">
        Enter the day of the month and the start to see when the first invoice is made.
      </Text>
    );
  const day = Number(dayOfMonth);
  if (endOn && first > endOn)
    return (
      <Alert color="yellow" title="No invoice would be made">
        The first {ordinal(day)} from {startOn > today ? 'the start' : 'today'} is {formatDate(first)}, after the end:
        saved like this, the plan ends at once.
      </Alert>
    );
  const until = endOn ? ` until ${formatDate(endOn)}` : ', until it is stopped';
  const then = `then ${schedulePhrase(frequency, day, first)}${until}`;
  return (
    <Text size="sm" fw={500}>
      {!record
        ? `The first invoice is made on ${formatDate(first)}, ${then}.`
        : record.status === 'paused'
          ? `Once saved, its next day is ${formatDate(first)}, ${then}; while paused it makes no invoice.`
          : `Once saved, the next invoice is made on ${formatDate(first)}, ${then}.`}
    </Text>
  );
}

/** What each run does with the invoice it makes: a draft to check, or sent to the customer. */
function ActionField({ form }: { form: UseFormReturn<RecurringInvoiceValues> }) {
  return (
    <Controller
      control={form.control}
      name="action"
      render={({ field, fieldState }) => (
        <Radio.Group
          label="What each run does"
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <Stack gap="xs" mt={4}>
            {RECURRING_ACTIONS.map((action) => (
              <Radio
                key={action}
                value={action}
                label={RECURRING_ACTION_LABELS[action]}
                description={
                  action === 'draft'
                    ? 'The invoice waits as a draft for you to check and send.'
                    : 'The invoice is emailed to the customer with its PDF as soon as it is made.'
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

/**
 * A recurring invoice: whom it bills, its schedule (with the day of its first invoice), what each
 * run does, and the lines each invoice bills. An ended plan no longer changes.
 */
export function RecurringInvoiceForm(props: RecordFormProps<RecurringInvoice, RecurringInvoiceInput>) {
  const { record } = props;
  const today = useFirmToday();
  const taxClasses = useSettings().data?.productSettings.taxClasses ?? [];
  if (record?.status === 'ended')
    return (
      <Alert color="blue" title={`${record.name} has ended`}>
        An ended plan no longer changes: make a new recurring invoice to bill again.
      </Alert>
    );
  return (
    <RecordForm<RecurringInvoice, RecurringInvoiceValues>
      {...(props as unknown as RecordFormProps<RecurringInvoice, RecurringInvoiceValues>)}
      values={(r) => recurringValues(r, today)}
    >
      {(form) => (
        <>
          <Fields form={form} fields={whoFields(record)} />
          <Fields form={form} fields={SCHEDULE_FIELDS} />
          <FirstInvoiceNote form={form} record={record} today={today} />
          <ActionField form={form} />
          <LineEditor form={form} items={record?.items} taxClasses={taxClasses} warehouse={null} />
        </>
      )}
    </RecordForm>
  );
}
