import { type Expense, type ExpenseInput, type expenseInputSchema, KINDS, moneyAccountLabel } from '@atelier/contracts';
import { Alert, Checkbox, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { FieldSpec } from '../../../components/form/fields';
import { JobSelect, VendorSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { useSettings } from '../../settings/api';
import { moneyAccounts } from '../../settings/money-accounts';
import { expenseValues } from './expense-values';

type Values = z.output<typeof expenseInputSchema>;

/** The category, among the expense settings' (and the one it has, if the list dropped it). */
function CategoryField({ form, error, current }: { form: UseFormReturn<Values>; error?: string; current?: string }) {
  const categories = useSettings().data?.expenseSettings.categories ?? [];
  const data = current && !categories.includes(current) ? [...categories, current] : categories;
  return (
    <Controller
      control={form.control}
      name="category"
      render={({ field }) => (
        <Select
          label="Category"
          withAsterisk
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          allowDeselect={false}
          searchable
          error={error}
        />
      )}
    />
  );
}

function PaidFromField({ form, error }: { form: UseFormReturn<Values>; error?: string }) {
  const accounts = moneyAccounts.useList();
  return (
    <Controller
      control={form.control}
      name="paidFrom"
      render={({ field }) => (
        <Select
          label="Paid from"
          withAsterisk
          placeholder={accounts.data?.length === 0 ? 'Add the firm’s accounts in Settings › Firm › Banking' : undefined}
          data={(accounts.data ?? []).map((a) => ({ value: a._id, label: moneyAccountLabel(a) }))}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          allowDeselect={false}
          error={error}
        />
      )}
    />
  );
}

/** The job or vendor a new expense starts with (from its tab's link), by name for its picker. */
function usePrefilled(path: string, id: string | null) {
  return useQuery({
    queryKey: ['expense-prefill', path, id],
    queryFn: () => api<{ _id: string; name: string }>('GET', `${path}/${id}`),
    enabled: Boolean(id),
    select: (r) => ({ _id: r._id, name: r.name }),
  }).data;
}

type Initial = { vendor?: { _id: string; name: string } | null; job?: { _id: string; name: string } | null };

function fields(record: Expense | undefined, billed: boolean, initial: Initial): FieldSpec<Values>[] {
  return [
    {
      name: 'vendor',
      label: 'Vendor',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="vendor"
          render={({ field }) => (
            <VendorSelect
              label="Vendor"
              description="One of your vendors, or leave empty and name who was paid"
              value={field.value ?? null}
              initial={record ? record.vendor : initial.vendor}
              onChange={field.onChange}
              error={error}
            />
          )}
        />
      ),
    },
    {
      name: 'payee',
      label: 'Paid to',
      render: (f, error) =>
        f.watch('vendor') ? null : (
          <TextInput
            label="Paid to"
            description="Who was paid, when it is no vendor of yours"
            placeholder="Harbor Fuel"
            {...f.register('payee')}
            error={error}
          />
        ),
    },
    {
      name: 'category',
      label: 'Category',
      render: (f, error) => <CategoryField form={f} error={error} current={record?.category} />,
    },
    { name: 'date', label: 'Date', type: 'date', description: record ? undefined : 'Today unless set' },
    {
      name: 'amountCents',
      label: 'Amount',
      type: 'money',
      description: billed ? 'Billed: it stays as billed' : 'Before tax',
    },
    { name: 'taxCents', label: 'Tax', type: 'money', description: 'The tax paid on it, if any' },
    { name: 'paidFrom', label: 'Paid from', render: (f, error) => <PaidFromField form={f} error={error} /> },
    { name: 'reference', label: 'Reference', placeholder: 'Receipt or check number' },
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
              description="The job it was for: it counts in the job's cost"
              value={field.value ?? null}
              initial={record ? record.customerJob : initial.job}
              onChange={(v) => {
                if (!v) f.setValue('billable', false, { shouldDirty: true });
                field.onChange(v);
              }}
              error={error}
            />
          )}
        />
      ),
    },
    {
      name: 'billable',
      label: 'Billable',
      render: (f, error) => (
        <Controller
          control={f.control}
          name="billable"
          render={({ field }) => (
            <Checkbox
              mt={{ sm: 'xl' }}
              label="Bill it to the customer"
              description="It is offered on the customer's next invoice"
              checked={field.value}
              disabled={!f.watch('customerJob') || billed}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={error}
            />
          )}
        />
      ),
    },
  ];
}

/**
 * Money spent: to whom, in what category, how much and the tax on it, when, from which of the
 * firm's accounts, and (for job costing) the job and whether the customer is billed for it.
 */
export function ExpenseForm(props: RecordFormProps<Expense, ExpenseInput>) {
  const { record } = props;
  const [search] = useSearchParams();
  const billed = record?.billing === 'billed';
  const job = record ? null : search.get('job');
  const vendor = record ? null : search.get('vendor');
  const initial = {
    job: usePrefilled(KINDS.customer_job.apiPath, job),
    vendor: usePrefilled(KINDS.vendor.apiPath, vendor),
  };
  return (
    <RecordForm<Expense, Values>
      {...(props as unknown as RecordFormProps<Expense, Values>)}
      values={(r) => expenseValues(r, { job, vendor })}
      fields={fields(record, billed, initial)}
    >
      {() =>
        billed && record?.invoice ? (
          <Alert color="blue" variant="light">
            Billed on {record.invoice.name}: its amount, tax, job and billing stay as billed. Void the invoice (or take
            it off the draft) to change them.
          </Alert>
        ) : null
      }
    </RecordForm>
  );
}
