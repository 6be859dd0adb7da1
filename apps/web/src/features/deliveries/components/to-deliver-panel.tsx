import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatQuantity } from '../../../lib/format';
import { useToDeliver } from '../api';
import type { ToDeliverOrder } from '../route-values';
import { addressText } from '../stop-words';

/**
 * Confirmed orders with something left to deliver that no stop carries yet: each added as a
 * new stop with all it has left (the quantities may be lowered on the stop).
 */
export function ToDeliverPanel({
  planned,
  full,
  onAdd,
}: {
  /** Orders already added as new stops on this plan. */
  planned: ReadonlySet<string>;
  /** The route has as many stops as it may. */
  full: boolean;
  onAdd: (entry: ToDeliverOrder) => void;
}) {
  const toDeliver = useToDeliver();
  const open = (toDeliver.data ?? []).filter((entry) => !planned.has(entry.order._id));
  return (
    <Paper withBorder p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="orders-to-deliver">
      <Stack gap="sm">
        <Title order={2} size="h4" id="orders-to-deliver">
          Orders to deliver
        </Title>
        {toDeliver.isPending && <Loader size="sm" aria-label="Loading the orders to deliver" />}
        {toDeliver.error && (
          <Alert color="red" title="The orders to deliver could not be loaded">
            {toDeliver.error.message}
          </Alert>
        )}
        {toDeliver.data && open.length === 0 && (
          <Text size="sm" c="dimmed">
            Every confirmed order is on a route or has nothing left to deliver.
          </Text>
        )}
        {open.map((entry) => (
          <Paper key={entry.order._id} withBorder p="xs" role="group" aria-label={`Order ${entry.order.name}`}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
                <Group gap="xs">
                  <Text fw={600}>
                    {entry.order.name} · {entry.customer.name}
                  </Text>
                  {entry.failedBefore && (
                    <Badge color="orange" variant="light">
                      Put back by a failed stop
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {addressText(entry.address) || 'No delivery address on the order.'}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.lines.map((l) => `${formatQuantity(l.quantity)} × ${l.name}`).join(', ')}
                </Text>
              </Stack>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={full}
                onClick={() => onAdd(entry)}
              >
                Add as a stop
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
