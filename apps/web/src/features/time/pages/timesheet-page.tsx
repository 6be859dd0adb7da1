import { P, type TimeEntry } from '@atelier/contracts';
import { Alert, Box, Button, Grid, Loader, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PersonSelect } from '../../../components/form/pickers';
import { PageHeader } from '../../../components/page-header';
import { ClockCard } from '../../../components/time/clock-card';
import { useCan } from '../../../lib/permissions';
import { useFirmTimeZone, useProfile } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { useDeleteEntry, useSaveEntry, useTimesheet } from '../api';
import { EntryForm } from '../components/entry-form';
import { PendingWeeks } from '../components/pending-weeks';
import { TimesheetDays, TimesheetTotals } from '../components/timesheet-view';
import { WeekNav } from '../components/week-nav';
import { WeekStatusCard } from '../components/week-status';
import { mondayOf, zoneToday } from '../week';

/** A new entry's day: today in this week, else the week's Monday. */
function dayToAdd(week: string, timeZone: string): string {
  const today = zoneToday(timeZone);
  return mondayOf(today) === week ? today : week;
}

/** The entry being added (on a day) or corrected, in the modal. */
type Editing = { entry?: TimeEntry; day?: string };

/**
 * /u/profile/timesheet: my week (or, for a manager (51), anyone's: `?person=`), day by day, with
 * the clock, the totals, corrections and the week's submission; `?week=` opens another week.
 */
export default function TimesheetPage() {
  const me = useProfile();
  const timeZone = useFirmTimeZone();
  const { can } = useCan();
  const manager = can(P.MODIFY_EMPLOYEES);
  const [params, setParams] = useSearchParams();
  const person = params.get('person');
  const week = params.get('week');
  const sheet = useTimesheet(person, week);
  const currency = useSettings().data?.firmSettings.currency;
  const save = useSaveEntry();
  const remove = useDeleteEntry();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const mine = !person || person === me._id;
  const set = (key: 'person' | 'week', value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: false },
    );
  const data = sheet.data;
  const open = data?.status === 'open';
  return (
    <Stack maw={1200} mx="auto" gap="md">
      <PageHeader
        title={mine || !data ? 'Timesheet' : `${data.person.name}’s timesheet`}
        description={
          mine ? 'Your time, day by day: clock in and out, correct entries, and submit the week.' : undefined
        }
        actions={
          open && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({ day: dayToAdd(data.week, timeZone) })}
            >
              Add entry
            </Button>
          )
        }
      />
      {manager && (
        <Box maw={360}>
          <PersonSelect
            label="Whose week"
            placeholder="Yours"
            value={person ?? me._id}
            onChange={(id) => set('person', id === me._id ? null : id)}
          />
        </Box>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            {mine && <ClockCard />}
            {data && <WeekStatusCard sheet={data} />}
            {data && <TimesheetTotals sheet={data} currency={currency} />}
            {manager && (
              <Box visibleFrom="md">
                <PendingWeeks />
              </Box>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="sm">
            {data && (
              <WeekNav
                week={data.week}
                isThisWeek={data.week === mondayOf(zoneToday(timeZone))}
                onWeek={(w) => set('week', w)}
              />
            )}
            {sheet.isPending ? (
              <Loader />
            ) : sheet.isError ? (
              <Alert color="red" title="This week could not be shown">
                {sheet.error.message}
              </Alert>
            ) : (
              <TimesheetDays
                sheet={sheet.data}
                onAdd={(day) => setEditing({ day })}
                onEdit={(entry) => setEditing({ entry })}
                onDelete={setDeleting}
              />
            )}
            {/* On a phone the weeks waiting come after this one's days. */}
            {manager && (
              <Box hiddenFrom="md">
                <PendingWeeks />
              </Box>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.entry ? 'Correct the entry' : 'Add an entry'}
        size="lg"
      >
        {editing && (
          <EntryForm
            entry={editing.entry}
            day={editing.day}
            person={mine ? null : (person ?? null)}
            submitLabel={editing.entry ? 'Save' : 'Add entry'}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              const entry = editing.entry;
              await save.mutateAsync(entry ? { ...input, id: entry._id, version: entry.version } : input);
              toastSuccess(entry ? 'Entry corrected.' : 'Entry added.');
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this entry?"
        text={deleting ? `“${deleting.task}” goes from the timesheet for good.` : ''}
        confirm="Delete"
        color="red"
        done="Entry deleted."
        run={() => remove.mutateAsync(deleting!._id)}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
