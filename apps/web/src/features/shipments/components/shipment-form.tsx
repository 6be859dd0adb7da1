import {
  KINDS,
  KNOWN_CARRIERS,
  type ListPage,
  type PurchaseOrder,
  SHIPMENT_DIRECTION_LABELS,
  type Shipment,
  type ShipmentInput,
} from '@atelier/contracts';
import { ActionIcon, Autocomplete, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Fields } from '../../../components/form/fields';
import { RecordForm } from '../../../components/form/record-form';
import type { RecordFormProps } from '../../../components/record/record-pages';
import { api } from '../../../lib/api';

type Values = Omit<ShipmentInput, 'lines'> & { lines: { line: string; quantity: number }[] };

/** The open purchase orders a shipment may carry lines of (sent, or partly received). */
function useOpenOrders() {
  return useQuery({
    queryKey: ['list', KINDS.purchase_order.apiPath, 'open'],
    queryFn: () =>
      api<ListPage<{ _id: string; name: string; vendor: { name: string } }>>(
        'GET',
        KINDS.purchase_order.apiPath,
        undefined,
        {
          'filter[state]': ['sent', 'partially_received'],
          limit: 100,
        },
      ),
  });
}

function Lines({ form, record }: { form: UseFormReturn<Values>; record?: Shipment }) {
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const orders = useOpenOrders();
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries((record?.lines ?? []).map((l) => [l.line, `${l.purchaseOrder.name} · ${l.item.name}`])),
  );
  const add = async (id: string | null) => {
    if (!id) return;
    const order = await api<PurchaseOrder>('GET', `${KINDS.purchase_order.apiPath}/${id}`);
    const have = new Set(form.getValues('lines').map((l) => l.line));
    const open = order.lines.filter((l) => l.remaining > 0 && !have.has(l.id));
    setNames((all) => ({ ...all, ...Object.fromEntries(open.map((l) => [l.id, `${order.number} · ${l.name}`])) }));
    for (const l of open) lines.append({ line: l.id, quantity: l.remaining });
  };
  const e = form.formState.errors.lines;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        What it carries
      </Title>
      <Select
        label="Add the open lines of a purchase order"
        placeholder="Choose a purchase order"
        data={(orders.data?.items ?? []).map((o) => ({ value: o._id, label: `${o.name} · ${o.vendor.name}` }))}
        value={null}
        onChange={add}
        searchable
      />
      {typeof e?.message === 'string' && (
        <Text size="sm" c="red.8">
          {e.message}
        </Text>
      )}
      {lines.fields.map((field, i) => (
        <Group key={field.id} align="flex-end" wrap="nowrap">
          <Text size="sm" style={{ flex: 1 }}>
            {names[form.getValues(`lines.${i}.line`)] ?? 'A purchase-order line'}
            {e?.[i]?.line?.message && (
              <Text span size="xs" c="red.8" display="block">
                {e[i]?.line?.message}
              </Text>
            )}
          </Text>
          <Controller
            control={form.control}
            name={`lines.${i}.quantity`}
            render={({ field: f }) => (
              <NumberInput
                w={130}
                label="Quantity"
                min={0}
                decimalScale={4}
                value={f.value ?? ''}
                onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
                error={e?.[i]?.quantity?.message}
              />
            )}
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
      ))}
    </Stack>
  );
}

const valuesOf = (record: Shipment | undefined): Values => ({
  direction: record?.direction ?? 'inbound',
  carrier: record?.carrier ?? '',
  trackingNumber: record?.trackingNumber ?? '',
  shipDate: record?.shipDate ?? null,
  expectedDate: record?.expectedDate ?? null,
  notes: record?.notes ?? '',
  lines: (record?.lines ?? []).map((l) => ({ line: l.line, quantity: l.quantity })),
});

/** A shipment's carrier, tracking, dates and, inbound, the purchase-order lines it brings. */
export function ShipmentForm(props: RecordFormProps<Shipment, ShipmentInput>) {
  return (
    <RecordForm<Shipment, Values> {...(props as unknown as RecordFormProps<Shipment, Values>)} values={valuesOf}>
      {(form) => {
        return (
          <>
            <Fields
              form={form}
              fields={[
                {
                  name: 'carrier',
                  label: 'Carrier',
                  render: (f, error) => (
                    <Controller
                      control={f.control}
                      name="carrier"
                      render={({ field }) => (
                        <Autocomplete
                          label="Carrier"
                          data={[...KNOWN_CARRIERS]}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          error={error}
                        />
                      )}
                    />
                  ),
                },
                { name: 'trackingNumber', label: 'Tracking number' },
                { name: 'direction', label: 'Direction', type: 'select', choices: SHIPMENT_DIRECTION_LABELS },
                { name: 'shipDate', label: 'Shipped', type: 'date' },
                { name: 'expectedDate', label: 'Expected', type: 'date' },
              ]}
            />
            {form.watch('direction') === 'inbound' && <Lines form={form} record={props.record} />}
          </>
        );
      }}
    </RecordForm>
  );
}
