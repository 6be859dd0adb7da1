import { FULFILMENT_METHOD_LABELS } from '@atelier/contracts';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../../lib/format';
import { useSettings } from '../../../settings/api';
import { orders } from '../../api';
import { WIZARD } from './draft';

/** The end: the order's number, what it came to, and where to go next. */
export default function SuccessStep() {
  const { order: id = '' } = useParams();
  const found = orders.useRecord(id);
  const currency = useSettings().data?.firmSettings.currency;
  if (!id)
    return (
      <Card withBorder padding="lg">
        <Button component={Link} to={`${WIZARD}/customer`}>
          Create an order
        </Button>
      </Card>
    );
  if (!found.data) return <Loader aria-label="Loading the order" />;
  const order = found.data;
  const confirmed = order.status !== 'draft';
  return (
    <Card withBorder padding="xl">
      <Stack align="center" ta="center">
        <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={2} size="h3">
          {confirmed ? `${order.number} is confirmed` : `${order.number} is saved as a draft`}
        </Title>
        <Text>
          {order.customer.name} · {formatMoney(order.totalCents, currency)} ·{' '}
          {FULFILMENT_METHOD_LABELS[order.fulfilment]}
        </Text>
        <Text size="sm" c="dimmed">
          {confirmed
            ? 'Its stock is held in the warehouse until it is handed over.'
            : 'Nothing is held until it is confirmed: open it to confirm it when the customer is ready.'}
        </Text>
        <Group>
          <Button component={Link} to={`${orders.kind.webPath}/${order._id}`}>
            Open the order
          </Button>
          <Button component={Link} to={`${WIZARD}/customer`} variant="default">
            Create another order
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
