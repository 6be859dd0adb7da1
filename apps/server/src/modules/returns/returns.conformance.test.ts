import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A delivered line of the demo firm's orders, found once the app is up; each return takes a sliver of it.
let order = '';
let line = '';

describeRecordKind({
  kind: KINDS.return,
  table: 'returns',
  prepare: async (api) => {
    const orders = (await api('GET', '/orders?filter[state][]=closed&limit=20')).body.items as { _id: string }[];
    for (const o of orders) {
      const lines = (await api('GET', `/orders/${o._id}/returnable`)).body.items as {
        line: string;
        returnable: number;
      }[];
      const found = lines.find((l) => l.returnable >= 1);
      if (found) {
        order = o._id;
        line = found.line;
        return;
      }
    }
    throw new Error('No delivered line to return in the demo data');
  },
  create: () => ({ order, lines: [{ line, quantity: 0.001, reason: 'changed_mind' }] }),
  update: () => ({ order, lines: [{ line, quantity: 0.002, reason: 'defective' }], notes: 'Conformance edit' }),
  changed: { field: 'notes', after: 'Conformance edit' },
  searchBy: (record) => record.number as string,
  invalid: {
    body: { order: 'nope', lines: [{ line: 'x', quantity: 0, reason: 'bored' }] },
    fields: ['order', 'lines.0.line', 'lines.0.quantity', 'lines.0.reason'],
  },
  // Approved: it is being handled, and is rejected rather than deleted.
  refer: async (api, record) => {
    const approved = await api('POST', `/returns/${record._id}/approve`, {});
    if (approved.status !== 200) throw new Error(approved.text);
  },
  transitions: [
    { name: 'approve', body: {}, code: 'modify' },
    { name: 'reject', body: { reason: 'Conformance' }, code: 'modify' },
  ],
});
