import { wallClock } from '@atelier/contracts';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockPause, IconClockPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatTime } from '../../lib/format';
import { showSubmitError } from '../../lib/forms';
import { useFirmTimeZone, useProfile } from '../../lib/session';
import { toastSuccess } from '../../lib/toast';
import { useClock } from './api';
import { ChangeTaskModal } from './change-task-modal';

/** "since 8:02 AM" (in the firm's zone), or with its date when the clock-in was not today. */
function since(iso: string, timeZone: string): string {
  const today = wallClock(new Date(), timeZone).slice(0, 10) === wallClock(new Date(iso), timeZone).slice(0, 10);
  return `since ${today ? formatTime(iso, timeZone) : formatDateTime(iso, timeZone)}`;
}

/**
 * Clocking in and out, and the task being timed: on the profile page (`compact`, with a link to
 * the timesheet) and atop the timesheet. The profile the server answers becomes the session's,
 * so the avatar's green ring follows.
 */
export function ClockCard({ compact = false }: { compact?: boolean }) {
  const me = useProfile();
  const timeZone = useFirmTimeZone();
  const clock = useClock();
  const [changing, setChanging] = useState(false);
  const task = me.currentTask;
  const run = async () => {
    try {
      const profile = await clock.mutateAsync(me.clocked_in ? 'clock-out' : 'clock-in');
      toastSuccess(
        profile.clocked_in
          ? `Clocked in${profile.currentTask ? ` on ${profile.currentTask.name}` : ''}.`
          : 'Clocked out. Your time is on your timesheet.',
      );
    } catch (error) {
      showSubmitError(error);
    }
  };
  return (
    <Card withBorder padding="lg" aria-label="Time clock" component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h4">
            Time clock
          </Title>
          {me.clocked_in ? (
            <Badge color="green" variant="light">
              Clocked in
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Clocked out
            </Badge>
          )}
        </Group>
        <div>
          <Text size="sm" c="dimmed">
            {me.clocked_in ? 'Working on' : 'Next task'}
          </Text>
          <Text fw={600} lineClamp={2}>
            {task?.name ?? (me.clocked_in ? 'No task named' : 'None yet')}
          </Text>
          {task?.customerJob && (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {task.customerJob.name}
            </Text>
          )}
          {me.clocked_in && me.clocked_in_since && (
            <Text size="sm" c="green.7" fw={500}>
              {since(me.clocked_in_since, timeZone)}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            color={me.clocked_in ? 'red' : 'green'}
            variant={me.clocked_in ? 'light' : 'filled'}
            leftSection={me.clocked_in ? <IconClockPause size={18} /> : <IconClockPlay size={18} />}
            loading={clock.isPending}
            onClick={run}
          >
            {me.clocked_in ? 'Clock out' : 'Clock in'}
          </Button>
          <Button variant="default" onClick={() => setChanging(true)}>
            Change task
          </Button>
        </Group>
        {compact && (
          <Anchor component={Link} to="/u/profile/timesheet" size="sm">
            Open your timesheet
          </Anchor>
        )}
      </Stack>
      {changing && <ChangeTaskModal opened onClose={() => setChanging(false)} />}
    </Card>
  );
}
