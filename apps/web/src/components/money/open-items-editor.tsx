import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/format';
import { MoneyInput } from '../form/fields';

/** Something money may go on (a customer's invoice, a vendor's bill): its name, due date, and the most it can take now. */
export type OpenItem = { _id: string; name: string; dueDate: string; availableCents: number };

/** Money put on one open item, as the API takes it: `{ invoice, amountCents }`, `{ bill, amountCents }`. */
export type ItemAmount = { amountCents: number };

/**
 * What money goes on, and how: the words for the items, and how amounts are read, spread, counted
 * and set (each side keeps its own order and its own field naming the item).
 */
export type OpenItemKind<T extends OpenItem, A extends ItemAmount> = {
  /** "invoice", "invoices", "an invoice". */
  one: string;
  many: string;
  a: string;
  /** While they load: "Loading the open invoices…". */
  loading: string;
  /** When there are none: "The customer has no open invoice". */
  none: string;
  /** The item an amount goes on. */
  itemOf: (amount: A) => string;
  /** `cents` spread over the items, the oldest first. */
  fill: (items: readonly T[], cents: number) => A[];
  /** What the items take of the amounts typed. */
  applied: (items: readonly T[], value: A[]) => number;
  /** The amounts with one item's set (none: taken out). */
  withAmount: (value: A[], item: string, cents: number | undefined) => A[];
  /** The server's messages (by field path) by the item they are about, and about the whole list. */
  errors: (fields: Record<string, string>, sent: A[]) => { byItem: Record<string, string>; list?: string };
};

/**
 * Where money goes: the open items, oldest first, with what each is given. "Oldest first" spreads
 * `totalCents` over the oldest; the figure below says what the items take and what is left
 * (`leftLabel`: the customer's credit, an advance, or what a credit keeps).
 */
export function OpenItemsEditor<T extends OpenItem, A extends ItemAmount>(props: {
  kind: OpenItemKind<T, A>;
  items: readonly T[];
  loading?: boolean;
  /** Why the items could not be read. */
  failed?: string;
  /** The money there is to spread: none typed yet is undefined. */
  totalCents: number | undefined;
  value: A[];
  onChange: (value: A[]) => void;
  /** What the money left over is called: "Left as credit". */
  leftLabel: string;
  /** What the money is called when there is too little of it: "the payment". */
  source: string;
  /** Messages by item, and about the whole list. */
  errors?: Record<string, string>;
  error?: string;
  currency?: string;
  /** A line under the heading (what "owes" counts when a payment is edited). */
  hint?: string;
}) {
  const { kind, items, value, onChange, totalCents, currency } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const given = new Map(value.map((a) => [kind.itemOf(a), a.amountCents]));
  const typed = value.reduce((sum, a) => sum + a.amountCents, 0);
  const applied = kind.applied(items, value);
  const left = totalCents === undefined ? undefined : totalCents - applied;
  if (props.loading)
    return (
      <Text size="sm" c="dimmed">
        {kind.loading}
      </Text>
    );
  if (props.failed)
    return (
      <Text size="sm" c="red">
        {props.failed}
      </Text>
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {kind.none}: it is all {props.leftLabel.toLowerCase()}.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            Open {kind.many}
          </Text>
          {props.hint && (
            <Text size="xs" c="dimmed">
              {props.hint}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            disabled={!totalCents}
            onClick={() => onChange(kind.fill(items, totalCents ?? 0))}
          >
            Oldest first
          </Button>
          <Button size="xs" variant="default" disabled={value.length === 0} onClick={() => onChange([])}>
            Clear
          </Button>
        </Group>
      </Group>
      {/* A row per item, its amount beside it: it fits a phone without scrolling sideways. */}
      <Stack gap={0}>
        {items.map((item) => {
          const amount = given.get(item._id);
          const over = amount !== undefined && amount > item.availableCents;
          return (
            <Group
              key={item._id}
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Due {formatDate(item.dueDate)} · owes {money(item.availableCents)}
                </Text>
              </Stack>
              <MoneyInput
                aria-label={`Apply to ${item.name}`}
                size="xs"
                w={150}
                style={{ flexShrink: 0 }}
                cents={amount}
                onChange={(cents) => onChange(kind.withAmount(value, item._id, cents))}
                error={
                  props.errors?.[item._id] ??
                  (over ? `It owes ${money(item.availableCents)}: the rest stays unapplied.` : undefined)
                }
              />
            </Group>
          );
        })}
      </Stack>
      <Group justify="flex-end" gap="lg" aria-live="polite">
        <Text size="sm">
          Applied <b>{money(applied)}</b>
        </Text>
        <Text size="sm" c={left !== undefined && left < 0 ? 'red' : undefined}>
          {props.leftLabel} <b>{left === undefined ? '—' : money(left)}</b>
        </Text>
      </Group>
      {!props.error && totalCents !== undefined && typed > totalCents && (
        <Text size="sm" c="red" ta="right">
          {money(typed - totalCents)} more than {props.source}: lower what goes to each.
        </Text>
      )}
      {props.error && (
        <Text size="sm" c="red" ta="right">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
