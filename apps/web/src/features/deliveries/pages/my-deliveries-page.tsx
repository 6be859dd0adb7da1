import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { useCan } from '../../../lib/permissions';
import { useMyRoutes } from '../api';
import { DriveRoute } from '../components/drive-route';
import { ProofQueueStatus } from '../components/proof-queue-status';
import { useDriverApp } from '../driver-app';
import { localToday } from '../stop-words';
import { useProofSender } from '../use-proof-queue';

/** The driver's routes: today's first, then the days ahead, then yesterday's left open. */
function Routes() {
  const mine = useMyRoutes();
  const { online } = useNetwork();
  if (mine.isPending) return <Loader aria-label="Loading your routes" />;
  if (mine.error && !mine.data)
    return (
      <Alert color="red" title="Your routes could not be loaded">
        {mine.error.message}
        <Button mt="sm" size="compact-sm" variant="default" display="block" onClick={() => mine.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const today = localToday();
  const routes = [...(mine.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  const todays = routes.filter((r) => r.date === today);
  const ahead = routes.filter((r) => r.date > today);
  const before = routes.filter((r) => r.date < today && r.status !== 'completed');
  return (
    <Stack gap="xl">
      {!online && (
        <Alert color="yellow" icon={<IconWifiOff size={18} />} role="status" title="You are offline">
          These are your routes as last loaded. Proofs you save stay on this phone and are sent when the connection
          returns.
        </Alert>
      )}
      {todays.length === 0 && (
        <Text c="dimmed">No route for you today.{ahead.length > 0 ? ' Your next routes are below.' : ''}</Text>
      )}
      {todays.map((route) => (
        <DriveRoute key={route._id} route={route} canAct />
      ))}
      {before.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Left open from yesterday
          </Title>
          {before.map((route) => (
            <DriveRoute key={route._id} route={route} canAct />
          ))}
        </Stack>
      )}
      {ahead.length > 0 && (
        <Stack gap="sm">
          <Title order={2} size="h4">
            Coming up
          </Title>
          {ahead.map((route) => (
            <DriveRoute key={route._id} route={route} canAct={false} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /o/deliveries/mine: the driver's phone. Installable and usable without a connection: the
 * page's files and last routes are kept by the service worker, and proofs wait on the phone.
 */
export default function MyDeliveriesPage() {
  const { hasFeature } = useCan();
  const allowed = hasFeature('delivery_management');
  useDriverApp();
  useProofSender();
  if (!allowed) return <NoAccess message="Deliveries are not part of your firm's plan." />;
  return (
    <Stack maw={640} mx="auto" gap="md">
      <PageHeader title="My deliveries" description="Your routes, stop by stop. Tap Delivered at the door." />
      <ProofQueueStatus />
      <Routes />
    </Stack>
  );
}
