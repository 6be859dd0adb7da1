import {
  KINDS,
  recordHref,
  SHIPMENT_DIRECTION_LABELS,
  SHIPMENT_STATUS_LABELS,
  type Shipment,
  type ShipmentInput,
  type ShipmentRow,
} from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { lazyNamed } from '../../../components/lazy';
import { recordPages } from '../../../components/record/record-pages';
import { formatDate, formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { type ShipmentStep, shipments, useShipmentStep } from '../api';

const ShipmentForm = lazyNamed(() => import('../components/shipment-form'), 'ShipmentForm');

const COLORS: Record<Shipment['status'], string> = {
  booked: 'gray',
  in_transit: 'blue',
  delivered: 'green',
  exception: 'red',
};

function StatusBadge({ status }: { status: Shipment['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Where the shipment is, its tracking, and what it carries. */
function Summary({ shipment }: { shipment: Shipment }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <StatusBadge status={shipment.status} />
          <Text size="sm">
            {SHIPMENT_DIRECTION_LABELS[shipment.direction]} by {shipment.carrier}
            {shipment.trackingNumber && ' · '}
            {shipment.trackingUrl ? (
              <Anchor href={shipment.trackingUrl} target="_blank" rel="noreferrer" size="sm">
                {shipment.trackingNumber}
              </Anchor>
            ) : (
              shipment.trackingNumber
            )}
            {shipment.shipDate && ` · shipped ${formatDate(shipment.shipDate)}`}
            {shipment.expectedDate && ` · expected ${formatDate(shipment.expectedDate)}`}
          </Text>
        </Group>
        {shipment.lines.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Purchase order</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Carried</Table.Th>
                  <Table.Th ta="right">Left on the order</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shipment.lines.map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>
                      <Anchor component={Link} to={recordHref(KINDS.purchase_order, l.purchaseOrder._id)} size="sm">
                        {l.purchaseOrder.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{l.item.name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(l.remaining)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {shipment.orderLines.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th ta="right">Shipped</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shipment.orderLines.map((l) => (
                  <Table.Tr key={l.line}>
                    <Table.Td>
                      <Anchor component={Link} to={recordHref(KINDS.order, l.order._id)} size="sm">
                        {l.order.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td>{l.sku || '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function Actions({ shipment }: { shipment: Shipment }) {
  const { can } = useCan();
  const step = useShipmentStep(shipment._id);
  if (!can(shipments.kind.codes.modify) || shipment.status === 'delivered') return null;
  const run = (s: ShipmentStep, done: string) => async () => {
    try {
      await step.mutateAsync(s);
      toastSuccess(done);
    } catch (error) {
      showSubmitError(error);
    }
  };
  const receivable = shipment.direction === 'inbound' && shipment.lines.length > 0;
  return (
    <>
      {shipment.status !== 'in_transit' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={run('mark-in-transit', `${shipment.name} is in transit.`)}
        >
          Mark in transit
        </Button>
      )}
      {shipment.status !== 'exception' && (
        <Button
          variant="default"
          loading={step.isPending}
          onClick={run('mark-exception', `${shipment.name} marked as an exception.`)}
        >
          Exception
        </Button>
      )}
      {receivable ? (
        <Button loading={step.isPending} onClick={run('receive', `${shipment.name} received: its lines are in stock.`)}>
          Receive
        </Button>
      ) : (
        <Button loading={step.isPending} onClick={run('mark-delivered', `${shipment.name} delivered.`)}>
          Mark delivered
        </Button>
      )}
    </>
  );
}

/** Shipments: freight in and out, tracked to delivery; an inbound one is received in one step. */
export default recordPages<Shipment, ShipmentInput, ShipmentRow>({
  resource: shipments,
  form: (props) => <ShipmentForm {...props} />,
  description: 'Freight in and out: carriers, tracking, and what each shipment brings.',
  useList: () => ({
    defaultSort: '-created',
    render: { status: (row: ShipmentRow) => <StatusBadge status={row.status} /> },
  }),
  created: (s) => `${s.name} booked.`,
  subtitle: (s) =>
    `${s.carrier}${s.trackingNumber ? ` · ${s.trackingNumber}` : ''} · ${SHIPMENT_STATUS_LABELS[s.status]}`,
  actions: (s) => <Actions shipment={s} />,
  details: { above: (s) => <Summary shipment={s} /> },
  deleteText: 'Deleting removes the shipment; the purchase orders it carried keep what was received.',
});
