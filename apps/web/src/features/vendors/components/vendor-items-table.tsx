import type { VendorItem } from '@atelier/contracts';
import { Anchor, Badge, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';

/**
 * Vendor items as a table: on a vendor's page, what it sells; on a product's or material's, who
 * sells it (`by: 'vendor'`).
 */
export function VendorItemsTable({
  items,
  by,
  onEdit,
  onRemove,
}: {
  items: VendorItem[];
  by: 'item' | 'vendor';
  onEdit?: (item: VendorItem) => void;
  onRemove?: (item: VendorItem) => void;
}) {
  return (
    <ScrollTable
      minWidth={640}
      head={[
        by === 'item' ? 'Item' : 'Vendor',
        'Their SKU',
        'Cost',
        'Pack',
        'Lead time',
        ...(onEdit ? ['Actions'] : []),
      ]}
      rows={items.map((i) => ({
        key: i._id,
        cells: [
          <>
            <Group gap={6} wrap="nowrap">
              {by === 'item' ? (
                <Anchor component={Link} to={i.item.href}>
                  {i.item.name}
                </Anchor>
              ) : (
                <Anchor component={Link} to={`/p/vendors/${i.vendor._id}`}>
                  {i.vendor.name}
                </Anchor>
              )}
              {i.preferred && (
                <Badge variant="light" size="sm">
                  Preferred
                </Badge>
              )}
            </Group>
            {by === 'item' && (
              <Text size="xs" c="dimmed">
                {i.item.sku}
              </Text>
            )}
          </>,
          i.vendorSku || '—',
          formatMoney(Math.round(i.costCents)),
          `${i.packSize} per pack${i.minimumPacks > 1 ? `, at least ${i.minimumPacks}` : ''}`,
          `${i.effectiveLeadTimeDays} days${i.leadTimeDays === null ? ' (vendor’s)' : ''}`,
          ...(onEdit
            ? [
                <Group key="actions" gap={4} wrap="nowrap">
                  <Button size="compact-sm" variant="subtle" onClick={() => onEdit(i)}>
                    Edit <VisuallyHidden>{i.item.name}</VisuallyHidden>
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove?.(i)}>
                    Remove <VisuallyHidden>{i.item.name}</VisuallyHidden>
                  </Button>
                </Group>,
              ]
            : []),
        ],
      }))}
    />
  );
}
