import { KINDS, type Order, RETURN_RESOLUTION_LABELS, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useOrderReturns } from '../api';
import { ReturnStatusBadge } from './return-status';

/** The new-return page, for this order. */
export const newReturnHref = (orderId: string) => `${KINDS.return.webPath}/new?order=${orderId}`;

/** "Return items" on an order that has delivered something, for those who handle returns (24). */
export function ReturnItemsButton({ order }: { order: Order }) {
  const { can } = useCan();
  if (!can(KINDS.return.codes.modify) || !order.lines.some((l) => l.delivered > 0)) return null;
  return (
    <Button component={Link} to={newReturnHref(order._id)} variant="default">
      Return items
    </Button>
  );
}

/** The order's returns, when it has any: each with its state and what it credits. */
export function OrderReturnsCard({ order, currency }: { order: Order; currency?: string }) {
  const { can } = useCan();
  const allowed = can(KINDS.return.codes.modify);
  const found = useOrderReturns(order._id, allowed);
  const rows = found.data?.items ?? [];
  if (!allowed || rows.length === 0) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Returns
        </Title>
        <ScrollTable
          minWidth={480}
          head={['Return', 'Status', 'Credit', 'Requested']}
          rows={rows.map((r) => ({
            key: r._id,
            cells: [
              <Anchor key="n" component={Link} to={recordHref(KINDS.return, r._id)} size="sm">
                {r.name}
              </Anchor>,
              <ReturnStatusBadge key="s" status={r.status} />,
              <Text key="c" size="sm">
                {formatMoney(r.creditCents, currency)}
                {r.resolution ? ` · ${RETURN_RESOLUTION_LABELS[r.resolution]}` : ''}
              </Text>,
              formatDate(r.requestedOn),
            ],
          }))}
        />
      </Stack>
    </Card>
  );
}
