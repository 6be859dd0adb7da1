import { KINDS, type ListPage, ORDER_STATUS_LABELS, type OrderRow } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../lib/api';
import { formatDate, formatMoney } from '../lib/format';
import { useCan } from '../lib/permissions';
import { ScrollTable } from './scroll-table';

type Props = {
  /** The list's filter that picks them: a customer's orders, an account's, a job's. */
  filter: 'customer' | 'account' | 'job';
  id: string;
  /** What shows when there are none. */
  empty: string;
};

/** A record's orders (a customer's, an account's, a job's), newest first, with their totals. */
export function OrdersOf({ filter, id, empty }: Props) {
  const { can } = useCan();
  const kind = KINDS.order;
  const orders = useQuery({
    queryKey: ['list', kind.apiPath, filter, id],
    queryFn: () =>
      api<ListPage<OrderRow>>('GET', kind.apiPath, undefined, {
        [`filter[${filter}]`]: [id],
        sort: '-number',
        limit: 100,
      }),
    enabled: can(kind.codes.modify),
  });
  if (!can(kind.codes.modify))
    return (
      <Text size="sm" c="dimmed">
        Orders need the orders permission.
      </Text>
    );
  const open = (orders.data?.items ?? []).filter((o) => o.status !== 'cancelled');
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          {orders.data
            ? `${orders.data.total} order${orders.data.total === 1 ? '' : 's'}${
                // A sum of the orders shown is only the whole when every order is shown.
                open.length && orders.data.total === orders.data.items.length
                  ? ` · ${formatMoney(open.reduce((s, o) => s + o.totalCents, 0))} not cancelled`
                  : ''
              }`
            : ''}
        </Text>
        <Button component={Link} to="/o/create-order/customer">
          Create order
        </Button>
      </Group>
      <Card withBorder padding="sm">
        {!orders.data ? (
          <Loader aria-label="Loading the orders" />
        ) : orders.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <ScrollTable
            head={['Number', filter === 'customer' ? 'Job' : 'Customer', 'Status', 'Date', 'Total']}
            rows={orders.data.items.map((o) => ({
              key: o._id,
              cells: [
                <Anchor key="n" component={Link} to={`${kind.webPath}/${o._id}`} size="sm">
                  {o.number}
                </Anchor>,
                (filter === 'customer' ? o.customerJob?.name : o.customer.name) ?? '—',
                ORDER_STATUS_LABELS[o.status],
                formatDate((o.confirmedAt ?? o.createdAt).slice(0, 10)),
                formatMoney(o.totalCents),
              ],
            }))}
          />
        )}
      </Card>
    </Stack>
  );
}
