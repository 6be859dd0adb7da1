import type { Vendor, VendorItem } from '@atelier/contracts';
import { Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions';
import { useRecord } from '../../../components/record/record-outlet';
import { showSubmitError } from '../../../lib/forms';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteVendorItem, useVendorItems } from '../api';
import { VendorItemModal } from '../components/vendor-item-form';
import { VendorItemsTable } from '../components/vendor-items-table';

/** What the vendor sells the firm: products, variants and materials, at what cost, by the pack. */
export default function VendorItemsTab() {
  const { record } = useRecord<Vendor>();
  const items = useVendorItems({ vendor: record._id });
  const remove = useDeleteVendorItem();
  const [editing, setEditing] = useState<VendorItem | 'new' | null>(null);
  const [removing, setRemoving] = useState<VendorItem | null>(null);
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Items ({items.data?.length ?? 0})
          </Title>
          <Button onClick={() => setEditing('new')}>Add an item</Button>
        </Group>
        {!items.data ? (
          <Loader aria-label="Loading the items" />
        ) : items.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet. Add the products and materials you buy from {record.name}.
          </Text>
        ) : (
          <VendorItemsTable items={items.data} by="item" onEdit={setEditing} onRemove={setRemoving} />
        )}
      </Stack>
      {editing && (
        <VendorItemModal
          vendorId={record._id}
          item={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove this item?">
        <Stack>
          <Text size="sm">
            {record.name} will no longer be listed as selling {removing?.item.name}.
          </Text>
          <DialogActions
            onCancel={() => setRemoving(null)}
            confirm="Remove"
            color="red"
            loading={remove.isPending}
            onConfirm={() =>
              remove.mutateAsync(removing!._id).then(
                () => {
                  toastSuccess('Item removed.');
                  setRemoving(null);
                },
                (error) => showSubmitError(error),
              )
            }
          />
        </Stack>
      </Modal>
    </Card>
  );
}
