import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A confirmed order of the demo firm (free lines only: no stock to hold), made once the app is up.
let order = '';
let line = '';

describeRecordKind({
  kind: KINDS.change_order,
  table: 'change_orders',
  prepare: async (api) => {
    const customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
    const made = (
      await api('POST', '/orders', {
        customer,
        lines: [{ name: 'Design consultation', quantity: 2, unitPriceCents: 12_000, taxClass: 'Labour' }],
      })
    ).body as { _id: string; lines: { id: string }[] };
    await api('POST', `/orders/${made._id}/confirm`);
    order = made._id;
    line = made.lines[0]!.id;
  },
  create: (n) => ({
    order,
    reason: `Conformance change ${n}`,
    lines: [
      { id: line, name: 'Design consultation', quantity: (n % 5) + 2, unitPriceCents: 12_000, taxClass: 'Labour' },
    ],
  }),
  update: (record) => ({
    order,
    reason: `${record.reason} (revised)`,
    lines: [
      { id: line, name: 'Design consultation', quantity: 3, unitPriceCents: 12_000, taxClass: 'Labour' },
      { name: 'Site visit', quantity: 1, unitPriceCents: 7_500, taxClass: 'Labour' },
    ],
  }),
  changed: { field: 'lineCount', after: 2 },
  invalid: {
    body: { order: 'nope', reason: '', lines: [{ name: 'x', quantity: 0, unitPriceCents: 1 }] },
    fields: ['order', 'reason', 'lines.0.quantity'],
  },
  transitions: [
    { name: 'mark-sent', code: 'modify' },
    { name: 'decline', code: 'modify' },
    {
      name: 'approve',
      body: { approvedBy: 'Conformance Customer', method: 'phone' },
      code: 'modify',
    },
  ],
});
