import { KINDS, P } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// Each record an hour of its own, well in the past, so none overlaps another of the same person.
const hour = (n: number, plus = 0) => new Date(Date.UTC(2026, 0, 5, 0, 0, 0) + (n * 2 + plus) * 3600_000).toISOString();

describeRecordKind({
  kind: KINDS.time_entry,
  table: 'time_entries',
  create: (n) => ({ task: `Conformance time ${n}`, startedAt: hour(n), endedAt: hour(n, 1), note: `Entry ${n}` }),
  update: (record) => ({
    task: String(record.task),
    startedAt: String(record.startedAt),
    endedAt: String(record.endedAt),
    note: 'Corrected',
    reason: 'Conformance check',
  }),
  changed: { field: 'note', after: 'Corrected' },
  // Modify-employees (51) shows everyone's time, not only one's own.
  widen: [P.MODIFY_EMPLOYEES],
  invalid: {
    body: { task: '', startedAt: 'soon', customerJob: 'nope', person: 'someone' },
    fields: ['task', 'startedAt', 'customerJob', 'person'],
  },
});
