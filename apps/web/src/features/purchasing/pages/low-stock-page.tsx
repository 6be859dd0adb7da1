import { KINDS, type LowStockRow } from '@atelier/contracts';
import { Anchor, Button, Card, Checkbox, Group, Loader, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { api } from '../../../lib/api';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { stockTabHref } from '../../stock/item-href';
import { useVendorChoices } from '../../vendors/api';
import { useLowStock, useOrderLowStock } from '../api';

const keyOf = (r: LowStockRow) => `${r.item.type}:${r.item._id}:${r.warehouse._id}`;

/**
 * /p/low-stock (1): what is at or below its reorder point on forecast (on hand less what orders
 * hold, plus what arrives within the vendor's lead time), per warehouse; the rows ticked become draft purchase orders,
 * one per preferred vendor and warehouse.
 */
export default function LowStockPage() {
  const { can } = useCan();
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [vendor, setVendor] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const rows = useLowStock({ warehouse, vendor });
  const places = useQuery({
    queryKey: ['stock', 'warehouses'],
    queryFn: () => api<{ _id: string; name: string }[]>('GET', '/stock/warehouses'),
  });
  const vendors = useVendorChoices();
  const order = useOrderLowStock();
  if (!can(KINDS.product.codes.modify)) return <NoAccess />;
  const items = rows.data?.items ?? [];
  const chosen = items.filter((r) => ticked.has(keyOf(r)));
  const mayOrder = can(KINDS.purchase_order.codes.modify);

  const create = async () => {
    try {
      const made = await order.mutateAsync({
        rows: chosen.map((r) => ({ item: { type: r.item.type, id: r.item._id }, warehouse: r.warehouse._id })),
      });
      setTicked(new Set());
      toast({
        type: 'success',
        message: `${made.length} draft purchase order${made.length === 1 ? '' : 's'} made: ${made.map((m) => `${m.number} (${m.vendor.name})`).join(', ')}.`,
        link: { href: `${KINDS.purchase_order.webPath}/${made[0]!._id}`, label: `Open ${made[0]!.number}` },
      });
    } catch (error) {
      showSubmitError(error);
    }
  };

  return (
    <Stack>
      <PageHeader
        title="Low stock"
        description="Items at or below their reorder point, counting what arrives within the vendor's lead time."
        actions={
          <Button component={Link} to="/p/stock-counts" variant="default">
            Stock counts
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Warehouse"
          placeholder="All warehouses"
          data={(places.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
          value={warehouse}
          onChange={setWarehouse}
          clearable
        />
        <Select
          label="Preferred vendor"
          placeholder="All vendors"
          data={(vendors.data?.items ?? []).map((v) => ({ value: v._id, label: v.name }))}
          value={vendor}
          onChange={setVendor}
          clearable
          searchable
        />
        {mayOrder && (
          <Button onClick={create} disabled={!chosen.length} loading={order.isPending}>
            Create purchase orders{chosen.length ? ` (${chosen.length})` : ''}
          </Button>
        )}
      </Group>
      <Card withBorder padding="sm">
        {!rows.data ? (
          <Loader aria-label="Loading low stock" />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is low: every item with a reorder point has enough on hand or on its way.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Tick every row"
                      checked={chosen.length === items.length}
                      indeterminate={chosen.length > 0 && chosen.length < items.length}
                      onChange={(e) => setTicked(new Set(e.currentTarget.checked ? items.map(keyOf) : []))}
                    />
                  </Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Warehouse</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th ta="right">Committed</Table.Th>
                  <Table.Th ta="right">Incoming</Table.Th>
                  <Table.Th ta="right">Forecast</Table.Th>
                  <Table.Th ta="right">Reorder point</Table.Th>
                  <Table.Th ta="right">To order</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((r) => (
                  <Table.Tr key={keyOf(r)}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Order ${r.item.name} for ${r.warehouse.name}`}
                        checked={ticked.has(keyOf(r))}
                        onChange={(e) => {
                          const next = new Set(ticked);
                          if (e.currentTarget.checked) next.add(keyOf(r));
                          else next.delete(keyOf(r));
                          setTicked(next);
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={stockTabHref(r.item)} size="sm">
                        {r.item.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {r.item.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.warehouse.name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(r.onHand)}</Table.Td>
                    <Table.Td ta="right">{r.committed ? formatQuantity(r.committed) : '—'}</Table.Td>
                    <Table.Td ta="right">{r.incoming ? formatQuantity(r.incoming) : '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(r.forecast)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(r.reorderPoint)}</Table.Td>
                    <Table.Td ta="right">
                      {formatQuantity(r.toOrder)}
                      {r.packSize > 1 && (
                        <Text size="xs" c="dimmed">
                          packs of {r.packSize}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.vendor ? (
                        <>
                          <Text size="sm">{r.vendor.name}</Text>
                          {r.unitCost !== null && (
                            <Text size="xs" c="dimmed">
                              {formatMoney(r.unitCost)} each
                            </Text>
                          )}
                        </>
                      ) : (
                        <Text size="sm" c="dimmed">
                          No preferred vendor
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {rows.data && rows.data.total > items.length && (
        <Text size="sm" c="dimmed">
          Showing {items.length} of {rows.data.total}: choose a warehouse or vendor to narrow them.
        </Text>
      )}
    </Stack>
  );
}
