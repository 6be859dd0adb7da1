import type { VendorItem } from '@atelier/contracts';
import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';

/**
 * Vendor items as a table: on a vendor's page, what it sells; on a product's or material's, who
 * sells it (`by: 'vendor'`). It scrolls inside its frame on a phone, the first column fixed.
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
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{by === 'item' ? 'Item' : 'Vendor'}</Table.Th>
            <Table.Th>Their SKU</Table.Th>
            <Table.Th>Cost</Table.Th>
            <Table.Th>Pack</Table.Th>
            <Table.Th>Lead time</Table.Th>
            {onEdit && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i._id}>
              <Table.Td>
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
              </Table.Td>
              <Table.Td>{i.vendorSku || '—'}</Table.Td>
              <Table.Td>{formatMoney(Math.round(i.costCents))}</Table.Td>
              <Table.Td>
                {i.packSize} per pack{i.minimumPacks > 1 ? `, at least ${i.minimumPacks}` : ''}
              </Table.Td>
              <Table.Td>
                {i.effectiveLeadTimeDays} days{i.leadTimeDays === null ? ' (vendor’s)' : ''}
              </Table.Td>
              {onEdit && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-sm" variant="subtle" onClick={() => onEdit(i)}>
                      Edit <VisuallyHidden>{i.item.name}</VisuallyHidden>
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove?.(i)}>
                      Remove <VisuallyHidden>{i.item.name}</VisuallyHidden>
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
