import { formatMinutes, type TimeEntry, type TimeEntryInput } from '@atelier/contracts';
import { recordPages } from '../../../components/record/record-pages';
import { formatTime } from '../../../lib/format';
import { useFirmTimeZone } from '../../../lib/session';
import { timeEntries } from '../api';
import { EntryForm } from '../components/entry-form';
import TimesheetPage from './timesheet-page';

/** When it was, in the firm's zone (the record's subtitle: "8:00 AM – 12:00 PM (4:00)"). */
function Span({ entry: e }: { entry: TimeEntry }) {
  const tz = useFirmTimeZone();
  const minutes = e.minutes === null ? '' : ` (${formatMinutes(e.minutes)})`;
  return <>{`${formatTime(e.startedAt, tz)} – ${e.endedAt ? formatTime(e.endedAt, tz) : 'now'}${minutes}`}</>;
}

/**
 * Time entries: their list is the timesheet (/u/profile/timesheet); an entry's page has its
 * details, corrected with a reason, and its history.
 */
export default {
  ...recordPages<TimeEntry, TimeEntryInput>({
    resource: timeEntries,
    form: (props) => <EntryForm entry={props.record} submitLabel={props.submitLabel} onSubmit={props.onSubmit} />,
    subtitle: (e) => (
      <>
        {e.person.name} · <Span entry={e} />
        {e.customerJob ? ` · ${e.customerJob.name}` : ''}
      </>
    ),
    deleteText: 'The entry goes from its timesheet for good.',
    deletable: (e) => !e.locked,
    newDescription: 'Time you worked without the clock: it counts on the day it starts.',
    created: (e) => `${e.task} added to your timesheet.`,
  }),
  List: TimesheetPage,
};
