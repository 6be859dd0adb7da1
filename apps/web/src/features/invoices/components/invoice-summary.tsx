import { INVOICE_BILLING_LABELS, INVOICE_STATUS_LABELS, type Invoice, KINDS, recordHref } from '@atelier/contracts';
import { Alert, Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentLines } from '../../../components/documents/document-lines';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';

export const INVOICE_STATUS_COLORS: Record<Invoice['status'], string> = {
  draft: 'gray',
  sent: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  void: 'red',
};

export const percentText = (percent: number) => `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/** The invoice's state, and "Overdue" beside it when it is owed past its due date. */
export function InvoiceBadges({ status, overdue }: { status: Invoice['status']; overdue: boolean }) {
  return (
    <>
      <Badge color={INVOICE_STATUS_COLORS[status]} variant="light">
        {INVOICE_STATUS_LABELS[status]}
      </Badge>
      {overdue && (
        <Badge color="red" variant="filled" ml={4}>
          Overdue
        </Badge>
      )}
    </>
  );
}

/** One figure of the totals: its words and its amount, less (−) where it is taken off. */
function Row({
  label,
  cents,
  less,
  strong,
  currency,
}: {
  label: ReactNode;
  cents: number;
  less?: boolean;
  strong?: boolean;
  currency?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {less && cents > 0 ? '−' : ''}
        {formatMoney(cents, currency)}
      </Text>
    </Group>
  );
}

/**
 * What the invoice comes to, as the server worked it out: the lines' money, what progress billing
 * holds back and recovers, what was invoiced, and what of it is paid, credited and still due.
 */
export function InvoiceTotals({ invoice, currency }: { invoice: Invoice; currency?: string }) {
  const i = invoice;
  return (
    <Stack gap={2} w="100%" maw={380} ml="auto">
      <Row label="Subtotal" cents={i.subtotalCents} currency={currency} />
      {i.discountCents > 0 && <Row label="Discounts" cents={i.discountCents} less currency={currency} />}
      <Row label="Tax" cents={i.taxCents} currency={currency} />
      {i.shippingCents > 0 && <Row label="Shipping" cents={i.shippingCents} currency={currency} />}
      {i.retentionCents > 0 && (
        <Row
          label={`Retention held (${percentText(i.retentionPercent)})`}
          cents={i.retentionCents}
          less
          currency={currency}
        />
      )}
      {i.depositRecoveredCents > 0 && (
        <Row label="Deposit recovered" cents={i.depositRecoveredCents} less currency={currency} />
      )}
      <Row label="Amount invoiced" cents={i.totalCents} strong currency={currency} />
      <Row label="Paid" cents={i.paidCents} less currency={currency} />
      <Row label="Credited" cents={i.creditedCents} less currency={currency} />
      <Row label="Balance due" cents={i.balanceCents} strong currency={currency} />
    </Stack>
  );
}

/**
 * An invoice as its customer is billed: its state, who and what it bills (an order, a job), its
 * dates, its lines and what it comes to, and why it was voided.
 */
export function InvoiceSummary({ invoice, currency }: { invoice: Invoice; currency?: string }) {
  const i = invoice;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <InvoiceBadges status={i.status} overdue={i.overdue} />
          <Badge color="gray" variant="outline">
            {INVOICE_BILLING_LABELS[i.billing]}
          </Badge>
          {i.taxExempt && (
            <Badge variant="light" color="teal">
              Tax exempt
            </Badge>
          )}
        </Group>
        <Text size="sm">
          <Anchor component={Link} to={recordHref(KINDS.customer, i.customer._id)}>
            {i.customer.name}
          </Anchor>
          {i.company && (
            <>
              {' · '}
              <Anchor component={Link} to={recordHref(KINDS.company, i.company._id)}>
                {i.company.name}
              </Anchor>
            </>
          )}
          {i.order && (
            <>
              {' · Order '}
              <Anchor component={Link} to={recordHref(KINDS.order, i.order._id)}>
                {i.order.name}
              </Anchor>
            </>
          )}
          {i.customerJob && (
            <>
              {' · Job '}
              <Anchor component={Link} to={recordHref(KINDS.customer_job, i.customerJob._id)}>
                {i.customerJob.name}
              </Anchor>
            </>
          )}
        </Text>
        <Text size="sm" c={i.overdue ? 'red' : undefined}>
          Issued {formatDate(i.issueDate)} · due {formatDate(i.dueDate)} ({i.paymentTermsDays} days)
          {i.sentAt ? ` · sent ${formatDateTime(i.sentAt)}` : ' · not sent yet'}
        </Text>
        {i.percent !== null && (
          <Text size="sm">
            Bills the work to {percentText(i.percent)} complete: {formatMoney(i.workCents, currency)} of work this
            invoice,{' '}
            {i.retentionPercent > 0
              ? `${percentText(i.retentionPercent)} held back as retention.`
              : 'no retention held back.'}
          </Text>
        )}
        {i.status === 'void' && (
          <Alert color="red" title={`Void${i.voidedAt ? ` since ${formatDateTime(i.voidedAt)}` : ''}`}>
            {i.voidReason || 'No reason given.'}
          </Alert>
        )}
        <DocumentLines lines={i.lines} currency={currency} />
        <InvoiceTotals invoice={i} currency={currency} />
        {i.notes && (
          <Text size="sm" c="dimmed">
            Notes: {i.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
