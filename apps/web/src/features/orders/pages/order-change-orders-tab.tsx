import { CHANGE_ORDER_STATUS_LABELS, type ChangeOrderRow, KINDS, type ListPage, type Order } from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RevisionChanges } from '../../../components/documents/revision-changes';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { api } from '../../../lib/api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useOrderRevisions } from '../../change-orders/api';
import { CHANGE_ORDER_STATUS_COLORS } from '../../change-orders/components/change-order-summary';
import { useSettings } from '../../settings/api';

/**
 * /o/orders/{id}/change-orders: how a confirmed order changes (never in place), its change orders
 * in every state, and its revisions: as confirmed, then after each approved change.
 */
export default function OrderChangeOrdersTab() {
  const { record: order } = useRecord<Order>();
  const { can } = useCan();
  const currency = useSettings().data?.firmSettings.currency;
  const kind = KINDS.change_order;
  const list = useQuery({
    queryKey: ['list', kind.apiPath, 'order', order._id],
    queryFn: () =>
      api<ListPage<ChangeOrderRow>>('GET', kind.apiPath, undefined, {
        'filter[order]': [order._id],
        sort: '-created',
        limit: 100,
      }),
  });
  const revisions = useOrderRevisions(order._id);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" maw={560}>
          {order.status === 'confirmed'
            ? 'A confirmed order changes through a change order: the customer approves it, then the order takes its lines, its stock and its total.'
            : order.status === 'draft'
              ? 'A draft is changed directly on its details.'
              : `${order.number} is ${order.status}: it takes no more changes.`}
        </Text>
        {order.status === 'confirmed' && can(kind.codes.modify) && (
          <Button component={Link} to={`${kind.webPath}/new?order=${order._id}`}>
            New change order
          </Button>
        )}
      </Group>
      <Card withBorder padding="sm">
        {!list.data ? (
          <Loader aria-label="Loading the change orders" />
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No change orders yet.
          </Text>
        ) : (
          <ScrollTable
            head={['Change order', 'Status', 'Reason', 'Total before', 'Total after']}
            rows={list.data.items.map((co) => ({
              key: co._id,
              cells: [
                <Anchor key="n" component={Link} to={`${kind.webPath}/${co._id}`} size="sm">
                  {co.name}
                </Anchor>,
                <Badge key="s" color={CHANGE_ORDER_STATUS_COLORS[co.status]} variant="light">
                  {CHANGE_ORDER_STATUS_LABELS[co.status]}
                </Badge>,
                co.reason,
                formatMoney(co.previousTotalCents, currency),
                formatMoney(co.totalCents, currency),
              ],
            }))}
          />
        )}
      </Card>
      {order.originalTotalCents !== null && (
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h5">
              Revisions
            </Title>
            <Text size="sm">
              Confirmed at {formatMoney(order.originalTotalCents, currency)}; now{' '}
              {formatMoney(order.totalCents, currency)} (revision {order.revision}).
            </Text>
            {(revisions.data ?? []).map((r) => (
              <Stack key={r.revision} gap={2}>
                <Text size="sm" fw={600}>
                  Revision {r.revision} · {formatDateTime(r.at)} · {formatMoney(r.totalCents, currency)}
                  {r.changeOrder ? (
                    <>
                      {' · '}
                      <Anchor component={Link} to={`${kind.webPath}/${r.changeOrder._id}`} size="sm">
                        {r.changeOrder.name}
                      </Anchor>
                    </>
                  ) : (
                    ' · as confirmed'
                  )}
                </Text>
                {r.changes.length > 0 && <RevisionChanges changes={r.changes} currency={currency} size="xs" />}
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
