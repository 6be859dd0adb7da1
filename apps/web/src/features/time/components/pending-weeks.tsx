import { formatMinutes, KINDS } from '@atelier/contracts';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useFirmTimeZone } from '../../../lib/session';
import { usePendingWeeks } from '../api';
import { weekLabel } from '../week';

/** Submitted weeks waiting for a manager (51), each opening that person's week. */
export function PendingWeeks() {
  const pending = usePendingWeeks(true);
  const timeZone = useFirmTimeZone();
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm">
        Waiting for approval
      </Title>
      {pending.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : pending.isError ? (
        <Text size="sm" c="red">
          {pending.error.message}
        </Text>
      ) : pending.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No week is waiting.
        </Text>
      ) : (
        <Stack gap="xs">
          {pending.data.map((w) => (
            <Group key={`${w.person._id}-${w.week}`} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`${KINDS.time_entry.webPath}?person=${w.person._id}&week=${w.week}`}
                  size="sm"
                  fw={600}
                >
                  {w.person.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {weekLabel(w.week)} · submitted {formatDateTime(w.submittedAt, timeZone)}
                </Text>
              </div>
              <Text size="sm" ff="monospace" style={{ flexShrink: 0 }}>
                {formatMinutes(w.minutes)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
