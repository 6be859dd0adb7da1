import { type BillPayment, type BillPaymentInput, moneyAccountLabel, PAYMENT_METHOD_LABELS } from '@atelier/contracts';
import { Select, Stack } from '@mantine/core';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { VendorSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useSettings } from '../../settings/api';
import { useMoneyAccounts, usePayableBills } from '../api';
import { type BillApplications, BillsEditor } from './bills-editor';

type Values = Omit<BillPaymentInput, 'amountCents' | 'applications'> & {
  amountCents: number;
  applications: BillApplications;
};

const valuesOf = (record: BillPayment | undefined): Values => ({
  vendor: record?.vendor._id ?? '',
  method: record?.method as Values['method'],
  amountCents: record?.amountCents ?? (undefined as unknown as number),
  paidOn: record?.paidOn ?? null,
  reference: record?.reference ?? '',
  notes: record?.notes ?? '',
  moneyAccount: record?.moneyAccount?._id ?? null,
  applications: (record?.applications ?? []).map((a) => ({ bill: a.bill._id, amountCents: a.amountCents })),
});

function errorsOf(errors: FieldErrors<Values>['applications'], value: BillApplications) {
  const byBill: Record<string, string> = {};
  value.forEach((a, i) => {
    const message = errors?.[i]?.amountCents?.message ?? errors?.[i]?.bill?.message;
    if (message) byBill[a.bill] = message;
  });
  return { byBill, list: errors?.message ?? errors?.root?.message };
}

/** Where the money goes: the vendor's open bills (and those it pays now, when edited) with what each gets. */
function PaidBills({ form, record }: { form: UseFormReturn<Values>; record?: BillPayment }) {
  const currency = useSettings().data?.firmSettings.currency;
  const vendor = form.watch('vendor') || null;
  const total = form.watch('amountCents');
  const current = record && record.vendor._id === vendor ? record.applications : [];
  const { bills, loading, error } = usePayableBills(vendor, current);
  if (!vendor) return null;
  return (
    <Controller
      control={form.control}
      name="applications"
      render={({ field, fieldState }) => {
        const errors = errorsOf(form.formState.errors.applications, field.value);
        return (
          <BillsEditor
            bills={bills}
            loading={loading}
            failed={error?.message}
            totalCents={typeof total === 'number' && Number.isFinite(total) ? total : undefined}
            value={field.value}
            onChange={field.onChange}
            leftLabel="Left as an advance"
            errors={errors.byBill}
            error={errors.list ?? fieldState.error?.message}
            currency={currency}
          />
        );
      }}
    />
  );
}

/**
 * A payment to a vendor: how, from which of the firm's accounts, how much and when, and which of
 * their bills it pays (what it does not pay is an advance, their credit to the firm).
 */
export function BillPaymentForm(props: RecordFormProps<BillPayment, BillPaymentInput>) {
  const { record } = props;
  const accounts = useMoneyAccounts();
  const fields: FieldSpec<Values>[] = [
    {
      name: 'vendor',
      label: 'Vendor',
      render: (form, error) => (
        <Controller
          control={form.control}
          name="vendor"
          render={({ field }) => (
            <VendorSelect
              label="Vendor"
              required
              value={field.value || null}
              initial={record?.vendor}
              onChange={(v) => {
                // Another vendor's bills are not this payment's to pay.
                if (v !== field.value) form.setValue('applications', [], { shouldDirty: true });
                field.onChange(v ?? '');
              }}
              error={error}
            />
          )}
        />
      ),
    },
    {
      name: 'method',
      label: 'Paid by',
      type: 'select',
      placeholder: 'How it was paid',
      choices: PAYMENT_METHOD_LABELS,
    },
    { name: 'amountCents', label: 'Amount', type: 'money' },
    { name: 'paidOn', label: 'Paid on', type: 'date', description: record ? undefined : 'Today unless set' },
    {
      name: 'moneyAccount',
      label: 'Paid from',
      render: (form, error) => (
        <Controller
          control={form.control}
          name="moneyAccount"
          render={({ field }) => (
            <Select
              label="Paid from"
              placeholder={accounts.data?.length === 0 ? 'No account set up yet' : 'Choose an account'}
              description="Settings › Firm › Banking keeps the accounts"
              data={[
                ...(accounts.data ?? []).map((a) => ({ value: a._id, label: moneyAccountLabel(a) })),
                // An account removed since stays shown as it was.
                ...(record?.moneyAccount && !(accounts.data ?? []).some((a) => a._id === record.moneyAccount!._id)
                  ? [{ value: record.moneyAccount._id, label: record.moneyAccount.name }]
                  : []),
              ]}
              value={field.value ?? null}
              onChange={field.onChange}
              clearable
              error={error}
            />
          )}
        />
      ),
    },
    { name: 'reference', label: 'Reference', placeholder: 'Check number, transfer reference…' },
  ];
  return (
    <RecordForm<BillPayment, Values>
      {...(props as unknown as RecordFormProps<BillPayment, Values>)}
      values={valuesOf}
      clean={(v) => ({ ...v, applications: v.applications.filter((a) => a.amountCents > 0) })}
    >
      {(form) => (
        <Stack>
          <Fields form={form} fields={fields} />
          <PaidBills form={form} record={record} />
        </Stack>
      )}
    </RecordForm>
  );
}
