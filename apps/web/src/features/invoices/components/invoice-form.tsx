import {
  INVOICE_STATUS_LABELS,
  type Invoice,
  type InvoiceInput,
  type InvoiceValues,
  lineValuesOf,
} from '@atelier/contracts';
import { Alert, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { LineEditor } from '../../../components/documents/line-editor';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { BillableExpensesField } from './billable-expenses-field';

/**
 * What an invoice of an order was asked to bill, sent again as it was when a draft is saved: the
 * server works the invoice out whole from it each time.
 */
function billedAsAsked(
  record: Invoice,
): Pick<InvoiceValues, 'orderLines' | 'deposit' | 'percent' | 'retentionPercent'> {
  const none = { orderLines: null, deposit: null, percent: null, retentionPercent: null };
  switch (record.billing) {
    case 'lines':
      return { ...none, orderLines: record.lines.flatMap((l) => (l.orderLine ? [l.orderLine] : [])) };
    // A deposit invoice is its one untaxed line: the amount asked.
    case 'deposit':
      return { ...none, deposit: { kind: 'amount', cents: record.totalCents } };
    case 'progress':
      return { ...none, percent: record.percent, retentionPercent: record.retentionPercent };
    default:
      return none;
  }
}

/** A draft's values as the form edits them: references by id, a stand-alone invoice's lines as their inputs. */
export const invoiceValues = (record: Invoice | undefined): InvoiceValues => ({
  customer: record?.customer._id ?? '',
  order: record?.order?._id ?? null,
  billing: record?.billing ?? 'lines',
  ...(record?.order
    ? billedAsAsked(record)
    : { orderLines: null, deposit: null, percent: null, retentionPercent: null }),
  customerJob: record?.customerJob?._id ?? null,
  issueDate: record?.issueDate ?? null,
  dueDate: record?.dueDate ?? null,
  notes: record?.notes ?? '',
  // The lines that bill expenses are kept through `expenses`, not edited as lines (decision 0045).
  lines: record?.order ? [] : lineValuesOf(record?.lines.filter((l) => !l.expense)),
  expenses: record?.lines.flatMap((l) => (l.expense ? [l.expense] : [])) ?? [],
});

/** Who it bills (a stand-alone invoice's customer), the job, and its dates. */
function whoAndWhen(record: Invoice | undefined): FieldSpec<InvoiceValues>[] {
  return [
    ...(record?.order
      ? []
      : [
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
                    onChange={(v) => field.onChange(v ?? '')}
                    error={error}
                  />
                )}
              />
            ),
          } satisfies FieldSpec<InvoiceValues>,
        ]),
    {
      name: 'customerJob',
      label: 'Job',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="customerJob"
          render={({ field }) => (
            <JobSelect
              label="Job"
              description="The customer’s job this invoice is for, if any"
              value={field.value ?? null}
              initial={record?.customerJob}
              onChange={field.onChange}
              error={error}
            />
          )}
        />
      ),
    },
    { name: 'issueDate', label: 'Issue date', type: 'date', description: 'Today unless set' },
    {
      name: 'dueDate',
      label: 'Due date',
      type: 'date',
      description: 'The issue date plus the payment terms unless set',
    },
  ];
}

/**
 * A draft invoice. A stand-alone one has its customer and its own lines; one of an order bills
 * what the order says (its lines, deposit, progress or retention), so only its job, dates and
 * notes change here. An issued invoice no longer changes: it is voided or credited instead.
 */
export function InvoiceForm(props: RecordFormProps<Invoice, InvoiceInput>) {
  const { record } = props;
  const settings = useSettings().data;
  const taxClasses = settings?.productSettings.taxClasses ?? [];
  if (record && record.status !== 'draft')
    return (
      <Alert color="blue" title={`${record.number} is ${INVOICE_STATUS_LABELS[record.status].toLowerCase()}`}>
        {record.status === 'void'
          ? 'A void invoice no longer changes.'
          : 'An issued invoice no longer changes: void it and make a new one, or give the customer a credit memo.'}
      </Alert>
    );
  return (
    <RecordForm<Invoice, InvoiceValues>
      {...(props as unknown as RecordFormProps<Invoice, InvoiceValues>)}
      values={invoiceValues}
    >
      {(form) => (
        <>
          <Fields form={form} fields={whoAndWhen(record)} />
          {record?.order ? (
            <Text size="sm" c="dimmed">
              Its lines come from order {record.order.name}: they are worked out again from the order when it is saved.
            </Text>
          ) : (
            <>
              <LineEditor taxClasses={taxClasses} form={form} record={record?.lines.filter((l) => !l.expense)} />
              <BillableExpensesField form={form} record={record} currency={settings?.firmSettings.currency} />
            </>
          )}
        </>
      )}
    </RecordForm>
  );
}
