import { P } from '@atelier/contracts';
import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useBilling, useSetFeatures } from '../api';
import { ModulePicker } from '../components/module-picker';

export default function BillingPage() {
  const billing = useBilling();
  const setFeatures = useSetFeatures();
  const { can } = useCan();
  const admin = can(P.SUPER_ADMIN);
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => {
    if (billing.data) setSelected(billing.data.features);
  }, [billing.data]);
  const changed = billing.data && [...selected].sort().join() !== [...billing.data.features].sort().join();

  return (
    <Stack maw={960} mx="auto">
      <PageHeader title="Billing" description="Your firm pays monthly for the modules it enables." />
      {!admin && (
        <Alert color="blue" variant="light">
          Only a super admin can change modules.
        </Alert>
      )}
      {billing.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : billing.isError ? (
        <Text c="red">{billing.error.message}</Text>
      ) : (
        <Card withBorder padding="lg">
          <ModulePicker billing={billing.data} value={selected} onChange={admin ? setSelected : undefined} />
          {admin && (
            <Group justify="flex-end" mt="md">
              <Button
                disabled={!changed}
                loading={setFeatures.isPending}
                onClick={async () => {
                  try {
                    await setFeatures.mutateAsync(selected);
                    toastSuccess('Your modules were updated.');
                  } catch (error) {
                    showSubmitError(error);
                  }
                }}
              >
                Save modules
              </Button>
            </Group>
          )}
        </Card>
      )}
    </Stack>
  );
}
