import type { PurchaseOrder } from '@atelier/contracts';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRecord } from '../../../components/record/record-outlet';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { purchaseOrders, useReverseReceipt } from '../api';

/** /p/purchase-orders/{id}/receipts: each delivery taken in, newest first; one entered by mistake can be reversed. */
export default function PurchaseOrderReceiptsTab() {
  const { record } = useRecord<PurchaseOrder>();
  const reverse = useReverseReceipt(record._id);
  const { can } = useCan();
  const [reversing, setReversing] = useState<string | null>(null);
  if (!record.receipts.length)
    return (
      <Text c="dimmed" size="sm">
        Nothing has been received on this order yet.
      </Text>
    );
  return (
    <Stack>
      {record.receipts.map((r) => (
        <Card key={r._id} withBorder padding="md">
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>
                {formatDateTime(r.createdAt)} · {r.warehouse?.name ?? 'Delivered to the job site'}
                {r.by ? ` · ${r.by.name}` : ''}
              </Text>
              <Text size="sm">{r.lines.map((l) => `${formatQuantity(l.quantity)} × ${l.name}`).join(', ')}</Text>
              {r.note && (
                <Text size="sm" c="dimmed">
                  {r.note}
                </Text>
              )}
            </div>
            {r.reversedAt ? (
              <Badge color="gray" variant="light">
                Reversed {formatDateTime(r.reversedAt)}
              </Badge>
            ) : (
              can(purchaseOrders.kind.codes.modify) && (
                <Button variant="default" size="xs" onClick={() => setReversing(r._id)}>
                  Reverse
                </Button>
              )
            )}
          </Group>
        </Card>
      ))}
      <ConfirmDialog
        opened={reversing !== null}
        title="Reverse this receipt?"
        text="Its stock leaves the warehouse again at the cost it came in at, and its lines are open again."
        confirm="Reverse it"
        done="Receipt reversed."
        run={() => reverse.mutateAsync(reversing!)}
        loading={reverse.isPending}
        onClose={() => setReversing(null)}
      />
    </Stack>
  );
}
