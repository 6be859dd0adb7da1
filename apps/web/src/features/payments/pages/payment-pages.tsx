import { KINDS, P, PAYMENT_METHOD_LABELS, type Payment, type PaymentInput, type PaymentRow } from '@atelier/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { ApplicationsTable } from '../../../components/money/applications-table';
import { useRefreshMoney } from '../../../components/money/open-invoices';
import { RecordNewPage, recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { WaiversDue } from '../../lien-waivers/components/waivers-due';
import { useSettings } from '../../settings/api';
import { payments, useApplyPayment, useUnapplyPayment } from '../api';
import { PaymentSummary } from '../components/payment-summary';

const PaymentForm = lazyNamed(() => import('../components/payment-form'), 'PaymentForm');
const ApplyMoneyModal = lazyNamed(() => import('../../../components/money/apply-money-modal'), 'ApplyMoneyModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function usePaymentList() {
  const currency = useCurrency();
  return {
    currency,
    // The latest received first.
    defaultSort: '-received',
    extraFilters: [
      {
        key: 'unapplied',
        label: 'Unapplied',
        options: [
          { value: 'true', label: 'Some left as credit' },
          { value: 'false', label: 'All on invoices' },
        ],
      },
    ],
    render: {
      // A refund is money paid back: negative, and said so.
      amountCents: (row: PaymentRow) =>
        row.amountCents < 0 ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{formatMoney(row.amountCents, currency)}</Text>
            <Badge size="xs" color="orange" variant="light">
              Refund
            </Badge>
          </Group>
        ) : (
          formatMoney(row.amountCents, currency)
        ),
    },
  };
}

/** Whether this person may move money on invoices: the payment's code and the invoices'. */
function useMayApply() {
  const { can } = useCan();
  return can(KINDS.payment.codes.modify) && can(P.MODIFY_INVOICES);
}

/** "Apply to invoices", while the payment has money not on an invoice. */
function PaymentActions({ payment }: { payment: Payment }) {
  const mayApply = useMayApply();
  const apply = useApplyPayment(payment._id);
  const [applying, setApplying] = useState(false);
  const currency = useCurrency();
  if (!mayApply || payment.refund || payment.unappliedCents <= 0) return null;
  return (
    <>
      <Button onClick={() => setApplying(true)}>Apply to invoices</Button>
      {applying && (
        <ApplyMoneyModal
          name={payment.name}
          customer={payment.customer._id}
          availableCents={payment.unappliedCents}
          leftLabel="Left as credit"
          currency={currency}
          apply={async (applications) => {
            const after = await apply.mutateAsync({ applications });
            return `${formatMoney(after.appliedCents - payment.appliedCents, currency)} of ${payment.name} applied; ${formatMoney(after.unappliedCents, currency)} left as credit.`;
          }}
          onClose={() => setApplying(false)}
        />
      )}
    </>
  );
}

function Summary({ payment }: { payment: Payment }) {
  return <PaymentSummary payment={payment} currency={useCurrency()} />;
}

/** The invoices the payment is on, each with Unapply. */
function PaymentApplications({ payment }: { payment: Payment }) {
  const mayApply = useMayApply();
  const unapply = useUnapplyPayment(payment._id);
  const currency = useCurrency();
  if (payment.refund) return null;
  return (
    <ApplicationsTable
      applications={payment.applications}
      name={payment.name}
      currency={currency}
      becomes="the customer’s credit again"
      unapply={mayApply ? (invoice) => unapply.mutateAsync(invoice) : undefined}
    />
  );
}

const created = (p: Payment) =>
  p.unappliedCents > 0
    ? `${p.name} recorded: ${formatMoney(p.unappliedCents)} left as ${p.customer.name}’s credit.`
    : `${p.name} recorded.`;

/**
 * A new payment, sent with one Idempotency-Key per opening of the form: a double click or a
 * retried request records it once.
 */
function NewPayment() {
  const [key] = useState(() => crypto.randomUUID());
  const refresh = useRefreshMoney();
  const resource = {
    ...payments,
    create: async (input: PaymentInput) => {
      const made = await payments.create(input, { idempotencyKey: key });
      await refresh();
      return made;
    },
  };
  return (
    <RecordNewPage<Payment, PaymentInput>
      resource={resource}
      form={(props) => <PaymentForm {...props} />}
      created={created}
      description="Money received from a customer, and the invoices it pays; what it does not pay is their credit."
    />
  );
}

/** Payments: money received from customers and put on their invoices, and refunds paid back. */
const pages = recordPages<Payment, PaymentInput, PaymentRow>({
  resource: payments,
  form: (props) => <PaymentForm {...props} />,
  description: 'Money received from customers, the invoices it pays, and refunds paid back.',
  useList: usePaymentList,
  created,
  subtitle: (p) =>
    `${p.customer.name} · ${PAYMENT_METHOD_LABELS[p.method]} · ${formatMoney(p.amountCents)}${p.refund ? ' refund' : ''}`,
  actions: (p) => <PaymentActions payment={p} />,
  details: {
    above: (p) => (
      <>
        {/* Money received on a job with an open lien: the waiver the firm now gives for it. */}
        <WaiversDue payment={p} />
        <Summary payment={p} />
        <PaymentApplications payment={p} />
      </>
    ),
  },
  deleteText:
    'Deleting takes its money off every invoice it pays (they owe it again) and removes it for good; a refund’s amount goes back to its credit memo.',
});

export default { ...pages, New: NewPayment };
