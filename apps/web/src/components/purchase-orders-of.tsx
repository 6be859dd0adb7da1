import { KINDS, type ListPage, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderRow } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { formatDate, formatMoney } from '../lib/format';
import { useCan } from '../lib/permissions';
import { ScrollTable } from './scroll-table';

type Props = {
  /** The list's filter that picks them: a vendor's orders, a job's. */
  filter: 'vendor' | 'job';
  id: string;
  /** What shows when there are none. */
  empty: string;
};

/** A record's purchase orders (a vendor's, a job's), newest first, with a link to order more. */
export function PurchaseOrdersOf({ filter, id, empty }: Props) {
  const { can } = useCan();
  const kind = KINDS.purchase_order;
  const orders = useQuery({
    queryKey: ['list', kind.apiPath, filter, id],
    queryFn: () =>
      api<ListPage<PurchaseOrderRow>>('GET', kind.apiPath, undefined, {
        [`filter[${filter}]`]: [id],
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
            {empty}
          </Text>
        ) : (
          <ScrollTable
            head={['Number', filter === 'job' ? 'Vendor' : 'Job', 'Status', 'Expected', 'Total', 'Lines received']}
            rows={orders.data.items.map((o) => ({
              key: o._id,
              cells: [
                <Anchor key="n" component={Link} to={`${kind.webPath}/${o._id}`} size="sm">
                  {o.number}
                </Anchor>,
                (filter === 'job' ? o.vendor.name : o.customerJob?.name) ?? '—',
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
