import {
  INVOICE_BILLING_LABELS,
  INVOICE_STATUS_LABELS,
  KINDS,
  type Order,
  type OrderBilling,
  recordHref,
} from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useOrderBilling } from '../api';
import { INVOICE_STATUS_COLORS, percentText } from './invoice-summary';

const DepositModal = lazyNamed(() => import('./billing-modals'), 'DepositModal');
const LinesModal = lazyNamed(() => import('./billing-modals'), 'LinesModal');
const RetentionModal = lazyNamed(() => import('./billing-modals'), 'RetentionModal');
const ProgressModal = lazyNamed(() => import('./progress-modal'), 'ProgressModal');

/** The order's states in which it is billed: confirmed on. */
const BILLABLE: readonly Order['status'][] = ['confirmed', 'fulfilled', 'closed'];

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/** What may be billed next, as the server allows it (decision 0043). */
export function billingSteps(billing: OrderBilling) {
  const live = billing.invoices.filter((i) => i.status !== 'void');
  return {
    // A deposit is asked before any of the work is billed.
    deposit: live.every((i) => i.billing === 'deposit'),
    progress: billing.mode !== 'lines' && (billing.percentBilled ?? 0) < 100,
    lines: billing.mode !== 'progress' && billing.unbilledLines.length > 0,
    retention: billing.retainedCents > 0,
  };
}

function BillingFigures({ billing, money }: { billing: OrderBilling; money: (cents: number) => string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
      <Figure label="Contract value" value={money(billing.contractCents)} hint="Before tax" />
      <Figure
        label="Billed"
        value={money(billing.billedCents)}
        hint={billing.percentBilled !== null ? `${percentText(billing.percentBilled)} complete` : undefined}
      />
      <Figure label="Remaining to bill" value={money(billing.remainingCents)} />
      <Figure
        label="Retention held"
        value={money(billing.retainedCents)}
        hint={billing.retentionReleasedCents > 0 ? `${money(billing.retentionReleasedCents)} released` : undefined}
      />
      <Figure
        label="Deposit invoiced"
        value={money(billing.depositInvoicedCents)}
        hint={billing.depositCents > 0 ? `of ${money(billing.depositCents)} asked` : undefined}
      />
      <Figure label="Deposit recovered" value={money(billing.depositRecoveredCents)} />
    </SimpleGrid>
  );
}

function BillingInvoices({ billing, money }: { billing: OrderBilling; money: (cents: number) => string }) {
  if (billing.invoices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No invoice of this order yet.
      </Text>
    );
  return (
    <ScrollTable
      minWidth={300}
      head={['Invoice', 'Status', 'Balance']}
      rows={billing.invoices.map((i) => ({
        key: i._id,
        cells: [
          <Stack key="n" gap={0}>
            <Anchor component={Link} to={recordHref(KINDS.invoice, i._id)} size="sm">
              {i.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {INVOICE_BILLING_LABELS[i.billing]}
              {i.percent !== null ? ` to ${percentText(i.percent)}` : ''}
            </Text>
          </Stack>,
          <Badge key="s" color={INVOICE_STATUS_COLORS[i.status]} variant="light">
            {INVOICE_STATUS_LABELS[i.status]}
          </Badge>,
          <Stack key="b" gap={0}>
            <Text size="sm">{money(i.balanceCents)}</Text>
            <Text size="xs" c="dimmed">
              of {money(i.totalCents)}
            </Text>
          </Stack>,
        ],
      }))}
    />
  );
}

type Step = 'deposit' | 'progress' | 'lines' | 'retention';

/**
 * An order's billing: what it comes to, what has been invoiced of it (work, deposit, retention)
 * and its invoices; and, for people who keep invoices, the next invoice: a deposit, progress to
 * date, some of its lines, or the retention released. Each opens the invoice it made.
 */
export function OrderBillingCard({ order, currency }: { order: Order; currency?: string }) {
  const { can } = useCan();
  const allowed = can(KINDS.invoice.codes.modify) && can(KINDS.order.codes.modify) && order.status !== 'draft';
  const billing = useOrderBilling(order._id, allowed);
  const [open, setOpen] = useState<Step | null>(null);
  if (!allowed) return null;
  const money = (cents: number) => formatMoney(cents, currency);
  const close = () => setOpen(null);
  const data = billing.data;
  const steps = data && BILLABLE.includes(order.status) ? billingSteps(data) : null;
  const modal = { order, billing: data!, onClose: close, currency };
  return (
    <Card withBorder padding="lg" component="section" aria-label="Billing">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            Billing
          </Title>
          {steps && (
            <Group gap="xs">
              {steps.deposit && (
                <Button size="compact-sm" variant="default" onClick={() => setOpen('deposit')}>
                  Invoice deposit
                </Button>
              )}
              {steps.progress && (
                <Button size="compact-sm" variant="default" onClick={() => setOpen('progress')}>
                  Bill progress
                </Button>
              )}
              {steps.lines && (
                <Button size="compact-sm" variant="default" onClick={() => setOpen('lines')}>
                  Invoice lines
                </Button>
              )}
              {steps.retention && (
                <Button size="compact-sm" variant="default" onClick={() => setOpen('retention')}>
                  Release retention
                </Button>
              )}
            </Group>
          )}
        </Group>
        {billing.isPending ? (
          <Text size="sm" c="dimmed">
            Loading what was billed…
          </Text>
        ) : billing.isError ? (
          <Text size="sm" c="red">
            The order’s billing could not be loaded: {billing.error.message}
          </Text>
        ) : (
          <>
            <BillingFigures billing={billing.data} money={money} />
            <BillingInvoices billing={billing.data} money={money} />
          </>
        )}
      </Stack>
      {data && (
        <Suspense fallback={null}>
          {open === 'deposit' && <DepositModal {...modal} />}
          {open === 'progress' && <ProgressModal {...modal} />}
          {open === 'lines' && <LinesModal {...modal} />}
          {open === 'retention' && <RetentionModal {...modal} />}
        </Suspense>
      )}
    </Card>
  );
}
