import {
  type BillPayment,
  type BillPaymentInput,
  type BillPaymentRow,
  KINDS,
  PAYMENT_METHOD_LABELS,
  recordHref,
} from '@atelier/contracts';
import { Anchor, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { Fact } from '../../../components/money/fact';
import { RecordNewPage, recordPages } from '../../../components/record/record-pages';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { billPayments, useApplyToBills, useRefreshPayables } from '../api';
import { BillApplicationsTable } from '../components/bill-applications-table';

const BillPaymentForm = lazyNamed(() => import('../components/bill-payment-form'), 'BillPaymentForm');
const ApplyToBillsModal = lazyNamed(() => import('../components/apply-to-bills-modal'), 'ApplyToBillsModal');

const useCurrency = () => useSettings().data?.firmSettings.currency;

function usePaymentList() {
  return {
    currency: useCurrency(),
    defaultSort: '-paid',
    extraFilters: [
      {
        key: 'unapplied',
        label: 'Unapplied',
        options: [
          { value: 'true', label: 'Some left as an advance' },
          { value: 'false', label: 'All on bills' },
        ],
      },
    ],
  };
}

/** "Apply to bills", while some of the payment is an advance not on a bill. */
function PaymentActions({ payment }: { payment: BillPayment }) {
  const { can } = useCan();
  const apply = useApplyToBills('bill_payment', payment._id);
  const currency = useCurrency();
  const [open, setOpen] = useState(false);
  if (!can(KINDS.bill_payment.codes.modify) || payment.unappliedCents <= 0) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Apply to bills</Button>
      {open && (
        <ApplyToBillsModal
          name={payment.name}
          vendor={payment.vendor._id}
          availableCents={payment.unappliedCents}
          leftLabel="Left as an advance"
          currency={currency}
          apply={async (applications) => {
            const after = (await apply.mutateAsync({ applications })) as BillPayment;
            return `${formatMoney(after.appliedCents - payment.appliedCents, currency)} of ${payment.name} applied; ${formatMoney(after.unappliedCents, currency)} left as an advance.`;
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function Summary({ payment }: { payment: BillPayment }) {
  const currency = useCurrency();
  const { can } = useCan();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
            <Fact label="Vendor">
              <Anchor component={Link} to={recordHref(KINDS.vendor, payment.vendor._id)} inherit>
                {payment.vendor.name}
              </Anchor>
            </Fact>
            <Fact label="Amount">
              <Text fw={700} span>
                {money(payment.amountCents)}
              </Text>
            </Fact>
            <Fact label="On bills">{money(payment.appliedCents)}</Fact>
            <Fact label="Advance">{money(payment.unappliedCents)}</Fact>
            <Fact label="Paid on">{formatDate(payment.paidOn)}</Fact>
            <Fact label="Paid by">{PAYMENT_METHOD_LABELS[payment.method]}</Fact>
            <Fact label="Paid from">{payment.moneyAccount?.name ?? '—'}</Fact>
            <Fact label="Reference">{payment.reference || '—'}</Fact>
          </SimpleGrid>
        </Stack>
      </Card>
      <BillApplicationsTable
        applications={payment.applications}
        side="source"
        name={payment.name}
        currency={currency}
        mayUnapply={can(KINDS.bill_payment.codes.modify)}
      />
    </>
  );
}

const created = (p: BillPayment) =>
  p.unappliedCents > 0
    ? `${p.name} recorded: ${formatMoney(p.unappliedCents)} left as an advance to ${p.vendor.name}.`
    : `${p.name} recorded.`;

/**
 * A new payment, sent with one Idempotency-Key per opening of the form: a double click or a
 * retried request records it once.
 */
function NewBillPayment() {
  const [key] = useState(() => crypto.randomUUID());
  const refresh = useRefreshPayables();
  const resource = {
    ...billPayments,
    create: async (input: BillPaymentInput) => {
      const made = await billPayments.create(input, { idempotencyKey: key });
      await refresh();
      return made;
    },
  };
  return (
    <RecordNewPage<BillPayment, BillPaymentInput>
      resource={resource}
      form={(props) => <BillPaymentForm {...props} />}
      created={created}
      description="Money paid to a vendor, and the bills it pays; what it does not pay is an advance."
    />
  );
}

/** Bill payments: money the firm paid its vendors, and the bills it pays. */
const pages = recordPages<BillPayment, BillPaymentInput, BillPaymentRow>({
  resource: billPayments,
  form: (props) => <BillPaymentForm {...props} />,
  description: 'Money paid to your vendors, from which account, and the bills it pays.',
  useList: usePaymentList,
  created,
  subtitle: (p) => `${p.vendor.name} · ${PAYMENT_METHOD_LABELS[p.method]} · ${formatMoney(p.amountCents)}`,
  actions: (p) => <PaymentActions payment={p} />,
  details: { above: (p) => <Summary payment={p} /> },
  deleteText: 'Deleting takes its money off every bill it pays (they owe it again) and removes it for good.',
});

export default { ...pages, New: NewBillPayment };
