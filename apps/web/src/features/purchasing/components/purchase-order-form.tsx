import {
  LANDED_COST_METHOD_LABELS,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type StockItemChoice,
} from '@atelier/contracts';
import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Fields, MoneyInput } from '../../../components/form/fields';
import { JobSelect, VendorSelect } from '../../../components/form/pickers';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';
import { useStockItems } from '../api';

type Line = {
  id?: string;
  /** None: a special order bought for a customer (made from its order), named by the line itself. */
  item: { type: 'product' | 'variant' | 'material'; id: string } | null;
  name: string;
  vendorSku: string;
  quantity: number;
  unitCost?: number;
  expectedDate: string | null;
};
type Values = Omit<PurchaseOrderInput, 'lines'> & { lines: Line[] };

const itemKey = (item: { type: string; id: string }) => `${item.type}:${item.id}`;
const newLine = (): Line => ({
  item: { type: 'product', id: '' },
  name: '',
  vendorSku: '',
  quantity: 1,
  expectedDate: null,
});
/** The Ship to choice that types an address instead of choosing a warehouse. */
const ADDRESS = '__address';
const JOB_SITE = '__job_site';
const EMPTY_ADDRESS = { line1: '', city: '', region: '', postalCode: '', country: 'US' };

function useWarehouses() {
  return useQuery({
    queryKey: ['stock', 'warehouses'],
    queryFn: () => api<{ _id: string; name: string }[]>('GET', '/stock/warehouses'),
  });
}

/** Picks what a line orders by name or SKU: a product, one of its variants, or a material. */
function ItemSelect({
  value,
  initial,
  onChange,
  error,
  label,
}: {
  value: string | null;
  initial?: StockItemChoice;
  onChange: (item: StockItemChoice | null) => void;
  error?: string;
  label: string;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useStockItems(q);
  const options = new Map<string, StockItemChoice>();
  if (initial) options.set(itemKey({ type: initial.type, id: initial._id }), initial);
  for (const i of found.data ?? []) options.set(itemKey({ type: i.type, id: i._id }), i);
  return (
    <Select
      label={label}
      placeholder="Search by name or SKU"
      data={[...options].map(([v, i]) => ({ value: v, label: `${i.name} · ${i.sku}` }))}
      value={value}
      onChange={(v) => onChange(v ? (options.get(v) ?? null) : null)}
      onSearchChange={setSearch}
      searchable
      filter={({ options: o }) => o}
      error={error}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'Nothing found'}
    />
  );
}

function Lines({ form, record }: { form: UseFormReturn<Values>; record?: PurchaseOrder }) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  // What each line's item is called: the record's own lines, and what was picked since.
  const [picked, setPicked] = useState<Record<string, StockItemChoice>>(() =>
    Object.fromEntries(
      (record?.lines ?? []).flatMap((l) => (l.item ? [[itemKey({ type: l.item.type, id: l.item._id }), l.item]] : [])),
    ),
  );
  const received = new Map((record?.lines ?? []).map((l) => [l.id, l.received]));
  const e = form.formState.errors.lines;
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
      {lines.fields.map((field, i) => {
        const errors = e?.[i];
        const arrived = received.get(form.getValues(`lines.${i}.id`) ?? '');
        return (
          // On a phone: the item on a line of its own, then quantity and cost, then the date.
          <Grid key={field.id} gap="xs" align="flex-end">
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.item`}
                render={({ field: f }) =>
                  f.value === null ? (
                    // A special order: what it is and the vendor's SKU come from the customer's order.
                    <TextInput
                      label={`Line ${i + 1}`}
                      value={form.getValues(`lines.${i}.name`)}
                      description={`Special order${
                        form.getValues(`lines.${i}.vendorSku`)
                          ? ` · vendor’s SKU ${form.getValues(`lines.${i}.vendorSku`)}`
                          : ''
                      }`}
                      readOnly
                      error={errors?.name?.message}
                    />
                  ) : (
                    <ItemSelect
                      label={`Line ${i + 1}`}
                      value={f.value?.id ? itemKey(f.value) : null}
                      initial={f.value?.id ? picked[itemKey(f.value)] : undefined}
                      onChange={(item) => {
                        if (item) setPicked((all) => ({ ...all, [itemKey({ type: item.type, id: item._id })]: item }));
                        f.onChange(item ? { type: item.type, id: item._id } : { type: 'product', id: '' });
                      }}
                      error={errors?.item?.id?.message ?? errors?.item?.message}
                    />
                  )
                }
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
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
                    description={arrived ? `${arrived} arrived` : undefined}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, sm: 2 }}>
              <Controller
                control={form.control}
                name={`lines.${i}.unitCost`}
                render={({ field: f }) => (
                  <MoneyInput
                    label="Unit cost"
                    placeholder="Vendor’s cost"
                    decimals={4}
                    cents={f.value}
                    onChange={f.onChange}
                    error={errors?.unitCost?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  type="date"
                  label="Expected"
                  // Shrinks with its column, so the remove button stays inside the card.
                  flex={1}
                  miw={0}
                  {...form.register(`lines.${i}.expectedDate`, { setValueAs: (v) => v || null })}
                  error={errors?.expectedDate?.message}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={4}
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
          onClick={() => lines.append(newLine())}
        >
          Add a line
        </Button>
      </Group>
    </Stack>
  );
}

const valuesOf = (record: PurchaseOrder | undefined): Values => ({
  vendor: record?.vendor._id ?? '',
  warehouse: record?.warehouse?._id ?? null,
  shipTo: record?.shipTo ?? null,
  customerJob: record?.customerJob?._id ?? null,
  expectedDate: record?.expectedDate ?? null,
  notes: record?.notes ?? '',
  freightCents: record?.freightCents ?? 0,
  otherChargesCents: record?.otherChargesCents ?? 0,
  allocation: record?.allocation ?? 'value',
  lines: record
    ? record.lines.map((l) => ({
        id: l.id,
        item: l.item ? { type: l.item.type, id: l.item._id } : null,
        // An item's line is called by its item; a special order keeps its own words.
        name: l.item ? '' : l.name,
        vendorSku: l.item ? '' : l.vendorSku,
        quantity: l.quantity,
        unitCost: l.unitCost,
        expectedDate: l.expectedDate,
      }))
    : [newLine()],
});

/**
 * A purchase order's vendor, where it is delivered, its charges (landed on the lines by value or
 * quantity) and its lines. A line's cost left empty is the vendor's for the item.
 */
export function PurchaseOrderForm(props: RecordFormProps<PurchaseOrder, PurchaseOrderInput>) {
  const warehouses = useWarehouses();
  return (
    <RecordForm<PurchaseOrder, Values>
      {...(props as unknown as RecordFormProps<PurchaseOrder, Values>)}
      values={valuesOf}
    >
      {(form) => {
        const e = form.formState.errors;
        return (
          <>
            <Fields
              form={form}
              fields={[
                {
                  name: 'vendor',
                  label: 'Vendor',
                  render: (f, error) => (
                    <Controller
                      control={f.control}
                      name="vendor"
                      render={({ field }) => (
                        <VendorSelect
                          label="Vendor"
                          value={field.value || null}
                          initial={props.record?.vendor}
                          onChange={(v) => field.onChange(v ?? '')}
                          error={error}
                        />
                      )}
                    />
                  ),
                },
                {
                  name: 'warehouse',
                  label: 'Ship to',
                  render: (f, error) => (
                    <Controller
                      control={f.control}
                      name="warehouse"
                      render={({ field }) => (
                        <Select
                          label="Ship to"
                          placeholder="Choose a warehouse"
                          data={[
                            ...(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name })),
                            // The server takes the job's site address when neither is given.
                            ...(f.watch('customerJob') ? [{ value: JOB_SITE, label: "The job's site" }] : []),
                            { value: ADDRESS, label: 'Another address…' },
                          ]}
                          value={
                            field.value ?? (f.watch('shipTo') ? ADDRESS : f.watch('customerJob') ? JOB_SITE : null)
                          }
                          onChange={(v) => {
                            field.onChange(v === ADDRESS || v === JOB_SITE ? null : v);
                            f.setValue('shipTo', v === ADDRESS ? (f.getValues('shipTo') ?? EMPTY_ADDRESS) : null);
                          }}
                          error={error}
                        />
                      )}
                    />
                  ),
                },
                {
                  name: 'customerJob',
                  label: 'Job',
                  render: (f, error) => (
                    <Controller
                      control={f.control}
                      name="customerJob"
                      render={({ field }) => (
                        <JobSelect
                          label="Job"
                          description="What it is bought for; it may ship to the job's site"
                          value={field.value ?? null}
                          initial={props.record?.customerJob}
                          onChange={field.onChange}
                          error={error}
                        />
                      )}
                    />
                  ),
                },
                { name: 'expectedDate', label: 'Expected', type: 'date' },
                {
                  name: 'allocation',
                  label: 'Spread charges over the lines',
                  type: 'select',
                  choices: LANDED_COST_METHOD_LABELS,
                },
                { name: 'freightCents', label: 'Freight', type: 'money' },
                { name: 'otherChargesCents', label: 'Other charges', type: 'money' },
              ]}
            />
            {form.watch('shipTo') && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Street address" {...form.register('shipTo.line1')} error={e.shipTo?.line1?.message} />
                <TextInput label="City" {...form.register('shipTo.city')} error={e.shipTo?.city?.message} />
                <TextInput
                  label="State or region"
                  {...form.register('shipTo.region')}
                  error={e.shipTo?.region?.message}
                />
                <TextInput
                  label="Postal code"
                  {...form.register('shipTo.postalCode')}
                  error={e.shipTo?.postalCode?.message}
                />
              </SimpleGrid>
            )}
            <Lines form={form} record={props.record} />
          </>
        );
      }}
    </RecordForm>
  );
}
