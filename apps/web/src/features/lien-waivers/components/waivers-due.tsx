import { KINDS, recordHref } from '@atelier/contracts';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { newWaiverHref, useMayRecordWaivers, useWaiversDue } from '../api';

/**
 * On a payment's page: for each job it was put on whose lien is open, the waiver now due (the
 * firm gives it for the money received), with a link that starts it filled in; or the one
 * already recorded for this payment.
 */
export function WaiversDue({ payment }: { payment: { _id: string; version: number } }) {
  const may = useMayRecordWaivers();
  const due = useWaiversDue(payment, may);
  const items = due.data?.due ?? [];
  if (!may || items.length === 0) return null;
  return (
    <Stack gap="sm">
      {items.map((item) =>
        item.recorded ? (
          <Alert
            key={item.lien._id}
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            title="Lien waiver recorded"
          >
            <Text size="sm">
              Recorded:{' '}
              <Anchor component={Link} to={recordHref(KINDS.lien_waiver, item.recorded._id)} inherit>
                {item.recorded.name}
              </Anchor>
            </Text>
          </Alert>
        ) : (
          <Alert
            key={item.lien._id}
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Lien waiver due"
          >
            <Stack gap="xs">
              <Text size="sm">{item.message}</Text>
              <Group>
                <Button
                  component={Link}
                  to={newWaiverHref({
                    lien: item.lien._id,
                    direction: 'given',
                    condition: item.condition,
                    scope: item.scope,
                    amount: item.amountCents,
                    through: item.throughDate,
                    party: item.party,
                    payment: payment._id,
                  })}
                  size="xs"
                  variant="default"
                >
                  Record this waiver
                </Button>
              </Group>
            </Stack>
          </Alert>
        ),
      )}
    </Stack>
  );
}
