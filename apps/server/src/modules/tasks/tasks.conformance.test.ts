import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A job of the demo firm, found once the app is up.
let job = '';

describeRecordKind({
  kind: KINDS.task,
  table: 'tasks',
  prepare: async (api) => {
    job = ((await api('GET', '/customer-jobs?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ name: `Conformance task ${n}`, status: 'To Do', customerJob: { _id: job }, dueDate: '2026-12-04' }),
  update: (record) => ({ name: String(record.name), status: 'To Do', customerJob: { _id: job }, priority: 'high' }),
  changed: { field: 'priority', after: 'high' },
  invalid: {
    body: { name: '', status: '', customerJob: 'nope', dueDate: 'soon', priority: 'whenever' },
    fields: ['name', 'status', 'customerJob', 'dueDate', 'priority'],
  },
});
