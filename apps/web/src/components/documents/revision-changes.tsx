import type { RevisionChange } from '@atelier/contracts';
import { List } from '@mantine/core';
import { formatMoney, formatQuantity } from '../../lib/format';

/** One change between two revisions of a document (a quote's, an order's), in words. */
export function changeWords(c: RevisionChange, currency?: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  if (c.change === 'added')
    return `Added ${c.name}: ${formatQuantity(c.after.quantity)} at ${m(c.after.unitPriceCents)}`;
  if (c.change === 'removed') return `Removed ${c.name}`;
  const parts = [
    c.before.quantity !== c.after.quantity
      ? `quantity ${formatQuantity(c.before.quantity)} → ${formatQuantity(c.after.quantity)}`
      : '',
    c.before.unitPriceCents !== c.after.unitPriceCents
      ? `price ${m(c.before.unitPriceCents)} → ${m(c.after.unitPriceCents)}`
      : '',
  ].filter(Boolean);
  return `${c.name}: ${parts.join(', ')}`;
}

/** What changed between two revisions, a line each. */
export function RevisionChanges({
  changes,
  currency,
  size = 'sm',
}: {
  changes: RevisionChange[];
  currency?: string;
  size?: 'xs' | 'sm';
}) {
  return (
    <List size={size} c={size === 'xs' ? 'dimmed' : undefined}>
      {changes.map((c) => (
        <List.Item key={`${c.change}-${c.name}`}>{changeWords(c, currency)}</List.Item>
      ))}
    </List>
  );
}
