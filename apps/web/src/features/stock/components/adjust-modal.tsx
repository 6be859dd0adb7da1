import { type ItemStock, type StockItemRef, stockAdjustmentSchema } from '@atelier/contracts';
import { Button, Group, Modal, NumberInput, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useAdjustStock } from '../api';

export type StockChoice = StockItemRef & { name: string };

/** Which of the page's items (a product's variants) a dialog is about; none to choose when there is one. */
export function ItemChoice(props: {
  items: StockChoice[];
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  if (props.items.length < 2) return null;
  return (
    <Select
      label="Item"
      searchable
      data={props.items.map((i) => ({ value: i.id, label: i.name }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/**
 * "Adjust stock": a change counted by hand, up or down, in one warehouse, which always says why
 * (the ledger keeps the note with the movement).
 */
export function AdjustModal({
  opened,
  onClose,
  items,
  stock,
}: {
  opened: boolean;
  onClose: () => void;
  items: StockChoice[];
  stock: ItemStock;
}) {
  const [item, setItem] = useState<string | null>(items.length === 1 ? items[0]!.id : null);
  const [warehouse, setWarehouse] = useState<string | null>(stock.warehouses[0]?._id ?? null);
  const [quantity, setQuantity] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const adjust = useAdjustStock();
  const chosen = items.find((i) => i.id === item);
  const { errors, submit } = useCheckedSubmit(stockAdjustmentSchema, adjust.mutateAsync, () => {
    toastSuccess('Stock adjusted.');
    setQuantity('');
    setNote('');
    onClose();
  });
  const send = () =>
    submit(
      {
        item: chosen ? { type: chosen.type, id: chosen.id } : { type: 'product', id: '' },
        warehouse: warehouse ?? '',
        quantity: quantity === '' ? Number.NaN : quantity,
        note,
      },
      chosen ? {} : { item: 'Choose what changed.' },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Adjust stock">
      <Stack>
        <ItemChoice items={items} value={item} onChange={setItem} error={errors['item.id'] ?? errors.item} />
        <Select
          label="Warehouse"
          data={stock.warehouses.map((w) => ({ value: w._id, label: w.name }))}
          value={warehouse}
          onChange={setWarehouse}
          allowDeselect={false}
          error={errors.warehouse}
        />
        <NumberInput
          label="Change"
          description="Positive adds stock, negative takes it away (−2 for two broken)."
          decimalScale={4}
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : '')}
          error={errors.quantity}
        />
        <Textarea
          label="Reason"
          placeholder="Two boxes broken unloading the truck"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={adjust.isPending}>
            Adjust
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
