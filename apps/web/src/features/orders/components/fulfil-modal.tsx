import { KNOWN_CARRIERS, type Order } from '@atelier/contracts';
import {
  Autocomplete,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { ApiError } from '../../../lib/api';
import { formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useFulfil } from '../api';

/**
 * Hands over what the customer takes now, picked up or shipped (an outbound shipment is made with
 * its carrier and tracking number): each line's quantity (what is left unless changed) leaves the
 * order's warehouse, in one step.
 */
export function FulfilModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const fulfil = useFulfil(order._id);
  const open = order.lines.filter((l) => l.counted && l.quantity > l.delivered);
  const [method, setMethod] = useState<'pickup' | 'shipment'>('pickup');
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [expected, setExpected] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number | undefined>>(() =>
    Object.fromEntries(open.map((l) => [l.id, l.quantity - l.delivered])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Modal opened={opened} onClose={onClose} title={`Hand over ${order.number}`} size="lg">
      <Stack>
        <SegmentedControl
          aria-label="How it is handed over"
          data={[
            { value: 'pickup', label: 'Picked up in store' },
            { value: 'shipment', label: 'Shipped' },
          ]}
          value={method}
          onChange={(v) => setMethod(v as 'pickup' | 'shipment')}
          w="fit-content"
        />
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Left</Table.Th>
                <Table.Th ta="right">Now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {open.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.quantity - l.delivered)}</Table.Td>
                  <Table.Td w={140}>
                    <NumberInput
                      aria-label={`How many of ${l.name} now`}
                      min={0}
                      decimalScale={4}
                      value={quantities[l.id] ?? ''}
                      onChange={(v) => setQuantities((q) => ({ ...q, [l.id]: typeof v === 'number' ? v : undefined }))}
                      error={errors[l.id]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {method === 'shipment' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Autocomplete
              label="Carrier"
              required
              data={[...KNOWN_CARRIERS]}
              value={carrier}
              onChange={setCarrier}
              error={errors['shipment.carrier']}
            />
            <TextInput
              label="Tracking number"
              value={tracking}
              onChange={(e) => setTracking(e.currentTarget.value)}
              error={errors['shipment.trackingNumber']}
            />
            <TextInput
              type="date"
              label="Expected"
              value={expected}
              onChange={(e) => setExpected(e.currentTarget.value)}
              error={errors['shipment.expectedDate']}
            />
          </SimpleGrid>
        )}
        <TextInput
          label="Note"
          placeholder={method === 'pickup' ? 'Who took it…' : 'Anything the shipment should say…'}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {open.length === 0 && <Text size="sm">Everything on this order has been handed over.</Text>}
        <DialogActions
          onCancel={onClose}
          confirm="Hand over"
          loading={fulfil.isPending}
          onConfirm={async () => {
            const lines = open
              .filter((l) => (quantities[l.id] ?? 0) > 0)
              .map((l) => ({ line: l.id, quantity: quantities[l.id]! }));
            try {
              const after = await fulfil.mutateAsync({
                method,
                note,
                lines,
                shipment:
                  method === 'shipment'
                    ? {
                        carrier,
                        trackingNumber: tracking,
                        shipDate: new Date().toLocaleDateString('en-CA'),
                        expectedDate: expected || null,
                      }
                    : null,
              });
              toastSuccess(
                after.status === 'fulfilled'
                  ? `${order.number} fulfilled.`
                  : `Handed over: ${order.number} has more to go.`,
              );
              onClose();
            } catch (error) {
              // The server names the lines sent by their place: each message goes to its line.
              const fields = error instanceof ApiError ? error.fields : {};
              setErrors({
                ...Object.fromEntries(
                  lines.flatMap((l, k) => {
                    const message = fields[`lines.${k}.quantity`] ?? fields[`lines.${k}.line`];
                    return message ? [[l.line, message]] : [];
                  }),
                ),
                ...Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('shipment'))),
              });
              showSubmitError(error);
            }
          }}
        />
      </Stack>
    </Modal>
  );
}
