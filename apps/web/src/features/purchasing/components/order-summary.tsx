import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrder, type PurchaseOrderLine } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { stockTabHref } from '../../stock/item-href';

export const STATUS_COLORS: Record<PurchaseOrder['status'], string> = {
  draft: 'gray',
  sent: 'blue',
  partially_received: 'yellow',
  received: 'green',
  cancelled: 'red',
};

/**
 * The order as the vendor and the warehouse read it: its lines, what has arrived of each, its
 * totals. `lineAction` is what a line offers at its end ("Claim from vendor" on a received one).
 */
export function OrderSummary({
  order,
  currency,
  lineAction,
}: {
  order: PurchaseOrder;
  currency?: string;
  lineAction?: (line: PurchaseOrderLine) => ReactNode;
}) {
  const money = (cents: number) => formatMoney(Math.round(cents), currency);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[order.status]} variant="light">
            {PURCHASE_ORDER_STATUS_LABELS[order.status]}
          </Badge>
          {order.revision > 1 && (
            <Badge color="grape" variant="light">
              Revision {order.revision}
            </Badge>
          )}
          <Text size="sm">
            {order.linesReceived} of {order.lines.length} lines received
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Ordered</Table.Th>
                <Table.Th ta="right">Received</Table.Th>
                <Table.Th ta="right">Remaining</Table.Th>
                <Table.Th ta="right">Unit cost</Table.Th>
                <Table.Th ta="right">Landed</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                {lineAction && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {l.item ? (
                      <Anchor component={Link} to={stockTabHref(l.item)} size="sm">
                        {l.name}
                      </Anchor>
                    ) : (
                      // A special order for a customer: no catalog item, never stocked.
                      <Text size="sm">{l.name}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {l.item ? l.item.sku : 'Special order'}
                      {l.vendorSku ? ` · vendor’s ${l.vendorSku}` : ''}
                      {l.expectedDate ? ` · expected ${l.expectedDate}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.received)}</Table.Td>
                  <Table.Td ta="right">{order.status === 'cancelled' ? '—' : formatQuantity(l.remaining)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.unitCost, currency)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(l.landedUnitCost, currency)}</Table.Td>
                  <Table.Td ta="right">{money(l.totalCents)}</Table.Td>
                  {lineAction && <Table.Td ta="right">{lineAction(l)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={2} align="flex-end">
          <Text size="sm">Subtotal {money(order.subtotalCents)}</Text>
          {order.freightCents > 0 && <Text size="sm">Freight {money(order.freightCents)}</Text>}
          {order.otherChargesCents > 0 && <Text size="sm">Other charges {money(order.otherChargesCents)}</Text>}
          <Text fw={700}>Total {money(order.totalCents)}</Text>
        </Stack>
        {order.notes && (
          <Text size="sm" c="dimmed">
            Notes to the vendor: {order.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
