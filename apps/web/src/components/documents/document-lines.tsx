import type { DocumentLine } from '@atelier/contracts';
import { Badge, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney, formatQuantity } from '../../lib/format';

export type DocumentTotals = {
  subtotalCents: number;
  lineDiscountCents: number;
  orderDiscountCents: number;
  couponCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  depositCents?: number;
  coupon?: string | null;
};

const pct = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 3 })} %`;

/**
 * A priced document's lines as the customer's copy shows them (orders, quotes): what each is,
 * how many, at what price (and which price it was), its discount and tax, and the totals under
 * them. `extra` adds columns of the document's own (an order's stock and deliveries).
 */
export function DocumentLines<L extends DocumentLine>({
  lines,
  totals,
  currency,
  extra,
}: {
  lines: L[];
  /** The totals under the lines; a document that shows its own (an invoice's) leaves them out. */
  totals?: DocumentTotals;
  currency?: string;
  extra?: { head: string[]; cells: (line: L) => ReactNode[] };
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit price</Table.Th>
              <Table.Th ta="right">Discount</Table.Th>
              <Table.Th ta="right">Tax</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              {extra?.head.map((h) => (
                <Table.Th key={h} ta="right">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6 + (extra?.head.length ?? 0)}>
                  <Text size="sm" c="dimmed">
                    No lines yet.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lines.map((l) => (
              <Table.Tr key={l.id} opacity={l.counted ? 1 : 0.55}>
                <Table.Td>
                  <Text size="sm">
                    {l.name}{' '}
                    {l.kind === 'special' && (
                      <Badge size="xs" variant="light" color="grape">
                        Special order
                      </Badge>
                    )}
                    {!l.counted && (
                      <Badge size="xs" variant="light" color="gray">
                        Not taken
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[
                      l.sku,
                      l.special ? `from ${l.special.vendor.name}, ${l.special.leadTimeDays} days` : '',
                      l.basis.join(', '),
                      l.kind === 'item' && l.priceSource !== 'List price' ? l.priceSource : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {formatQuantity(l.quantity)} {l.unit === 'each' ? '' : l.unit.replace('_', ' ')}
                </Table.Td>
                <Table.Td ta="right">{money(l.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">
                  {l.lineDiscountCents + l.orderDiscountCents + l.couponCents > 0
                    ? `−${money(l.lineDiscountCents + l.orderDiscountCents + l.couponCents)}`
                    : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{money(l.taxCents)}</Text>
                  <Text size="xs" c="dimmed">
                    {l.taxClass} {pct(l.taxRateBps)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{money(l.totalCents)}</Table.Td>
                {extra?.cells(l).map((cell, k) => (
                  <Table.Td key={extra.head[k]} ta="right">
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {totals && (
        <Stack gap={2} align="flex-end">
          <Text size="sm">Subtotal {money(totals.subtotalCents)}</Text>
          {totals.lineDiscountCents > 0 && <Text size="sm">Line discounts −{money(totals.lineDiscountCents)}</Text>}
          {totals.orderDiscountCents > 0 && <Text size="sm">Discount −{money(totals.orderDiscountCents)}</Text>}
          {totals.couponCents > 0 && (
            <Text size="sm">
              Coupon {totals.coupon ?? ''} −{money(totals.couponCents)}
            </Text>
          )}
          <Text size="sm">Tax {money(totals.taxCents)}</Text>
          {totals.shippingCents > 0 && <Text size="sm">Shipping {money(totals.shippingCents)}</Text>}
          <Text fw={700}>Total {money(totals.totalCents)}</Text>
          {totals.depositCents !== undefined && totals.depositCents > 0 && (
            <Text size="sm" c="dimmed">
              Deposit asked {money(totals.depositCents)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
