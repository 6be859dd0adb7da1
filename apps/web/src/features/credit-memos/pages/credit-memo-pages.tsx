import {
  CREDIT_MEMO_STATUS_LABELS,
  type CreditMemo,
  type CreditMemoInput,
  type CreditMemoRow,
  KINDS,
  P,
} from '@atelier/contracts';
import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { lazyNamed } from '../../../components/lazy';
import { ApplicationsTable } from '../../../components/money/applications-table';
import { recordPages } from '../../../components/record/record-pages';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { creditMemos, useApplyCreditMemo, useUnapplyCreditMemo } from '../api';
import { CREDIT_MEMO_STATUS_COLORS, CreditMemoSummary, RefundsCard } from '../components/credit-memo-summary';

const CreditMemoForm = lazyNamed(() => import('../components/credit-memo-form'), 'CreditMemoForm');
const ApplyMoneyModal = lazyNamed(() => import('../../../components/money/apply-money-modal'), 'ApplyMoneyModal');
const RefundModal = lazyNamed(() => import('../components/refund-modal'), 'RefundModal');
const VoidModal = lazyNamed(() => import('../components/void-modal'), 'VoidModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function useCreditMemoList() {
  return {
    currency: useCurrency(),
    // The newest first, by number.
    defaultSort: '-number',
    render: {
      status: (row: CreditMemoRow) => (
        <Badge color={CREDIT_MEMO_STATUS_COLORS[row.status]} variant="light">
          {CREDIT_MEMO_STATUS_LABELS[row.status]}
        </Badge>
      ),
    },
  };
}

/** Whether this person may move the credit on invoices: the credit memo's code and the invoices'. */
function useMayApply() {
  const { can } = useCan();
  return can(KINDS.credit_memo.codes.modify) && can(P.MODIFY_INVOICES);
}

/** Apply to invoices and Refund while credit is left; Void until it is void. */
function CreditMemoActions({ memo }: { memo: CreditMemo }) {
  const { can } = useCan();
  const mayApply = useMayApply();
  const apply = useApplyCreditMemo(memo._id);
  const currency = useCurrency();
  const [open, setOpen] = useState<'apply' | 'refund' | 'void' | null>(null);
  const close = () => setOpen(null);
  if (!can(KINDS.credit_memo.codes.modify) || memo.status === 'void') return null;
  const left = memo.remainingCents > 0;
  return (
    <>
      {left && mayApply && <Button onClick={() => setOpen('apply')}>Apply to invoices</Button>}
      {/* A refund is a payment (64) paying money back (refunds: 54). */}
      {left && can(KINDS.payment.codes.modify) && can(P.MODIFY_REFUNDS) && (
        <Button variant="default" onClick={() => setOpen('refund')}>
          Refund
        </Button>
      )}
      <Button variant="default" color="red" onClick={() => setOpen('void')}>
        Void
      </Button>
      {open === 'apply' && (
        <ApplyMoneyModal
          name={memo.name}
          customer={memo.customer._id}
          availableCents={memo.remainingCents}
          leftLabel="Left to use"
          currency={currency}
          apply={async (applications) => {
            const after = await apply.mutateAsync({ applications });
            return `${formatMoney(after.appliedCents - memo.appliedCents, currency)} of ${memo.name} applied; ${formatMoney(after.remainingCents, currency)} left to use.`;
          }}
          onClose={close}
        />
      )}
      {open === 'refund' && <RefundModal memo={memo} currency={currency} onClose={close} />}
      {open === 'void' && <VoidModal memo={memo} currency={currency} onClose={close} />}
    </>
  );
}

function Summary({ memo }: { memo: CreditMemo }) {
  return <CreditMemoSummary memo={memo} currency={useCurrency()} />;
}

/** The invoices the credit is on, each with Unapply; then the refunds paid from it. */
function CreditMemoUse({ memo }: { memo: CreditMemo }) {
  const mayApply = useMayApply();
  const unapply = useUnapplyCreditMemo(memo._id);
  const currency = useCurrency();
  return (
    <>
      <ApplicationsTable
        applications={memo.applications}
        name={memo.name}
        currency={currency}
        becomes={`${memo.name}’s to use again`}
        dated
        unapply={mayApply ? (invoice) => unapply.mutateAsync(invoice) : undefined}
      />
      <RefundsCard memo={memo} currency={currency} />
    </>
  );
}

/** Credit memos: credit given to customers, used on their invoices or paid back. */
const pages = recordPages<CreditMemo, CreditMemoInput, CreditMemoRow>({
  resource: creditMemos,
  form: (props) => <CreditMemoForm {...props} />,
  description: 'Credit given to customers: used on their invoices, or paid back as a refund.',
  useList: useCreditMemoList,
  created: (m) => `${m.name} created: ${formatMoney(m.remainingCents)} of credit for ${m.customer.name}.`,
  newDescription: 'Credit given to a customer (a goodwill gesture, a price corrected), to use on their invoices.',
  subtitle: (m) =>
    `${m.customer.name} · ${CREDIT_MEMO_STATUS_LABELS[m.status]} · ${formatMoney(m.remainingCents)} left of ${formatMoney(m.amountCents)}`,
  actions: (m) => <CreditMemoActions memo={m} />,
  details: {
    above: (m) => (
      <>
        <Summary memo={m} />
        <CreditMemoUse memo={m} />
      </>
    ),
  },
  deleteText: 'Deleting removes the credit memo for good. One that was used is voided instead, once unapplied.',
  deletable: (m) => m.appliedCents + m.refundedCents === 0,
});

export default pages;
