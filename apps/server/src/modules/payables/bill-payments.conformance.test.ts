import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A vendor of the demo firm, found once the app is up.
let vendor = '';

describeRecordKind({
  kind: KINDS.bill_payment,
  table: 'bill_payments',
  prepare: async (api) => {
    vendor = ((await api('GET', '/vendors?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ vendor, method: 'check', amountCents: 2_000 + n, reference: `Check ${n}` }),
  update: (record) => ({ vendor, method: 'check', amountCents: 3_000, reference: record.reference }),
  changed: { field: 'amountCents', after: 3_000 },
  invalid: {
    body: { vendor: 'nope', method: 'barter', amountCents: -5 },
    fields: ['vendor', 'method', 'amountCents'],
  },
});
