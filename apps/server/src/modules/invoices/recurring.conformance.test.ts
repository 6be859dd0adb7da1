import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer of the demo firm, found once the app is up.
let customer = '';
const today = () => new Date().toISOString().slice(0, 10);

describeRecordKind({
  kind: KINDS.recurring_invoice,
  table: 'recurring_invoices',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({
    name: `Conformance plan ${n}`,
    customer,
    frequency: 'monthly',
    dayOfMonth: (n % 28) + 1,
    startOn: today(),
    lines: [{ name: 'Maintenance visit', quantity: 1, unitPriceCents: 10_000 + n, taxClass: 'Labour' }],
  }),
  update: (record) => ({
    name: record.name,
    customer,
    frequency: 'quarterly',
    dayOfMonth: record.dayOfMonth,
    startOn: record.startOn,
    lines: [{ name: 'Maintenance visit', quantity: 2, unitPriceCents: 10_000, taxClass: 'Labour' }],
  }),
  changed: { field: 'frequency', after: 'quarterly' },
  invalid: {
    body: { name: '', customer: 'nope', frequency: 'weekly', dayOfMonth: 31, startOn: 'soon', lines: [] },
    fields: ['name', 'customer', 'frequency', 'dayOfMonth', 'startOn', 'lines'],
  },
  // No `refer`: the invoices a plan made keep their own figures and stay when it is deleted.
  transitions: [
    { name: 'pause', code: 'modify' },
    { name: 'resume', code: 'modify' },
  ],
});
