import { Group, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** What a return comes to: the goods coming back, the fee kept, and what the customer is credited. */
export function ReturnTotals(props: {
  title?: string;
  goodsCents: number;
  feeCents: number;
  creditCents: number;
  currency?: string;
}) {
  const money = (cents: number) => formatMoney(cents, props.currency);
  return (
    <Stack gap={2} w="100%" maw={380} ml="auto" aria-label={props.title ?? 'Totals'} role="group">
      {props.title && (
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {props.title}
        </Text>
      )}
      <Row label="Goods returned" value={money(props.goodsCents)} />
      <Row label="Restocking fee" value={`${props.feeCents > 0 ? '−' : ''}${money(props.feeCents)}`} />
      <Row label="Credit to the customer" value={money(props.creditCents)} strong />
    </Stack>
  );
}
