import { lineValuesOf, type Quote, type QuoteInput, type QuoteValues } from '@atelier/contracts';
import { Alert } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { DiscountInput } from '../../../components/documents/discount-input';
import { LineEditor } from '../../../components/documents/line-editor';
import { CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';

const quoteValues = (record: Quote | undefined): QuoteValues => ({
  customer: record?.customer._id ?? '',
  customerJob: record?.customerJob?._id ?? null,
  validUntil: record?.validUntil ?? null,
  shipTo: record?.shipTo ?? null,
  notes: record?.notes ?? '',
  discount: record?.discount ?? null,
  shippingCents: record?.shippingCents ?? 0,
  lines: lineValuesOf(record?.lines),
});

/**
 * A quote: who it is for, until when it holds, its lines (some optional, some alternatives of
 * which one is chosen), a discount and shipping. Editing a sent quote makes its next revision.
 */
export function QuoteForm(props: RecordFormProps<Quote, QuoteInput>) {
  const { record } = props;
  const taxClasses = useSettings().data?.productSettings.taxClasses ?? [];
  if (record && record.status !== 'draft' && record.status !== 'sent')
    return (
      <Alert color="blue" title={`${record.number} was ${record.status}`}>
        It can no longer be changed.
      </Alert>
    );
  return (
    <RecordForm<Quote, QuoteValues>
      {...(props as unknown as RecordFormProps<Quote, QuoteValues>)}
      values={quoteValues}
      fields={[
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
        },
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
                  value={field.value ?? null}
                  initial={record?.customerJob}
                  onChange={field.onChange}
                  error={error}
                />
              )}
            />
          ),
        },
        {
          name: 'validUntil',
          label: 'Valid until',
          type: 'date',
          description: 'The quote settings’ days from today unless set',
        },
        { name: 'shippingCents', label: 'Shipping', type: 'money' },
        {
          name: 'discount',
          label: 'Discount',
          render: (f) => (
            <Controller
              control={f.control}
              name="discount"
              render={({ field }) => (
                <DiscountInput
                  label="Discount"
                  description="Spread over the lines before tax"
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          ),
        },
      ]}
    >
      {(form) => (
        <>
          {record?.status === 'sent' && (
            <Alert color="yellow">
              {record.number} was sent to the customer: saving a change makes revision {record.revision + 1}, to send
              again.
            </Alert>
          )}
          <LineEditor form={form} record={record?.lines} taxClasses={taxClasses} withOptions />
        </>
      )}
    </RecordForm>
  );
}
