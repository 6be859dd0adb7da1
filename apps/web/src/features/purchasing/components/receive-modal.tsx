import type { PurchaseOrder } from '@atelier/contracts';
import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../../lib/api';
import { formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useReceive } from '../api';

/**
 * "Receive": what arrived of each open line (what is left, unless changed), into the order's
 * warehouse or another. More than is left asks for a confirmation the server insists on.
 */
export function ReceiveModal({
  order,
  opened,
  onClose,
}: {
  order: PurchaseOrder;
  opened: boolean;
  onClose: () => void;
}) {
  const open = order.lines.filter((l) => l.remaining > 0);
  const [quantities, setQuantities] = useState<Record<string, number | ''>>(() =>
    Object.fromEntries(open.map((l) => [l.id, l.remaining])),
  );
  const [warehouse, setWarehouse] = useState<string | null>(order.warehouse?._id ?? null);
  // An order for a job shipped to no warehouse arrives at the job's site unless said otherwise.
  const [toSite, setToSite] = useState(Boolean(order.customerJob) && !order.warehouse);
  const [note, setNote] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const receive = useReceive(order._id);
  const places = useQuery({
    queryKey: ['stock', 'warehouses'],
    queryFn: () => api<{ _id: string; name: string }[]>('GET', '/stock/warehouses'),
  });
  const lines = order.lines.filter((l) => l.remaining > 0 || (quantities[l.id] ?? '') !== '');

  const submit = async () => {
    const sent = Object.entries(quantities)
      .filter(([, q]) => q !== '' && q > 0)
      .map(([line, quantity]) => ({ line, quantity: quantity as number }));
    if (!sent.length) {
      setErrors({ lines: 'Enter what arrived of at least one line.' });
      return;
    }
    setErrors({});
    try {
      const got = await receive.mutateAsync({
        lines: sent,
        note,
        confirmOverReceipt: confirm,
        deliveredToSite: toSite,
        ...(warehouse && !toSite ? { warehouse } : {}),
      });
      toastSuccess(`Received on ${got.number}: ${got.linesReceived} of ${got.lines.length} lines in full.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.message.includes('confirm'))
        setAsked(error.message);
      else if (error instanceof ApiError) {
        const byLine: Record<string, string> = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const [, i, field] = path.split('.');
          byLine[i !== undefined && field ? (sent[Number(i)]?.line ?? path) : path] = message;
        }
        setErrors(byLine);
      }
      showSubmitError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Receive on ${order.number}`} size="lg">
      <Stack>
        {order.customerJob && (
          <Checkbox
            label={`Delivered to the job site (${order.customerJob.name})`}
            description="Received for the job: it goes into no warehouse's stock."
            checked={toSite}
            onChange={(e) => setToSite(e.currentTarget.checked)}
            error={errors.deliveredToSite}
          />
        )}
        {!toSite && (
          <Select
            label="Arrived at"
            data={(places.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
            value={warehouse}
            onChange={setWarehouse}
            allowDeselect={false}
            error={errors.warehouse}
          />
        )}
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Left</Table.Th>
                <Table.Th w={150}>Arrived now</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm">{l.name}</Text>
                    <Text size="xs" c="dimmed">
                      {/* A special order is received but not stocked. */}
                      {l.item
                        ? l.item.sku
                        : `Special order${l.vendorSku ? ` · vendor’s ${l.vendorSku}` : ''} · not stocked`}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.remaining)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={`${l.name} arrived now`}
                      min={0}
                      decimalScale={4}
                      value={quantities[l.id] ?? ''}
                      onChange={(v) => setQuantities((all) => ({ ...all, [l.id]: typeof v === 'number' ? v : '' }))}
                      error={errors[l.id]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {errors.lines && (
          <Text size="sm" c="red.8">
            {errors.lines}
          </Text>
        )}
        <TextInput
          label="Note"
          placeholder="Two cartons damaged"
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {asked && (
          <Checkbox
            label={`${asked.replace(/: confirm to receive more than was ordered\.$/, '')}. Receive more than was ordered anyway.`}
            checked={confirm}
            onChange={(e) => setConfirm(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={receive.isPending}>
            Receive
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
