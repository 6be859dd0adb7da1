import {
  KINDS,
  type ListPage,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderRow,
  type Vendor,
} from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { api } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';

/** /p/vendors/{id}/purchase-orders: the vendor's orders, newest first. */
export default function VendorOrdersTab() {
  const { record } = useRecord<Vendor>();
  const { can } = useCan();
  const kind = KINDS.purchase_order;
  const orders = useQuery({
    queryKey: ['list', kind.apiPath, 'vendor', record._id],
    queryFn: () =>
      api<ListPage<PurchaseOrderRow>>('GET', kind.apiPath, undefined, {
        'filter[vendor]': [record._id],
        sort: '-number',
        limit: 100,
      }),
    enabled: can(kind.codes.modify),
  });
  if (!can(kind.codes.modify))
    return (
      <Text size="sm" c="dimmed">
        Purchase orders need the purchase-orders permission.
      </Text>
    );
  return (
    <Stack>
      <Group justify="flex-end">
        <Button component={Link} to={`${kind.webPath}/new`}>
          New purchase order
        </Button>
      </Group>
      <Card withBorder padding="sm">
        {!orders.data ? (
          <Loader aria-label="Loading the purchase orders" />
        ) : orders.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has been ordered from {record.name} yet.
          </Text>
        ) : (
          <ScrollTable
            head={['Number', 'Status', 'Expected', 'Total', 'Lines received']}
            rows={orders.data.items.map((o) => ({
              key: o._id,
              cells: [
                <Anchor key="n" component={Link} to={`${kind.webPath}/${o._id}`} size="sm">
                  {o.number}
                </Anchor>,
                PURCHASE_ORDER_STATUS_LABELS[o.status],
                o.expectedDate ? formatDate(o.expectedDate) : '—',
                formatMoney(o.totalCents),
                `${o.linesReceived} of ${o.lineCount}`,
              ],
            }))}
          />
        )}
      </Card>
    </Stack>
  );
}
