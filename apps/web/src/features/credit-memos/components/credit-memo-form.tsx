import type { CreditMemo, CreditMemoInput, creditMemoInputSchema } from '@atelier/contracts';
import { Alert, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { Fields } from '../../../components/form/fields';
import { CustomerSelect, JobSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';

type CreditMemoValues = z.output<typeof creditMemoInputSchema>;

/** A credit memo's values as the form edits them: the customer and the job by id. */
const creditMemoValues = (record: CreditMemo | undefined): CreditMemoValues => ({
  customer: record?.customer._id ?? '',
  amountCents: record?.amountCents as number,
  reason: record?.reason ?? '',
  issueDate: record?.issueDate ?? null,
  customerJob: record?.customerJob?._id ?? null,
  notes: record?.notes ?? '',
});

/**
 * Credit given to a customer: how much, why, when, and (if it is about one) their job. Once used,
 * it stays with its customer and its amount covers what is used; a void one no longer changes.
 */
export function CreditMemoForm(props: RecordFormProps<CreditMemo, CreditMemoInput>) {
  const { record } = props;
  if (record?.status === 'void')
    return (
      <Alert color="gray" title={`${record.name} is void`}>
        {record.voidReason ? `Why: ${record.voidReason}. ` : ''}It no longer changes.
      </Alert>
    );
  const inUse = Boolean(record && record.appliedCents + record.refundedCents > 0);
  return (
    <RecordForm<CreditMemo, CreditMemoValues>
      {...(props as unknown as RecordFormProps<CreditMemo, CreditMemoValues>)}
      values={creditMemoValues}
    >
      {(form) => (
        <Fields
          form={form}
          fields={[
            {
              name: 'customer',
              label: 'Customer',
              render: (f, error) =>
                inUse ? (
                  <TextInput
                    label="Customer"
                    description="In use: it stays with its customer"
                    value={record?.customer.name ?? ''}
                    readOnly
                  />
                ) : (
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
                          // A job is the customer's own: another customer's is no longer right.
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
              name: 'amountCents',
              label: 'Amount',
              type: 'money',
              description: inUse ? 'At least what is used of it' : undefined,
            },
            { name: 'reason', label: 'Reason', placeholder: 'Scratched door, returned handles…' },
            {
              name: 'issueDate',
              label: 'Issued on',
              type: 'date',
              description: record ? undefined : 'Today unless set',
            },
            {
              name: 'customerJob',
              label: 'Job',
              render: (f, error) =>
                !f.watch('customer') ? (
                  <TextInput
                    label="Job"
                    description="The customer’s job it is about, if any"
                    placeholder="Choose the customer first"
                    disabled
                  />
                ) : (
                  <Controller
                    control={f.control}
                    name="customerJob"
                    render={({ field }) => (
                      <JobSelect
                        label="Job"
                        description="The customer’s job it is about, if any"
                        customer={f.watch('customer')}
                        value={field.value ?? null}
                        initial={record?.customerJob}
                        onChange={field.onChange}
                        error={error}
                      />
                    )}
                  />
                ),
            },
          ]}
        />
      )}
    </RecordForm>
  );
}
