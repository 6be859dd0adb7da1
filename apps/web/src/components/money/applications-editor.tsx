import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDate, formatMoney } from '../../lib/format';
import { MoneyInput } from '../form/fields';
import { type ApplicableInvoice, type Applications, appliedCents, fillOldestFirst, withAmount } from './applied-money';

/**
 * Where money goes: the customer's open invoices, oldest first, with what each is given.
 * "Oldest first" spreads `totalCents` over the oldest invoices; the figure below says what the
 * invoices take and what is left (`leftLabel`: the customer's credit, or what a credit memo keeps).
 */
export function ApplicationsEditor(props: {
  invoices: readonly ApplicableInvoice[];
  loading?: boolean;
  /** Why the invoices could not be read. */
  failed?: string;
  /** The money there is to spread: none typed yet is undefined. */
  totalCents: number | undefined;
  value: Applications;
  onChange: (value: Applications) => void;
  /** What the money left over is called: "Left as credit". */
  leftLabel: string;
  /** What the money is called when there is too little of it: "the payment". */
  source: string;
  /** Messages by invoice, and about the whole list. */
  errors?: Record<string, string>;
  error?: string;
  currency?: string;
  /** A line under the heading (what "owes" counts when a payment is edited). */
  hint?: string;
}) {
  const { invoices, value, onChange, totalCents, currency } = props;
  const money = (cents: number) => formatMoney(cents, currency);
  const given = new Map(value.map((a) => [a.invoice, a.amountCents]));
  const typed = value.reduce((sum, a) => sum + a.amountCents, 0);
  const applied = appliedCents(invoices, value);
  const left = totalCents === undefined ? undefined : totalCents - applied;
  if (props.loading)
    return (
      <Text size="sm" c="dimmed">
        Loading the open invoices…
      </Text>
    );
  if (props.failed)
    return (
      <Text size="sm" c="red">
        {props.failed}
      </Text>
    );
  if (invoices.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The customer has no open invoice: it is all {props.leftLabel.toLowerCase()}.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            Open invoices
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
            onClick={() => onChange(fillOldestFirst(invoices, totalCents ?? 0))}
          >
            Oldest first
          </Button>
          <Button size="xs" variant="default" disabled={value.length === 0} onClick={() => onChange([])}>
            Clear
          </Button>
        </Group>
      </Group>
      {/* A row per invoice, its amount beside it: it fits a phone without scrolling sideways. */}
      <Stack gap={0}>
        {invoices.map((invoice) => {
          const amount = given.get(invoice._id);
          const over = amount !== undefined && amount > invoice.availableCents;
          return (
            <Group
              key={invoice._id}
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500}>
                  {invoice.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Due {formatDate(invoice.dueDate)} · owes {money(invoice.availableCents)}
                </Text>
              </Stack>
              <MoneyInput
                aria-label={`Apply to ${invoice.name}`}
                size="xs"
                w={150}
                style={{ flexShrink: 0 }}
                cents={amount}
                onChange={(cents) => onChange(withAmount(value, invoice._id, cents))}
                error={
                  props.errors?.[invoice._id] ??
                  (over ? `It owes ${money(invoice.availableCents)}: the rest stays unapplied.` : undefined)
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
