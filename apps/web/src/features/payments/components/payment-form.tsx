import {
  KINDS,
  P,
  PAYMENT_METHOD_LABELS,
  type Payment,
  type PaymentInput,
  type PaymentValues,
  recordHref,
} from '@atelier/contracts';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { type FieldSpec, Fields } from '../../../components/form/fields';
import { CustomerSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import { ApplicationsEditor } from '../../../components/money/applications-editor';
import type { Applications } from '../../../components/money/applied-money';
import { useApplicableInvoices } from '../../../components/money/open-invoices';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';

/** A payment's values as the form edits them: the customer by id, a refund's amount as paid back (positive). */
export const paymentValues = (record: Payment | undefined): PaymentValues => ({
  customer: record?.customer._id ?? '',
  // Chosen each time: no way of paying is assumed.
  method: record?.method as PaymentValues['method'],
  amountCents: record ? Math.abs(record.amountCents) : (undefined as unknown as number),
  receivedOn: record?.receivedOn ?? null,
  reference: record?.reference ?? '',
  notes: record?.notes ?? '',
  refund: record?.refund?._id ?? null,
  applications: (record?.applications ?? []).map((a) => ({ invoice: a.invoice._id, amountCents: a.amountCents })),
});

/** The form's messages about the applications: by invoice (the form's list is in the order sent), and the list's own. */
function errorsOf(errors: FieldErrors<PaymentValues>['applications'], value: Applications) {
  const byInvoice: Record<string, string> = {};
  value.forEach((a, i) => {
    const message = errors?.[i]?.amountCents?.message ?? errors?.[i]?.invoice?.message;
    if (message) byInvoice[a.invoice] = message;
  });
  return { byInvoice, list: errors?.message ?? errors?.root?.message };
}

/** Where the money goes: the customer's open invoices (and those it pays now, when edited) with what each gets. */
function PaymentApplications({ form, record }: { form: UseFormReturn<PaymentValues>; record?: Payment }) {
  const { can } = useCan();
  const currency = useSettings().data?.firmSettings.currency;
  const customer = form.watch('customer') || null;
  const total = form.watch('amountCents');
  // An edit rewrites where the money goes: what it gives its invoices now may be given again.
  const current = record && record.customer._id === customer ? record.applications : [];
  const { invoices, loading, error } = useApplicableInvoices(can(P.MODIFY_INVOICES) ? customer : null, current);
  if (!customer) return null;
  if (!can(P.MODIFY_INVOICES))
    return (
      <Text size="sm" c="dimmed">
        Putting it on invoices is for those who keep invoices: it is kept as the customer’s credit.
      </Text>
    );
  return (
    <Controller
      control={form.control}
      name="applications"
      render={({ field, fieldState }) => {
        const errors = errorsOf(form.formState.errors.applications, field.value);
        return (
          <ApplicationsEditor
            invoices={invoices}
            loading={loading}
            failed={error?.message}
            totalCents={typeof total === 'number' && Number.isFinite(total) ? total : undefined}
            value={field.value}
            onChange={field.onChange}
            leftLabel="Left as credit"
            source="the payment"
            hint={
              current.length
                ? 'What each owes counts what this payment gives it now: saving rewrites where its money goes.'
                : undefined
            }
            errors={errors.byInvoice}
            error={errors.list ?? fieldState.error?.message}
            currency={currency}
          />
        );
      }}
    />
  );
}

/**
 * A payment: who paid, how, how much and when, and which of their invoices it pays (what it does
 * not pay is their credit). A refund pays money back against a credit memo and goes on no invoice.
 */
export function PaymentForm(props: RecordFormProps<Payment, PaymentInput>) {
  const { record } = props;
  const refund = record?.refund ?? null;
  const fields: FieldSpec<PaymentValues>[] = [
    ...(refund
      ? []
      : [
          {
            name: 'customer',
            label: 'Customer',
            render: (form, error) => (
              <Controller
                control={form.control}
                name="customer"
                render={({ field }) => (
                  <CustomerSelect
                    label="Customer"
                    required
                    value={field.value || null}
                    initial={record?.customer}
                    onChange={(v) => {
                      // Another customer's invoices are not theirs to pay.
                      if (v !== field.value) form.setValue('applications', [], { shouldDirty: true });
                      field.onChange(v ?? '');
                    }}
                    error={error}
                  />
                )}
              />
            ),
          } satisfies FieldSpec<PaymentValues>,
        ]),
    {
      name: 'method',
      label: refund ? 'Paid back by' : 'Paid by',
      type: 'select',
      placeholder: 'How it was paid',
      choices: PAYMENT_METHOD_LABELS,
    },
    { name: 'amountCents', label: refund ? 'Amount paid back' : 'Amount', type: 'money' },
    {
      name: 'receivedOn',
      label: refund ? 'Paid on' : 'Received on',
      type: 'date',
      description: record ? undefined : 'Today unless set',
    },
    { name: 'reference', label: 'Reference', placeholder: 'Check number, card slip, transfer…' },
  ];
  return (
    <RecordForm<Payment, PaymentValues>
      {...(props as unknown as RecordFormProps<Payment, PaymentValues>)}
      values={paymentValues}
      clean={(v) => ({ ...v, applications: v.applications.filter((a) => a.amountCents > 0) })}
    >
      {(form) => (
        <Stack>
          <Fields form={form} fields={fields} />
          {refund ? (
            <Alert color="blue" title="A refund">
              Money paid back to {record?.customer.name} against{' '}
              <Anchor component={Link} to={recordHref(KINDS.credit_memo, refund._id)} inherit>
                {refund.name}
              </Anchor>
              : it goes on no invoice, and at most what the credit memo has left.
            </Alert>
          ) : (
            <PaymentApplications form={form} record={record} />
          )}
        </Stack>
      )}
    </RecordForm>
  );
}
