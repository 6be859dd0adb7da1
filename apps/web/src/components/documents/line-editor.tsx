import {
  type DocumentLine,
  type DocumentLineValues,
  KINDS,
  type SellableItem,
  type StockItemType,
} from '@atelier/contracts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBarcode, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { api } from '../../lib/api';
import { formatMoney, formatQuantity } from '../../lib/format';
import { MoneyInput } from '../form/fields';
import { VendorSelect } from '../form/pickers';
import { DiscountInput } from './discount-input';

/** A line as the form holds it: the contract's input, its item by reference. */
export type LineValues = DocumentLineValues;
type WithLines = { lines: LineValues[] };

const keyOf = (item: { type: string; id: string }) => `${item.type}:${item.id}`;

/** Items for a line, by name, SKU or barcode, with their price and what the warehouse has. */
export function useSellableItems(q: string, warehouse: string | null | undefined) {
  return useQuery({
    queryKey: ['stock', 'sellable', q, warehouse],
    queryFn: () =>
      api<SellableItem[]>('GET', `${KINDS.order.apiPath}/items`, undefined, {
        q,
        warehouse: warehouse ?? undefined,
        limit: 20,
      }),
    placeholderData: keepPreviousData,
  });
}

/** What the form knows of an item it shows: its name, and whether it is priced by a measure. */
export type KnownItem = {
  name: string;
  sku: string;
  pricingMode: SellableItem['pricingMode'];
  priceCents: number | null;
};

function ItemSelect({
  label,
  value,
  known,
  warehouse,
  onPick,
  error,
}: {
  label: string;
  value: string | null;
  known: Record<string, KnownItem>;
  warehouse: string | null | undefined;
  onPick: (item: SellableItem | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useSellableItems(q, warehouse);
  const options = new Map<string, string>();
  if (value && known[value]) options.set(value, `${known[value].name} · ${known[value].sku}`);
  const byKey = new Map((found.data ?? []).map((i) => [keyOf({ type: i.type, id: i._id }), i]));
  for (const [key, i] of byKey)
    options.set(
      key,
      `${i.name} · ${i.sku}${i.priceCents !== null ? ` · ${formatMoney(i.priceCents)}` : ''}${
        i.available !== null ? ` · ${formatQuantity(i.available)} available` : ''
      }`,
    );
  return (
    <Select
      label={label}
      placeholder="Search by name, SKU or barcode"
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      onChange={(v) => onPick(v ? (byKey.get(v) ?? null) : null)}
      onSearchChange={setSearch}
      searchable
      filter={({ options: o }) => o}
      error={error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'Nothing found'}
    />
  );
}

/** The items a document's lines already name, as its page read them. */
/** A catalog item as a record names it: its kind, id, name and SKU. */
export type LineItemView = { type: StockItemType; _id: string; name: string; sku: string };

/** Items as known to the editor, from a record that names them apart from its lines (priced when used). */
export function knownFromItems(items: readonly LineItemView[] | undefined): Record<string, KnownItem> {
  return Object.fromEntries(
    (items ?? []).map((i) => [
      keyOf({ type: i.type, id: i._id }),
      { name: i.name, sku: i.sku, pricingMode: 'unit', priceCents: null } satisfies KnownItem,
    ]),
  );
}

export function knownItems(lines: DocumentLine[] | undefined): Record<string, KnownItem> {
  return Object.fromEntries(
    (lines ?? []).flatMap((l) =>
      l.item
        ? [
            [
              keyOf({ type: l.item.type, id: l.item._id }),
              {
                name: l.item.name,
                sku: l.item.sku,
                pricingMode: l.measure ? (l.measure.feet !== undefined ? 'length' : 'area') : 'unit',
                priceCents: l.listPriceCents,
              } satisfies KnownItem,
            ],
          ]
        : [],
    ),
  );
}

type LineErrors = FieldErrors<LineValues> | undefined;

/** Where a barcode scanner (or a person) types a SKU or barcode and Enter. */
function ScanBox({ warehouse, onItem }: { warehouse?: string | null; onItem: (item: SellableItem) => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const scan = async () => {
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    try {
      const found = await api<SellableItem[]>('GET', `${KINDS.order.apiPath}/items`, undefined, {
        q: typed,
        warehouse: warehouse ?? undefined,
        limit: 5,
      });
      const item = found.find((i) => i.exact) ?? (found.length === 1 ? found[0] : undefined);
      if (!item) {
        setError(`No item has the code ${typed}.`);
        return;
      }
      setError(null);
      setCode('');
      onItem(item);
    } finally {
      setBusy(false);
    }
  };
  return (
    <TextInput
      label="Scan or type a SKU"
      description="A barcode scanner types the code and Enter: the item is added, or one more of it."
      leftSection={<IconBarcode size={18} />}
      rightSection={busy ? <Loader size="xs" /> : undefined}
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void scan();
        }
      }}
      error={error}
    />
  );
}

/**
 * A priced document's lines (orders and quotes): catalog items found by name, SKU or barcode
 * (a measured item takes its width and length), special-order items from a vendor, and free
 * lines of words and a price. A price left empty is the one that applies to the customer.
 */
export function LineEditor<V extends WithLines>({
  form,
  record,
  items,
  warehouse,
  taxClasses = [],
  scanner = false,
  withOptions = false,
}: {
  form: UseFormReturn<V>;
  record?: DocumentLine[];
  /** The catalog items the lines name, where the record keeps its lines as typed (a recurring invoice's). */
  items?: readonly LineItemView[];
  warehouse?: string | null;
  /** The firm's tax classes (product settings), for special-order and free lines; an item's is its product's. */
  taxClasses?: readonly string[];
  /** A box a barcode scanner types into: the item whose SKU or barcode it is is added, or one more of it. */
  scanner?: boolean;
  /** Quotes: a line may be optional (the customer ticks it) or one of an alternative group. */
  withOptions?: boolean;
}) {
  const f = form as unknown as UseFormReturn<WithLines>;
  const lines = useFieldArray({ control: f.control, name: 'lines' });
  const [known, setKnown] = useState<Record<string, KnownItem>>(() => ({
    ...knownFromItems(items),
    ...knownItems(record),
  }));
  const errors = f.formState.errors.lines;
  const add = (line: Partial<LineValues>) =>
    lines.append({
      item: null,
      special: null,
      name: '',
      description: '',
      measure: null,
      quantity: 1,
      discount: null,
      optional: false,
      selected: false,
      group: null,
      chosen: false,
      ...line,
    } as LineValues);
  /** A scanned or typed code: the item it is goes on a line of its own, or one more on its line. */
  const scanned = (item: SellableItem) => {
    const key = keyOf({ type: item.type, id: item._id });
    setKnown((all) => ({
      ...all,
      [key]: { name: item.name, sku: item.sku, pricingMode: item.pricingMode, priceCents: item.priceCents },
    }));
    const all = f.getValues('lines');
    const same = all.findIndex((l) => l.item?.id === item._id && !l.measure);
    if (same >= 0 && item.pricingMode === 'unit')
      f.setValue(`lines.${same}.quantity`, all[same]!.quantity + 1, { shouldDirty: true });
    else add({ item: { type: item.type, id: item._id }, measure: item.pricingMode === 'unit' ? null : {} });
  };
  return (
    <Stack gap="xs">
      {scanner && <ScanBox warehouse={warehouse} onItem={scanned} />}
      <Title order={3} size="h5">
        Lines
      </Title>
      {typeof errors?.message === 'string' && (
        <Text size="sm" c="red.8">
          {errors.message}
        </Text>
      )}
      {lines.fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No lines yet: add what the customer is buying.
        </Text>
      )}
      {lines.fields.map((field, i) => (
        <LineRow
          key={field.id}
          form={f}
          i={i}
          known={known}
          warehouse={warehouse}
          errors={errors?.[i] as LineErrors}
          taxClasses={taxClasses}
          withOptions={withOptions}
          onKnown={(key, item) => setKnown((all) => ({ ...all, [key]: item }))}
          onRemove={() => lines.remove(i)}
        />
      ))}
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => add({ item: { type: 'product', id: '' } })}
        >
          Add an item
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => add({ special: { vendor: '', sku: '', costCents: 0, leadTimeDays: 0 } })}
        >
          Special order
        </Button>
        <Button variant="default" size="xs" leftSection={<IconPlus size={14} />} onClick={() => add({})}>
          Free line
        </Button>
      </Group>
    </Stack>
  );
}

function LineRow({
  form,
  i,
  known,
  warehouse,
  errors,
  taxClasses,
  withOptions,
  onKnown,
  onRemove,
}: {
  form: UseFormReturn<WithLines>;
  i: number;
  known: Record<string, KnownItem>;
  warehouse?: string | null;
  errors: LineErrors;
  taxClasses: readonly string[];
  withOptions: boolean;
  onKnown: (key: string, item: KnownItem) => void;
  onRemove: () => void;
}) {
  const line = form.watch(`lines.${i}`);
  const kind = line.item ? 'item' : line.special ? 'special' : 'text';
  const itemKey = line.item?.id ? keyOf(line.item) : null;
  const info = itemKey ? known[itemKey] : undefined;
  const measured = Boolean(line.measure) || (info && info.pricingMode !== 'unit');
  const err = (path: string) =>
    (errors as Record<string, { message?: string } | undefined> | undefined)?.[path]?.message;
  const measureError = (errors?.measure as Record<string, { message?: string }> | undefined) ?? {};
  return (
    <Paper withBorder p="sm">
      <Grid gap="xs" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {kind === 'item' ? (
            <Controller
              control={form.control}
              name={`lines.${i}.item`}
              render={({ field }) => (
                <ItemSelect
                  label={`Line ${i + 1}`}
                  value={itemKey}
                  known={known}
                  warehouse={warehouse}
                  onPick={(item) => {
                    if (!item) return field.onChange({ type: 'product', id: '' });
                    const key = keyOf({ type: item.type, id: item._id });
                    onKnown(key, {
                      name: item.name,
                      sku: item.sku,
                      pricingMode: item.pricingMode,
                      priceCents: item.priceCents,
                    });
                    field.onChange({ type: item.type, id: item._id });
                    form.setValue(`lines.${i}.measure`, item.pricingMode === 'unit' ? null : {});
                  }}
                  error={errors?.item?.id?.message ?? errors?.item?.message}
                />
              )}
            />
          ) : (
            <TextInput
              label={kind === 'special' ? `Line ${i + 1}: special order` : `Line ${i + 1}`}
              placeholder={kind === 'special' ? 'What is ordered for the customer' : 'Installation, delivery, design…'}
              {...form.register(`lines.${i}.name`)}
              error={err('name')}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <Controller
            control={form.control}
            name={`lines.${i}.quantity`}
            render={({ field }) => (
              <NumberInput
                label={measured ? 'Pieces' : 'Quantity'}
                min={0}
                decimalScale={4}
                value={field.value ?? ''}
                onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                error={err('quantity')}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 2 }}>
          <Controller
            control={form.control}
            name={`lines.${i}.unitPriceCents`}
            render={({ field }) => (
              <MoneyInput
                label="Unit price"
                placeholder={
                  kind === 'item' && info?.priceCents !== null && info?.priceCents !== undefined
                    ? formatMoney(info.priceCents)
                    : undefined
                }
                cents={field.value}
                onChange={field.onChange}
                error={err('unitPriceCents')}
              />
            )}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 2 }}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <Controller
              control={form.control}
              name={`lines.${i}.discount`}
              render={({ field }) => (
                <DiscountInput label="Discount" value={field.value} onChange={field.onChange} error={err('discount')} />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={4}
              aria-label={`Remove line ${i + 1}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Grid.Col>
        {kind === 'item' && measured && (
          <>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.measure.width`}
                render={({ field }) => (
                  <NumberInput
                    label="Width (in)"
                    min={0}
                    decimalScale={2}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                    error={
                      measureError.width?.message ?? (errors?.measure as { message?: string } | undefined)?.message
                    }
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.measure.length`}
                render={({ field }) => (
                  <NumberInput
                    label="Length (in)"
                    min={0}
                    decimalScale={2}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                    error={measureError.length?.message}
                  />
                )}
              />
            </Grid.Col>
          </>
        )}
        {kind === 'special' && (
          <>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.special.vendor`}
                render={({ field }) => (
                  <VendorSelect
                    label="Vendor"
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    error={(errors?.special as Record<string, { message?: string }> | undefined)?.vendor?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 3 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.special.costCents`}
                render={({ field }) => (
                  <MoneyInput
                    label="Unit cost"
                    decimals={4}
                    cents={field.value}
                    onChange={(c) => field.onChange(c ?? 0)}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.special.leadTimeDays`}
                render={({ field }) => (
                  <NumberInput
                    label="Lead time"
                    suffix=" days"
                    min={0}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <TextInput label="Vendor’s SKU" {...form.register(`lines.${i}.special.sku`)} />
            </Grid.Col>
          </>
        )}
        {withOptions && (
          <Grid.Col span={12}>
            <Group gap="md" align="flex-end">
              <Checkbox label="Optional" {...form.register(`lines.${i}.optional`)} />
              {line.optional && <Checkbox label="Taken by the customer" {...form.register(`lines.${i}.selected`)} />}
              <TextInput
                label="Alternative group"
                placeholder="Good / better / best…"
                size="xs"
                {...form.register(`lines.${i}.group`, { setValueAs: (v) => v || null })}
                error={err('group')}
              />
              {line.group && <Checkbox label="The one chosen" {...form.register(`lines.${i}.chosen`)} />}
            </Group>
          </Grid.Col>
        )}
        {kind !== 'item' && taxClasses.length > 0 && (
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Controller
              control={form.control}
              name={`lines.${i}.taxClass`}
              render={({ field }) => (
                <Select
                  label="Tax class"
                  data={[...taxClasses]}
                  value={field.value ?? taxClasses[0] ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  allowDeselect={false}
                  error={err('taxClass')}
                />
              )}
            />
          </Grid.Col>
        )}
      </Grid>
    </Paper>
  );
}
