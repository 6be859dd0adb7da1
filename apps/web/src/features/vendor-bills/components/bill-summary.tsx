import {
  KINDS,
  recordHref,
  VENDOR_BILL_STATUS_LABELS,
  type VendorBill,
  type VendorBillStatus,
} from '@atelier/contracts';
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';

export const BILL_STATUS_COLORS: Record<VendorBillStatus, string> = {
  draft: 'gray',
  open: 'blue',
  partially_paid: 'yellow',
  paid: 'green',
  void: 'red',
};

/** The bill's state, with "Overdue" and "Needs approval" beside it when they hold. */
export function BillBadges({
  status,
  overdue,
  needsApproval,
}: {
  status: VendorBillStatus;
  overdue: boolean;
  needsApproval: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={BILL_STATUS_COLORS[status]} variant="light">
        {VENDOR_BILL_STATUS_LABELS[status]}
      </Badge>
      {needsApproval && (
        <Badge color="orange" variant="filled">
          Needs approval
        </Badge>
      )}
      {overdue && (
        <Badge color="red" variant="filled">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

function Total({
  label,
  cents,
  strong,
  less,
  currency,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  less?: boolean;
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

/** Why a flagged line differs: more billed than arrived and was not billed before, or another cost. */
function Flags({ line }: { line: VendorBill['lines'][number] }) {
  const flags: ReactNode[] = [];
  if (line.overBilled)
    flags.push(
      <Badge key="q" color="orange" variant="light" size="sm">
        {`More than received: ${formatQuantity(Math.max((line.received ?? 0) - (line.billedElsewhere ?? 0), 0))} left to bill`}
      </Badge>,
    );
  if (line.costDiffers)
    flags.push(
      <Badge key="c" color="yellow" variant="light" size="sm">
        {`Ordered at ${formatMoney(line.orderedUnitCost ?? 0)}`}
      </Badge>,
    );
  return flags.length ? <Group gap={4}>{flags}</Group> : null;
}

/**
 * What the bill is: its vendor, dates and the orders it bills; its lines, each matched to what
 * arrived (with what differs flagged); and its totals, paid, credited and still owed.
 */
export function BillSummary({ bill, currency }: { bill: VendorBill; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {bill.needsApproval && (
          <Alert color="orange" title="Needs approval before it is owed">
            Some lines bill more than was received, or cost other than ordered (flagged below). Someone who keeps the
            purchase-order settings approves it; until then it cannot be paid.
          </Alert>
        )}
        {bill.status === 'void' && (
          <Alert color="red" title="Void">
            {bill.voidReason || 'This bill is void: nothing is owed on it.'}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Vendor">
            <Anchor component={Link} to={recordHref(KINDS.vendor, bill.vendor._id)} inherit>
              {bill.vendor.name}
            </Anchor>
          </Fact>
          <Fact label="Bill date">{formatDate(bill.billDate)}</Fact>
          <Fact label="Due">
            {formatDate(bill.dueDate)}
            {bill.paymentTermsDays ? ` (net ${bill.paymentTermsDays})` : ' (on receipt)'}
          </Fact>
          <Fact label="Purchase orders">
            {bill.purchaseOrders.length === 0
              ? '—'
              : bill.purchaseOrders.map((po, i) => (
                  <Fragment key={po._id}>
                    {i > 0 && ', '}
                    <Anchor component={Link} to={recordHref(KINDS.purchase_order, po._id)} inherit>
                      {po.name}
                    </Anchor>
                  </Fragment>
                ))}
          </Fact>
          {bill.approvedAt && (
            <Fact label="Approved">
              {bill.approvedBy?.name ?? 'Someone'}, {formatDateTime(bill.approvedAt)}
            </Fact>
          )}
        </SimpleGrid>
        <Title order={2} size="h5">
          Lines
        </Title>
        <ScrollTable
          minWidth={720}
          head={['Line', 'Quantity', 'Received', 'Unit cost', 'Total']}
          rows={bill.lines.map((l) => ({
            key: l.id,
            cells: [
              <Stack key="d" gap={2}>
                <Text size="sm">{l.description}</Text>
                {l.purchaseOrder && (
                  <Text size="xs" c="dimmed">
                    {l.purchaseOrder.name}
                    {l.sku ? ` · ${l.sku}` : ''}
                  </Text>
                )}
                <Flags line={l} />
              </Stack>,
              formatQuantity(l.quantity),
              l.received === null
                ? '—'
                : `${formatQuantity(l.received)}${l.billedElsewhere ? ` (${formatQuantity(l.billedElsewhere)} billed before)` : ''}`,
              formatMoney(l.unitCost, currency),
              money(l.totalCents),
            ],
          }))}
        />
        <Stack gap={2} w="100%" maw={360} ml="auto">
          <Total label="Subtotal" cents={bill.subtotalCents} currency={currency} />
          <Total label="Tax" cents={bill.taxCents} currency={currency} />
          <Total label="Total" cents={bill.totalCents} strong currency={currency} />
          {bill.paidCents > 0 && <Total label="Paid" cents={bill.paidCents} less currency={currency} />}
          {bill.creditedCents > 0 && (
            <Total label="Vendor credits" cents={bill.creditedCents} less currency={currency} />
          )}
          <Total label="Balance" cents={bill.balanceCents} strong currency={currency} />
        </Stack>
      </Stack>
    </Card>
  );
}
