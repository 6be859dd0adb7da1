import { type DeliveryRoute, type DeliveryStop, ROUTE_STATUS_LABELS } from '@atelier/contracts';
import { Badge, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDate } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { toast, toastSuccess } from '../../../lib/toast';
import { useStopStep } from '../api';
import { ROUTE_STATUS_COLORS } from '../stop-words';
import { useQueuedProofs, useSendProofs } from '../use-proof-queue';
import { DriveStopCard } from './drive-stop-card';
import { FailForm } from './fail-form';
import { ProofForm } from './proof-form';

/** A route as its driver works it: the stops in order, each called, navigated to and recorded. */
export function DriveRoute({ route, canAct }: { route: DeliveryRoute; canAct: boolean }) {
  const step = useStopStep(route._id);
  const { proofs } = useQueuedProofs();
  const send = useSendProofs();
  const [delivering, setDelivering] = useState<DeliveryStop | null>(null);
  const [failing, setFailing] = useState<DeliveryStop | null>(null);
  const [starting, setStarting] = useState<string | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const stops = [...route.stops].sort((a, b) => a.position - b.position);
  const positionOf = (stop: DeliveryStop) => stops.indexOf(stop) + 1;
  const queuedFor = (stop: DeliveryStop) =>
    proofs.find((p) => p.routeId === route._id && p.stopId === stop._id && p.state === 'waiting') ??
    proofs.find((p) => p.routeId === route._id && p.stopId === stop._id);
  const done = stops.filter(
    (s) => s.status === 'delivered' || s.status === 'failed' || queuedFor(s)?.state === 'waiting',
  ).length;
  const labelOf = (stop: DeliveryStop) => `stop ${positionOf(stop)}, ${stop.customer.name}`;

  const start = async (stop: DeliveryStop) => {
    setStarting(stop._id);
    try {
      await step.mutateAsync({ stopId: stop._id, name: 'out' });
      toastSuccess(`On your way to ${stop.customer.name}.`);
    } catch (error) {
      showSubmitError(error);
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={`route-${route._id}`}>
      <Group justify="space-between" gap="xs" align="flex-end">
        <div>
          <Title order={2} size="h3" id={`route-${route._id}`}>
            {route.number} · {formatDate(route.date)}
          </Title>
          <Text size="sm" c="dimmed">
            {[route.vehicle, `${done} of ${stops.length} stops done`].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Badge color={ROUTE_STATUS_COLORS[route.status]} variant="light">
          {ROUTE_STATUS_LABELS[route.status]}
        </Badge>
      </Group>
      {route.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {route.notes}
        </Text>
      )}
      {stops.length === 0 && (
        <Text size="sm" c="dimmed">
          This route has no stops yet.
        </Text>
      )}
      {stops.map((stop) => (
        <DriveStopCard
          key={stop._id}
          stop={stop}
          position={positionOf(stop)}
          queued={queuedFor(stop)}
          canAct={canAct}
          starting={starting === stop._id}
          onStart={() => void start(stop)}
          onDeliver={() => setDelivering(stop)}
          onFail={() => setFailing(stop)}
        />
      ))}
      <Modal
        opened={delivering !== null}
        onClose={() => setDelivering(null)}
        title={delivering ? `Proof of delivery: ${delivering.customer.name}` : ''}
        fullScreen={phone}
        // A stray tap beside the form must not throw away the photos and the signature.
        closeOnClickOutside={false}
      >
        {delivering && (
          <ProofForm
            routeId={route._id}
            stop={delivering}
            label={labelOf(delivering)}
            send={send}
            onCancel={() => setDelivering(null)}
            onSaved={(online) => {
              setDelivering(null);
              toast({
                type: online ? 'info' : 'warning',
                message: online
                  ? 'The proof is saved on this phone and being sent.'
                  : 'You are offline: the proof is kept on this phone and sent when the connection returns.',
              });
            }}
          />
        )}
      </Modal>
      <Modal
        opened={failing !== null}
        onClose={() => setFailing(null)}
        title={failing ? `Could not deliver to ${failing.customer.name}` : ''}
        fullScreen={phone}
      >
        {failing && (
          <FailForm
            send={(reason) => step.mutateAsync({ stopId: failing._id, name: 'fail', body: { reason } })}
            onCancel={() => setFailing(null)}
            onDone={() => {
              toastSuccess(`Stop ${positionOf(failing)} marked as failed.`);
              setFailing(null);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
