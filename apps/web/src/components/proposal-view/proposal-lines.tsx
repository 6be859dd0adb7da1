import { type PricedLine, type PublicLine, SELL_UNIT_LABELS, type SellUnit } from '@atelier/contracts';
import { Checkbox, Group, Paper, Radio, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatMoney, formatQuantity } from '../../lib/format';
import { unitWords } from '../../lib/unit-words';
import { lineAmountCents } from './proposal-totals';

/** Consecutive plain lines, or an alternative group (gathered where its first line stands). */
type Segment = { kind: 'lines'; lines: PublicLine[] } | { kind: 'group'; name: string; lines: PublicLine[] };

function segmentsOf(lines: PublicLine[]): Segment[] {
  const segments: Segment[] = [];
  const groups = new Map<string, PublicLine[]>();
  for (const line of lines) {
    if (line.group === null) {
      const last = segments.at(-1);
      if (last?.kind === 'lines') last.lines.push(line);
      else segments.push({ kind: 'lines', lines: [line] });
      continue;
    }
    const members = groups.get(line.group);
    if (members) members.push(line);
    else {
      const started = [line];
      groups.set(line.group, started);
      segments.push({ kind: 'group', name: line.group, lines: started });
    }
  }
  return segments;
}

const isSellUnit = (unit: string): unit is SellUnit => Object.hasOwn(SELL_UNIT_LABELS, unit);

/** "2", "12.5 sq ft", "3 boxes": a count of each needs no word. */
function quantityText(line: PublicLine): string {
  const n = formatQuantity(line.quantity);
  if (line.unit === 'each') return n;
  return `${n} ${isSellUnit(line.unit) ? unitWords(line.unit, line.quantity) : line.unit}`;
}

function unitPriceText(line: PublicLine): string {
  const price = formatMoney(line.unitPriceCents);
  if (line.unit === 'each') return price;
  return `${price} / ${isSellUnit(line.unit) ? unitWords(line.unit) : line.unit}`;
}

function discountText(line: PublicLine): string | null {
  if (!line.discount) return null;
  return line.discount.kind === 'percent'
    ? `${line.discount.percent.toLocaleString('en-US')} % off`
    : `${formatMoney(line.discount.cents)} off`;
}

export type LinesProps = {
  /** The lines as they stand (ticked here, or as decided). */
  lines: PublicLine[];
  priced: Map<string, PricedLine>;
  editable: boolean;
  onOptional: (lineId: string, on: boolean) => void;
  onAlternative: (lineId: string) => void;
};

/** What a line is: its name (a checkbox when it is optional), its description and how it was measured. */
function LineItem({ line, editable, onOptional }: { line: PublicLine } & Pick<LinesProps, 'editable' | 'onOptional'>) {
  const details = (
    <>
      {line.description && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
          {line.description}
        </Text>
      )}
      {line.basis.length > 0 && (
        <Text size="xs" c="dimmed">
          {line.basis.join(' · ')}
        </Text>
      )}
    </>
  );
  if (!line.optional)
    return (
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {line.name}
        </Text>
        {details}
      </Stack>
    );
  return (
    <Stack gap={2}>
      <Checkbox
        label={line.name}
        description={line.selected ? 'Optional: included.' : 'Optional: tick it to include it.'}
        checked={line.selected}
        disabled={!editable}
        onChange={(e) => onOptional(line._id, e.currentTarget.checked)}
      />
      <Stack gap={2} pl={32}>
        {details}
      </Stack>
    </Stack>
  );
}

function Price({ line, priced }: { line: PublicLine; priced: PricedLine | undefined }) {
  const off = discountText(line);
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} c={priced?.counted === false ? 'dimmed' : undefined}>
        {priced ? formatMoney(lineAmountCents(priced)) : '—'}
      </Text>
      {off && (
        <Text size="xs" c="dimmed">
          {off}
        </Text>
      )}
    </Stack>
  );
}

function LinesTable({ lines, priced, editable, onOptional }: Omit<LinesProps, 'onAlternative'>) {
  return (
    <Table verticalSpacing="xs" layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th ta="right" w={110}>
            Quantity
          </Table.Th>
          <Table.Th ta="right" w={140}>
            Unit price
          </Table.Th>
          <Table.Th ta="right" w={140}>
            Amount
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line._id}>
            <Table.Td>
              <LineItem line={line} editable={editable} onOptional={onOptional} />
            </Table.Td>
            <Table.Td ta="right">{quantityText(line)}</Table.Td>
            <Table.Td ta="right">{unitPriceText(line)}</Table.Td>
            <Table.Td>
              <Price line={line} priced={priced.get(line._id)} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone, each line is a card: what it is above, how many at what price and its amount below. */
function LineCards({ lines, priced, editable, onOptional }: Omit<LinesProps, 'onAlternative'>) {
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Paper key={line._id} withBorder p="sm">
          <Stack gap={6}>
            <LineItem line={line} editable={editable} onOptional={onOptional} />
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {quantityText(line)} × {unitPriceText(line)}
              </Text>
              <Price line={line} priced={priced.get(line._id)} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function AlternativeGroup({ name, lines, priced, editable, onOptional, onAlternative }: { name: string } & LinesProps) {
  const chosen = lines.find((l) => l.chosen)?._id ?? null;
  return (
    <Radio.Group
      label={`Choose one: ${name}`}
      description={editable ? 'The total counts the option chosen.' : undefined}
      value={chosen}
      onChange={onAlternative}
    >
      <Stack gap="xs" mt="xs">
        {lines.map((line) => (
          <Paper key={line._id} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Radio value={line._id} label={line.name} disabled={!editable} />
                <Stack gap={2} pl={32}>
                  {line.description && (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                      {line.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {[`${quantityText(line)} × ${unitPriceText(line)}`, ...line.basis].join(' · ')}
                  </Text>
                  {line.optional && (
                    <Checkbox
                      size="xs"
                      label={`Include ${line.name} (optional)`}
                      checked={line.selected}
                      disabled={!editable}
                      onChange={(e) => onOptional(line._id, e.currentTarget.checked)}
                    />
                  )}
                </Stack>
              </Stack>
              <Price line={line} priced={priced.get(line._id)} />
            </Group>
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}

/**
 * A section's priced lines: a table on wider screens and cards on a phone; optional lines with a
 * checkbox, and each alternative group as a "Choose one" radio group.
 */
export function ProposalLines(props: LinesProps) {
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false }) ?? false;
  if (props.lines.length === 0) return null;
  return (
    <Stack gap="md">
      {segmentsOf(props.lines).map((segment) =>
        segment.kind === 'group' ? (
          <AlternativeGroup
            key={`group-${segment.lines[0]!._id}`}
            name={segment.name}
            {...props}
            lines={segment.lines}
          />
        ) : phone ? (
          <LineCards key={`lines-${segment.lines[0]!._id}`} {...props} lines={segment.lines} />
        ) : (
          <LinesTable key={`lines-${segment.lines[0]!._id}`} {...props} lines={segment.lines} />
        ),
      )}
    </Stack>
  );
}
