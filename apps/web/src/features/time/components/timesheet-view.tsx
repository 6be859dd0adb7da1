import { formatMinutes, type TimeEntry, type Timesheet } from '@atelier/contracts';
import { ActionIcon, Anchor, Badge, Card, Divider, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { Figure } from '../../../components/figure';
import { formatMoney, formatTime } from '../../../lib/format';
import { useFirmTimeZone } from '../../../lib/session';
import { timeEntries } from '../api';
import { dayLabel } from '../week';

type Handlers = {
  onAdd: (day: string) => void;
  onEdit: (entry: TimeEntry) => void;
  onDelete: (entry: TimeEntry) => void;
};

/** Whether the week still changes: entries of a submitted or approved week are only read. */
export const weekLocked = (sheet: Timesheet) => sheet.status !== 'open';

function EntryLine({ entry, onEdit, onDelete }: { entry: TimeEntry } & Omit<Handlers, 'onAdd'>) {
  const running = entry.endedAt === null;
  const locked = entry.locked;
  const timeZone = useFirmTimeZone();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" data-entry={entry._id}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed">
          {formatTime(entry.startedAt, timeZone)} – {running ? 'now' : formatTime(entry.endedAt!, timeZone)}
        </Text>
        <Anchor component={Link} to={`${timeEntries.kind.webPath}/${entry._id}`} fw={600} size="sm" lineClamp={2}>
          {entry.task}
        </Anchor>
        {entry.customerJob && (
          <Text size="sm" c="dimmed" lineClamp={1}>
            {entry.customerJob.name}
          </Text>
        )}
        {entry.note && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {entry.note}
          </Text>
        )}
        {(running || entry.autoClosed || entry.source === 'manual') && (
          <Group gap={6}>
            {running && (
              <Badge size="sm" color="green" variant="light">
                Running
              </Badge>
            )}
            {entry.autoClosed && (
              <Badge
                size="sm"
                color="orange"
                variant="light"
                tt="none"
                leftSection={<IconAlertTriangle size={12} aria-hidden />}
              >
                Closed automatically — check it
              </Badge>
            )}
            {entry.source === 'manual' && (
              <Badge size="sm" color="gray" variant="light" tt="none">
                Added by hand
              </Badge>
            )}
          </Group>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} ff="monospace" mr={4} aria-label="Counted">
          {entry.minutes === null ? '–' : formatMinutes(entry.minutes)}
        </Text>
        <Tooltip label={locked ? 'The week is closed' : 'Correct it'}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Edit the entry ${entry.task}`}
            disabled={locked}
            onClick={() => onEdit(entry)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={locked ? 'The week is closed' : 'Delete it'}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete the entry ${entry.task}`}
            disabled={locked}
            onClick={() => onDelete(entry)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/** The week day by day: each day's entries, from start to end, and what it counts. */
export function TimesheetDays({ sheet, onAdd, onEdit, onDelete }: { sheet: Timesheet } & Handlers) {
  const locked = weekLocked(sheet);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        {sheet.days.map((day, i) => (
          <Fragment key={day.date}>
            {i > 0 && <Divider />}
            <section aria-label={dayLabel(day.date)}>
              <Group justify="space-between" wrap="nowrap" mb={day.entries.length ? 'xs' : 0}>
                <Text fw={600} size="sm">
                  {dayLabel(day.date)}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" c={day.minutes ? undefined : 'dimmed'} ff="monospace" aria-label="Day total">
                    {formatMinutes(day.minutes)}
                  </Text>
                  {!locked && (
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Add an entry on ${dayLabel(day.date)}`}
                      onClick={() => onAdd(day.date)}
                    >
                      <IconPlus size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
              <Stack gap="sm">
                {day.entries.map((entry) => (
                  <EntryLine key={entry._id} entry={entry} onEdit={onEdit} onDelete={onDelete} />
                ))}
              </Stack>
            </section>
          </Fragment>
        ))}
      </Stack>
    </Card>
  );
}

/** The week's totals: hours, overtime, entries to check, and the labour cost where the answer has it (53). */
export function TimesheetTotals({ sheet, currency }: { sheet: Timesheet; currency?: string }) {
  const { totals } = sheet;
  const cost = totals.costCents;
  return (
    <SimpleGrid cols={{ base: 2, sm: cost == null ? 3 : 4, md: 2 }} spacing="sm">
      <Figure label="Hours" value={formatMinutes(totals.minutes)} />
      <Figure label="Overtime" value={formatMinutes(totals.overtimeMinutes)} />
      <Figure
        label="To check"
        value={String(totals.flagged)}
        hint={totals.flagged ? 'Closed automatically' : 'Nothing closed automatically'}
      />
      {cost != null && <Figure label="Labour cost" value={formatMoney(cost, currency)} />}
    </SimpleGrid>
  );
}
