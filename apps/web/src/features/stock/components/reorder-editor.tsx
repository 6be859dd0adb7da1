import type { ReorderLevels, SellUnit, Variant } from '@atelier/contracts';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { rowErrors, showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { unitWords } from '../../../lib/unit-words';
import { useSetReorderLevels } from '../reorder-api';

type Row = { key: string; warehouse: string; variant: string | null; label: string };
type Edit = { point: number | ''; quantity: number | '' };
/** Rows drawn at once: a product may have hundreds of variants; the search narrows them. */
const SHOWN = 100;

const keyOf = (warehouse: string, variant: string | null) => `${warehouse}:${variant}`;
const num = (v: string | number) => (typeof v === 'number' ? v : '');

/**
 * A product's or material's reorder levels (their Reorder tabs): per warehouse (and variant, for
 * a product stocked by variant), the stock at or below which low stock suggests ordering, and
 * how much to order. `path` is the record's API path; `variants` its variants (none: by warehouse).
 */
export function ReorderEditor({
  path,
  unit,
  data,
  variants,
}: {
  path: string;
  unit: SellUnit;
  data: ReorderLevels;
  variants: Variant[];
}) {
  const byVariant = variants.length > 0;
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [warehouse, setWarehouse] = useState(data.warehouses[0]?._id ?? '');
  const [query, setQuery] = useState('');
  const [edits, setEdits] = useState<Record<string, Edit>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [bulk, setBulk] = useState<Edit>({ point: '', quantity: '' });
  const save = useSetReorderLevels(path);
  const saved = new Map(data.levels.map((l) => [keyOf(l.warehouse._id, l.variant?._id ?? null), l]));

  const q = query.trim().toLowerCase();
  const rows: Row[] = byVariant
    ? variants
        .filter((v) => !v.archived && (!q || v.name.toLowerCase().includes(q) || v.sku.toLowerCase().includes(q)))
        .map((v) => ({ key: keyOf(warehouse, v._id), warehouse, variant: v._id, label: v.name }))
    : data.warehouses.map((w) => ({ key: keyOf(w._id, null), warehouse: w._id, variant: null, label: w.name }));
  const shown = rows.slice(0, SHOWN);
  const entered = (row: Row): Edit => {
    const level = saved.get(row.key);
    return edits[row.key] ?? { point: level?.point ?? '', quantity: level?.quantity ?? '' };
  };
  const change = (row: Row, patch: Partial<Edit>) =>
    setEdits((all) => ({ ...all, [row.key]: { ...entered(row), ...patch } }));
  const changed = Object.entries(edits);

  const submit = async () => {
    const levels = changed.map(([key, e]) => {
      const [w, v] = key.split(':');
      return {
        warehouse: w!,
        variant: v === 'null' ? null : v!,
        point: e.point === '' ? null : e.point,
        quantity: e.quantity === '' ? null : e.quantity,
      };
    });
    setErrors({});
    try {
      await save.mutateAsync(levels);
      setEdits({});
      toastSuccess('Reorder levels saved.');
    } catch (error) {
      setErrors(rowErrors(error, (i) => changed[i]?.[0]));
      showSubmitError(error);
    }
  };

  if (!data.warehouses.length)
    return <Alert color="yellow">The firm has no warehouses yet: add one in the warehouse settings first.</Alert>;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Reorder levels
        </Title>
        <Text size="sm" c="dimmed">
          When stock falls to the reorder point or below, low stock suggests ordering the quantity, in{' '}
          {unitWords(unit, 2)}
          {byVariant ? ', per variant (this product is stocked by variant)' : ''}. Empty both to take a level off.
        </Text>
        {byVariant && (
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Warehouse"
              data={data.warehouses.map((w) => ({ value: w._id, label: w.name }))}
              value={warehouse}
              onChange={(v) => v && setWarehouse(v)}
              allowDeselect={false}
            />
            <TextInput
              label="Find a variant"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              placeholder="Walnut, 24″…"
            />
            <NumberInput
              label="Point for all shown"
              min={0}
              decimalScale={4}
              w={150}
              value={bulk.point}
              onChange={(v) => setBulk((b) => ({ ...b, point: num(v) }))}
            />
            <NumberInput
              label="Order for all shown"
              min={0}
              decimalScale={4}
              w={150}
              value={bulk.quantity}
              onChange={(v) => setBulk((b) => ({ ...b, quantity: num(v) }))}
            />
            <Button
              variant="default"
              disabled={bulk.point === '' && bulk.quantity === ''}
              onClick={() =>
                setEdits((all) => ({
                  ...all,
                  // Only what was entered: an empty box leaves each row's own.
                  ...Object.fromEntries(
                    rows.map((r) => [
                      r.key,
                      {
                        ...entered(r),
                        ...(bulk.point === '' ? {} : { point: bulk.point }),
                        ...(bulk.quantity === '' ? {} : { quantity: bulk.quantity }),
                      },
                    ]),
                  ),
                }))
              }
            >
              Apply to {rows.length}
            </Button>
          </Group>
        )}
        <Table verticalSpacing="xs" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              {!phone && <Table.Th>{byVariant ? 'Variant' : 'Warehouse'}</Table.Th>}
              <Table.Th w={phone ? undefined : 150}>Reorder point</Table.Th>
              <Table.Th w={phone ? undefined : 150}>Quantity to order</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => {
              const value = entered(row);
              const name = (
                <>
                  <Text size="sm">{row.label}</Text>
                  {errors[`${row.key}.variant`] || errors[`${row.key}.warehouse`] ? (
                    <Text size="xs" c="red">
                      {errors[`${row.key}.variant`] ?? errors[`${row.key}.warehouse`]}
                    </Text>
                  ) : null}
                </>
              );
              const inputs = (
                <>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={`${row.label} reorder point`}
                      min={0}
                      decimalScale={4}
                      value={value.point}
                      onChange={(v) => change(row, { point: num(v) })}
                      error={errors[`${row.key}.point`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={`${row.label} quantity to order`}
                      min={0}
                      decimalScale={4}
                      value={value.quantity}
                      onChange={(v) => change(row, { quantity: num(v) })}
                      error={errors[`${row.key}.quantity`]}
                    />
                  </Table.Td>
                </>
              );
              // On a phone the name takes a line of its own, the two numbers the next.
              return phone ? (
                <Fragment key={row.key}>
                  <Table.Tr style={{ borderBottom: 0 }}>
                    <Table.Td colSpan={2} pb={0}>
                      {name}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>{inputs}</Table.Tr>
                </Fragment>
              ) : (
                <Table.Tr key={row.key}>
                  <Table.Td>{name}</Table.Td>
                  {inputs}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {rows.length > SHOWN && (
          <Text size="sm" c="dimmed">
            Showing {SHOWN} of {rows.length} variants: find a variant to narrow them, or apply a level to all of them.
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!changed.length} loading={save.isPending}>
            Save {changed.length || ''} level{changed.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
