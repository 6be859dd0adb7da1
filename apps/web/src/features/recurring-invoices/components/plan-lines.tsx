import type { DocumentLineValues } from '@atelier/contracts';
import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { knownFromItems, type LineItemView } from '../../../components/documents/line-editor';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney, formatQuantity } from '../../../lib/format';

/** What a line bills, in words: its own name, else its catalog item's. */
function lineName(line: DocumentLineValues, known: ReturnType<typeof knownFromItems>) {
  if (line.name) return line.name;
  const item = line.item ? known[`${line.item.type}:${line.item.id}`] : undefined;
  return item ? `${item.name} · ${item.sku}` : 'A catalog item';
}

const measureText = (line: DocumentLineValues) =>
  line.measure?.width !== undefined && line.measure.length !== undefined
    ? `${formatQuantity(line.measure.width)} × ${formatQuantity(line.measure.length)} in`
    : '';

/**
 * The lines each run bills, as typed: a catalog item without a typed price takes the price that
 * applies on the day of the run. `items` name the plan's catalog items.
 */
export function PlanLines({
  lines,
  items,
  currency,
}: {
  lines: DocumentLineValues[];
  items: readonly LineItemView[];
  currency?: string;
}) {
  const known = knownFromItems(items);
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          What each invoice bills
        </Title>
        <ScrollTable
          minWidth={520}
          head={['Line', 'Quantity', 'Unit price', 'Discount']}
          rows={lines.map((line, i) => ({
            key: line.id ?? String(i),
            cells: [
              <Stack key="name" gap={0}>
                <Text size="sm">
                  {lineName(line, known)}{' '}
                  {line.special && (
                    <Badge size="xs" variant="light" color="grape">
                      Special order
                    </Badge>
                  )}
                </Text>
                {(line.description || measureText(line)) && (
                  <Text size="xs" c="dimmed">
                    {[measureText(line), line.description].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Stack>,
              formatQuantity(line.quantity),
              line.unitPriceCents !== undefined ? (
                formatMoney(line.unitPriceCents, currency)
              ) : (
                <Text key="price" size="sm" c="dimmed">
                  Catalog price
                </Text>
              ),
              !line.discount
                ? '—'
                : line.discount.kind === 'percent'
                  ? `${line.discount.percent} %`
                  : `−${formatMoney(line.discount.cents, currency)}`,
            ],
          }))}
        />
      </Stack>
    </Card>
  );
}
