import { FULFILMENT_METHOD_LABELS, KINDS, ORDER_STATUS_LABELS, type Order, type OrderLine } from '@atelier/contracts';
import { Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { DocumentLines } from '../../../components/documents/document-lines';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format';

export const ORDER_STATUS_COLORS: Record<Order['status'], string> = {
  draft: 'gray',
  confirmed: 'blue',
  fulfilled: 'green',
  closed: 'dark',
  cancelled: 'red',
};

/** What the warehouse can give a line: all of it, or the shortfall and when the rest can be there. */
function StockCell({ line }: { line: OrderLine }) {
  if (!line.stock) return <Text size="sm">—</Text>;
  const { available, shortfall, availableOn } = line.stock;
  if (shortfall <= 0)
    return (
      <Badge color="green" variant="light">
        In stock
      </Badge>
    );
  return (
    <Tooltip label={`${formatQuantity(Math.max(available, 0))} available in the warehouse`}>
      <Stack gap={2} align="flex-end">
        <Badge color="orange" variant="light">
          Short {formatQuantity(shortfall)}
        </Badge>
        <Text size="xs">{availableOn ? `by ${formatDate(availableOn)}` : 'no date yet'}</Text>
      </Stack>
    </Tooltip>
  );
}

/** The order as the customer and the warehouse read it: its state, its lines with their stock, its totals. */
export function OrderSummary({ order, currency }: { order: Order; currency?: string }) {
  const open = order.status === 'draft' || order.status === 'confirmed';
  const delivered = order.status !== 'draft';
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={ORDER_STATUS_COLORS[order.status]} variant="light">
            {ORDER_STATUS_LABELS[order.status]}
          </Badge>
          <Text size="sm">
            <Anchor component={Link} to={`${KINDS.customer.webPath}/${order.customer._id}`}>
              {order.customer.name}
            </Anchor>
            {order.company && (
              <>
                {' · '}
                <Anchor component={Link} to={`${KINDS.company.webPath}/${order.company._id}`}>
                  {order.company.name}
                </Anchor>
              </>
            )}{' '}
            · {FULFILMENT_METHOD_LABELS[order.fulfilment]}
            {order.warehouse ? ` from ${order.warehouse.name}` : ''}
            {order.requestedDate ? ` · wanted by ${formatDate(order.requestedDate)}` : ''}
          </Text>
          {order.taxExempt && (
            <Badge variant="light" color="teal">
              Tax exempt
            </Badge>
          )}
        </Group>
        {order.shipTo && (
          <Text size="sm" c="dimmed">
            {order.fulfilment === 'pickup' ? 'Picked up at' : 'To'} {order.shipTo.line1}
            {order.shipTo.line2 ? `, ${order.shipTo.line2}` : ''}, {order.shipTo.city} {order.shipTo.region}{' '}
            {order.shipTo.postalCode}
          </Text>
        )}
        <DocumentLines
          lines={order.lines}
          currency={currency}
          totals={{ ...order, depositCents: order.depositCents }}
          extra={{
            head: [...(open ? ['Stock'] : []), ...(delivered ? ['Delivered'] : [])],
            cells: (l) => [
              ...(open ? [<StockCell key="s" line={l} />] : []),
              ...(delivered ? [`${formatQuantity(l.delivered)} of ${formatQuantity(l.quantity)}`] : []),
            ],
          }}
        />
        {order.originalTotalCents !== null && order.originalTotalCents !== order.totalCents && (
          <Text size="sm" c="dimmed">
            Confirmed at {formatMoney(order.originalTotalCents, currency)}; changed since.
          </Text>
        )}
        {order.shipments.length > 0 && (
          <Text size="sm">
            Shipped on{' '}
            {order.shipments.map((s, i) => (
              <span key={s._id}>
                {i > 0 && ', '}
                <Anchor component={Link} to={`${KINDS.shipment.webPath}/${s._id}`}>
                  {s.name}
                </Anchor>
              </span>
            ))}
          </Text>
        )}
        {order.notes && (
          <Text size="sm" c="dimmed">
            Notes: {order.notes}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
