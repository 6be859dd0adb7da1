import type { DeliveryRoute } from '@atelier/contracts';
import { Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { DriveRoute } from '../components/drive-route';
import { ProofQueueStatus } from '../components/proof-queue-status';
import { useProofSender } from '../use-proof-queue';

/**
 * /o/deliveries/{id}/drive: the route as its driver works it, for the office to follow it or to
 * record a stop for the driver (a call from the road).
 */
export default function RouteDriveTab() {
  const { record } = useRecord<DeliveryRoute>();
  useProofSender();
  return (
    <Stack maw={640} gap="md">
      <Text size="sm" c="dimmed">
        What {record.driver?.name ?? 'the driver'} sees on their phone under My deliveries. A stop recorded here (for a
        driver who called in) is recorded under your name.
      </Text>
      <ProofQueueStatus />
      <DriveRoute route={record} canAct />
    </Stack>
  );
}
