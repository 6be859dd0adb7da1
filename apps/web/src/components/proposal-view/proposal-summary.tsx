import { Table } from '@mantine/core';
import { formatMoney } from '../../lib/format';
import type { OpenProposal, ProposalTotals } from './proposal-totals';

const signed = (cents: number) => `${cents < 0 ? '−' : '+'}${formatMoney(Math.abs(cents))}`;

/** The totals under the sections, as the client has ticked them; a change order's before and change too. */
export function ProposalSummary({ doc, totals }: { doc: OpenProposal; totals: ProposalTotals }) {
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Subtotal', value: formatMoney(totals.subtotalCents) },
    ...(totals.discountCents > 0 ? [{ label: 'Discount', value: `−${formatMoney(totals.discountCents)}` }] : []),
    { label: doc.taxExempt ? 'Tax (exempt)' : 'Tax', value: formatMoney(totals.taxCents) },
    ...(totals.shippingCents > 0 ? [{ label: 'Shipping', value: formatMoney(totals.shippingCents) }] : []),
    {
      label: totals.change ? 'Order total after this change' : 'Total',
      value: formatMoney(totals.totalCents),
      strong: true,
    },
    ...(totals.change
      ? [
          { label: 'Order total before', value: formatMoney(totals.change.beforeCents) },
          { label: 'Change', value: signed(totals.change.changeCents), strong: true },
        ]
      : []),
    ...(totals.depositCents > 0 ? [{ label: 'Deposit due on approval', value: formatMoney(totals.depositCents) }] : []),
  ];
  return (
    <Table aria-label="Totals" maw={420} ml="auto" w="100%" verticalSpacing={6}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={row.strong ? 700 : 400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right" fw={row.strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
              {row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
