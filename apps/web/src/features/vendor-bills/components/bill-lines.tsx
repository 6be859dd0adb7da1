import { type BillableLine, billLineCents, billLineFlags, type VendorBillLine } from '@atelier/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { MoneyInput } from '../../../components/form/fields';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { useBillableLines } from '../api';
import type { BillValues } from './bill-form';

/** A line's money as the server works it out, for what is typed so far (nothing yet: nothing). */
const centsOf = (quantity: number | undefined, unitCost: number | undefined) =>
  Number.isFinite(quantity) && Number.isFinite(unitCost) && (quantity ?? 0) >= 0 && (unitCost ?? 0) >= 0
    ? billLineCents(quantity!, unitCost!)
    : 0;

/** A bill's line as the form edits it: an order's line (by id), or one of its own (its words). */
export type BillLine = { purchaseOrderLine: string | null; description: string; quantity: number; unitCost?: number };

/** How an order's line matches: what arrived, what other bills billed, the order's cost. */
function MatchFacts({ line, quantity, unitCost }: { line: BillableLine; quantity: number; unitCost?: number }) {
  const flags = billLineFlags(line, quantity, unitCost);
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        {line.purchaseOrder.name}
        {line.sku ? ` · ${line.sku}` : ''} · received {formatQuantity(line.received)}
        {line.billed ? ` · billed before ${formatQuantity(line.billed)}` : ''} · ordered at {formatMoney(line.unitCost)}
      </Text>
      {flags.overBilled && (
        <Badge color="orange" variant="light" size="sm">
          More than received
        </Badge>
      )}
      {flags.costDiffers && (
        <Badge color="yellow" variant="light" size="sm">
          Cost differs from the order
        </Badge>
      )}
    </Group>
  );
}

/** The received lines of the vendor's orders not yet on the bill, to add, by order. */
function ToBill({
  lines,
  onAdd,
  purchaseOrder,
}: {
  lines: BillableLine[];
  onAdd: (lines: BillableLine[]) => void;
  purchaseOrder: string | null;
}) {
  const orders = [...new Map(lines.map((l) => [l.purchaseOrder._id, l.purchaseOrder.name]))];
  const [order, setOrder] = useState<string | null>(
    purchaseOrder && orders.some(([id]) => id === purchaseOrder) ? purchaseOrder : null,
  );
  const shown = lines.filter((l) => !order || l.purchaseOrder._id === order);
  if (lines.length === 0) return null;
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            Received, not yet on this bill
          </Text>
          <Group gap="xs">
            <Select
              aria-label="Purchase order"
              size="xs"
              placeholder="Every order"
              data={orders.map(([value, label]) => ({ value, label }))}
              value={order}
              onChange={setOrder}
              clearable
              w={160}
            />
            <Button size="xs" variant="light" onClick={() => onAdd(shown.filter((l) => l.billable > 0))}>
              Add what is left to bill
            </Button>
          </Group>
        </Group>
        {shown.map((l) => (
          <Group
            key={l.line}
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py={4}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Stack gap={0} miw={0}>
              <Text size="sm">{l.description}</Text>
              <Text size="xs" c="dimmed">
                {l.purchaseOrder.name} · ordered {formatQuantity(l.ordered)} · received {formatQuantity(l.received)} ·
                billed {formatQuantity(l.billed)} · at {formatMoney(l.unitCost)}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              onClick={() => onAdd([l])}
              aria-label={`Add ${l.description} (${l.purchaseOrder.name})`}
            >
              {l.billable > 0 ? `Add ${formatQuantity(l.billable)}` : 'Add'}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * The bill's lines: each an order's received line (what arrived, what was billed before, the
 * order's cost, and a badge where the bill differs) or a line of its own, with its total; then
 * the received lines not yet on it, and the totals.
 */
export function BillLines(props: {
  form: UseFormReturn<BillValues>;
  bill?: string;
  purchaseOrder: string | null;
  original?: readonly VendorBillLine[];
}) {
  const { form } = props;
  const currency = useSettings().data?.firmSettings.currency;
  const vendor = form.watch('vendor') || null;
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const billable = useBillableLines(vendor, props.bill);
  const byLine = new Map((billable.data ?? []).map((l) => [l.line, l]));
  // A line billed before whose receipt was reversed is no longer listed: its matching as saved.
  for (const l of props.original ?? [])
    if (l.purchaseOrderLine && l.purchaseOrder && !byLine.has(l.purchaseOrderLine))
      byLine.set(l.purchaseOrderLine, {
        purchaseOrder: l.purchaseOrder,
        line: l.purchaseOrderLine,
        description: l.description,
        sku: l.sku,
        ordered: 0,
        received: l.received ?? 0,
        billed: l.billedElsewhere ?? 0,
        billable: 0,
        unitCost: l.orderedUnitCost ?? 0,
      });
  const values = form.watch('lines');
  const onBill = new Set(values.flatMap((l) => (l.purchaseOrderLine ? [l.purchaseOrderLine] : [])));
  const e = form.formState.errors.lines;
  const subtotal = values.reduce((s, l) => {
    const cost = l.unitCost ?? (l.purchaseOrderLine ? byLine.get(l.purchaseOrderLine)?.unitCost : undefined) ?? 0;
    return s + centsOf(l.quantity, cost);
  }, 0);
  const typedTax = form.watch('taxCents');
  const tax = typeof typedTax === 'number' && Number.isFinite(typedTax) ? typedTax : 0;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Lines
      </Title>
      {typeof e?.message === 'string' && (
        <Text size="sm" c="red.8">
          {e.message}
        </Text>
      )}
      {lines.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {vendor ? 'Add the received lines the bill asks for, and its charges.' : 'Choose the vendor first.'}
        </Text>
      )}
      {lines.fields.map((field, i) => {
        const errors = e?.[i];
        const poLine = values[i]?.purchaseOrderLine ?? null;
        const match = poLine ? byLine.get(poLine) : undefined;
        const cost = values[i]?.unitCost ?? match?.unitCost ?? 0;
        return (
          <Grid key={field.id} gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              {poLine ? (
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {`Line ${i + 1}: `}
                    {match?.description ?? values[i]?.description ?? 'A purchase-order line'}
                  </Text>
                  {match && (
                    <MatchFacts line={match} quantity={values[i]?.quantity ?? 0} unitCost={values[i]?.unitCost} />
                  )}
                  {errors?.purchaseOrderLine?.message && (
                    <Text size="xs" c="red.8">
                      {errors.purchaseOrderLine.message}
                    </Text>
                  )}
                </Stack>
              ) : (
                <TextInput
                  label={`Line ${i + 1}`}
                  placeholder="Freight, a fuel surcharge…"
                  {...form.register(`lines.${i}.description`)}
                  error={errors?.description?.message}
                />
              )}
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.quantity`}
                render={({ field: f }) => (
                  <NumberInput
                    label="Quantity"
                    min={0}
                    decimalScale={4}
                    value={f.value ?? ''}
                    onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
                    error={errors?.quantity?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 2 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.unitCost`}
                render={({ field: f }) => (
                  <MoneyInput
                    label="Unit cost"
                    placeholder={poLine ? 'The order’s' : undefined}
                    decimals={4}
                    cents={f.value}
                    onChange={f.onChange}
                    error={errors?.unitCost?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, sm: 3 }}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="center" mb={6}>
                <Text size="sm" ta="right" flex={1}>
                  {formatMoney(centsOf(values[i]?.quantity, cost), currency)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove line ${i + 1}`}
                  onClick={() => lines.remove(i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Grid.Col>
          </Grid>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => lines.append({ purchaseOrderLine: null, description: '', quantity: 1 })}
        >
          Add a charge
        </Button>
      </Group>
      {vendor && billable.isError && (
        <Text size="sm" c="red">
          The vendor’s received lines could not be loaded: {billable.error.message}
        </Text>
      )}
      {vendor && (
        <ToBill
          lines={(billable.data ?? []).filter((l) => !onBill.has(l.line))}
          purchaseOrder={props.purchaseOrder}
          onAdd={(added) =>
            lines.append(
              added.map((l) => ({
                purchaseOrderLine: l.line,
                description: '',
                quantity: l.billable > 0 ? l.billable : l.received,
              })),
            )
          }
        />
      )}
      <Stack gap={2} w="100%" maw={320} ml="auto">
        <Group justify="space-between">
          <Text size="sm">Subtotal</Text>
          <Text size="sm">{formatMoney(subtotal, currency)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">Tax</Text>
          <Text size="sm">{formatMoney(tax, currency)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Total
          </Text>
          <Text size="sm" fw={700}>
            {formatMoney(subtotal + tax, currency)}
          </Text>
        </Group>
      </Stack>
    </Stack>
  );
}
