import { type ItemStock, stockTransferInputSchema } from '@atelier/contracts';
import { Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useCheckedSubmit } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useTransferStock } from '../api';
import { ItemChoice, type StockChoice } from './adjust-modal';

/**
 * "Transfer": stock leaves one warehouse now and is in transit until the other receives it (or
 * arrives at once, for a move across the yard).
 */
export function TransferModal({
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
  const places = stock.warehouses.map((w) => ({ value: w._id, label: w.name }));
  const [item, setItem] = useState<string | null>(items.length === 1 ? items[0]!.id : null);
  const [from, setFrom] = useState<string | null>(places[0]?.value ?? null);
  const [to, setTo] = useState<string | null>(places[1]?.value ?? null);
  const [quantity, setQuantity] = useState<number | ''>('');
  const [note, setNote] = useState('');
  const [receiveNow, setReceiveNow] = useState(false);
  const transfer = useTransferStock();
  const chosen = items.find((i) => i.id === item);
  const { errors, submit } = useCheckedSubmit(stockTransferInputSchema, transfer.mutateAsync, (sent) => {
    toastSuccess(
      sent.status === 'received'
        ? `Transfer ${sent.number} moved to ${sent.to.name}.`
        : `Transfer ${sent.number} is on its way to ${sent.to.name}.`,
    );
    setQuantity('');
    setNote('');
    onClose();
  });
  const send = () =>
    submit(
      {
        from: from ?? '',
        to: to ?? '',
        note,
        receiveNow,
        lines: [
          {
            item: chosen ? { type: chosen.type, id: chosen.id } : { type: 'product', id: '' },
            quantity: quantity === '' ? Number.NaN : quantity,
          },
        ],
      },
      chosen ? {} : { 'lines.0.item': 'Choose what moves.' },
    );

  return (
    <Modal opened={opened} onClose={onClose} title="Transfer stock">
      <Stack>
        <ItemChoice
          items={items}
          value={item}
          onChange={setItem}
          error={errors['lines.0.item.id'] ?? errors['lines.0.item']}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="From"
            data={places}
            value={from}
            onChange={setFrom}
            allowDeselect={false}
            error={errors.from}
          />
          <Select label="To" data={places} value={to} onChange={setTo} allowDeselect={false} error={errors.to} />
        </SimpleGrid>
        <NumberInput
          label="Quantity"
          min={0}
          decimalScale={4}
          value={quantity}
          onChange={(v) => setQuantity(typeof v === 'number' ? v : '')}
          error={errors['lines.0.quantity']}
        />
        <TextInput
          label="Note"
          placeholder="Display stock for the tile wall"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
        />
        <Checkbox
          label="It arrives now (nothing in transit)"
          checked={receiveNow}
          onChange={(e) => setReceiveNow(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={send} loading={transfer.isPending}>
            Transfer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
