import { type DeliveryStop, STOP_STATUS_LABELS } from '@atelier/contracts';
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMapPin, IconPhone, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import type { QueuedProof } from '../proof-queue';
import { addressText, mapsHref, STOP_STATUS_COLORS, telHref, windowText } from '../stop-words';

type Props = {
  stop: DeliveryStop;
  position: number;
  /** A proof of this stop kept on the phone, not yet on the server. */
  queued: QueuedProof | undefined;
  /** Whether this person may work the stop (its route's driver, or a holder of 83). */
  canAct: boolean;
  starting: boolean;
  onStart: () => void;
  onDeliver: () => void;
  onFail: () => void;
};

/** Big buttons whose words wrap rather than being cut off on a narrow phone. */
const WRAP = {
  root: { height: 'auto', minHeight: 44, paddingBlock: 6 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 },
} as const;

/** What the driver sees of a stop: who, where, when and what; one tap to call, to navigate, to record. */
export function DriveStopCard({ stop, position, queued, canAct, starting, onStart, onDeliver, onFail }: Props) {
  const headingId = `drive-stop-${stop._id}`;
  const waiting = queued?.state === 'waiting';
  const open = (stop.status === 'scheduled' || stop.status === 'out') && !waiting;
  const slot = windowText(stop);
  const address = addressText(stop.address);
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              Stop {position}
              {slot && ` · ${slot}`}
            </Text>
            <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {stop.customer.name}
            </Title>
            <Text size="xs" c="dimmed">
              {stop.order.name}
            </Text>
          </div>
          {waiting ? (
            <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
              Waiting to send
            </Badge>
          ) : (
            <Badge color={STOP_STATUS_COLORS[stop.status]} variant="light" style={{ flexShrink: 0 }}>
              {STOP_STATUS_LABELS[stop.status]}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {address || 'No address on this stop: call the customer.'}
        </Text>
        <SimpleGrid cols={2} spacing="xs">
          <Button
            component="a"
            href={stop.customer.phone ? telHref(stop.customer.phone) : undefined}
            variant="default"
            size="md"
            styles={WRAP}
            leftSection={<IconPhone size={18} />}
            disabled={!stop.customer.phone}
            aria-label={`Call ${stop.customer.name}`}
          >
            Call
          </Button>
          <Button
            component="a"
            href={stop.address ? mapsHref(stop.address) : undefined}
            target="_blank"
            rel="noopener"
            variant="default"
            size="md"
            styles={WRAP}
            leftSection={<IconMapPin size={18} />}
            disabled={!stop.address}
          >
            Open in Maps
          </Button>
        </SimpleGrid>
        <List size="sm" spacing={2}>
          {stop.lines.map((l) => (
            <List.Item key={l._id} style={{ overflowWrap: 'anywhere' }}>
              {formatQuantity(l.quantity)}
              {l.unit && l.unit !== 'each' ? ` ${l.unit}` : ''} × {l.name}
            </List.Item>
          ))}
        </List>
        {stop.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {stop.notes}
          </Text>
        )}
        {waiting && (
          <Text size="sm" c="dimmed">
            The proof (received by {queued.recipientName}) is kept on this phone and is sent when the connection
            returns.
          </Text>
        )}
        {queued?.state === 'failed' && (
          <Alert color="red" title="The proof was refused">
            {queued.error}
          </Alert>
        )}
        {stop.status === 'delivered' && stop.proof && (
          <Text size="sm">
            Received by {stop.proof.recipientName} on {formatDateTime(stop.proof.deliveredAt)}
            {stop.proof.damages.length > 0 &&
              ` · ${stop.proof.damages.length} damaged item${stop.proof.damages.length === 1 ? '' : 's'}`}
            .
          </Text>
        )}
        {stop.status === 'failed' && stop.failureReason && <Text size="sm">Not delivered: {stop.failureReason}</Text>}
        {canAct && open && (
          <Stack gap="xs">
            {stop.status === 'scheduled' && (
              <Button
                size="md"
                styles={WRAP}
                leftSection={<IconTruckDelivery size={18} />}
                loading={starting}
                onClick={onStart}
              >
                Start: on my way
              </Button>
            )}
            <SimpleGrid cols={2} spacing="xs">
              <Button size="md" styles={WRAP} color="green" leftSection={<IconCheck size={18} />} onClick={onDeliver}>
                Delivered
              </Button>
              <Button
                size="md"
                styles={WRAP}
                color="red"
                variant="light"
                leftSection={<IconX size={18} />}
                onClick={onFail}
              >
                Failed
              </Button>
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
