import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer of the demo firm, found once the app is up: the checks use stand-alone invoices.
let customer = '';

describeRecordKind({
  kind: KINDS.invoice,
  table: 'invoices',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({
    customer,
    notes: `Conformance invoice ${n}`,
    lines: [{ name: 'Design consultation', quantity: (n % 5) + 1, unitPriceCents: 12_000, taxClass: 'Labour' }],
  }),
  // Only a draft changes: every record the checks edit is one.
  update: (record) => ({
    customer,
    notes: record.notes,
    lines: [
      { name: 'Design consultation', quantity: 3, unitPriceCents: 12_000, taxClass: 'Labour' },
      { name: 'Site visit', quantity: 1, unitPriceCents: 7_500, taxClass: 'Labour' },
    ],
  }),
  changed: { field: 'lineCount', after: 2 },
  invalid: {
    body: { customer: 'nope', lines: [{ name: 'x', quantity: 0, unitPriceCents: 1 }] },
    fields: ['customer', 'lines.0.quantity'],
  },
  searchBy: (record) => String(record.number),
  // No `refer`: only a draft may be deleted, and nothing can refer to a draft (money goes on
  // issued invoices only); an issued one is refused for being issued, not for being referred to.
  transitions: [
    { name: 'mark-sent', code: 'modify' },
    { name: 'void', body: { reason: 'Conformance void' }, code: 'modify' },
  ],
});
