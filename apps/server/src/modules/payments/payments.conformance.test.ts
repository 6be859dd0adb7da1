import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer of the demo firm, found once the app is up.
let customer = '';

describeRecordKind({
  kind: KINDS.payment,
  table: 'payments',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ customer, method: 'check', amountCents: 10_000 + n, reference: `Conformance ${n}` }),
  update: (record) => ({
    customer,
    method: 'card',
    amountCents: record.amountCents,
    reference: record.reference,
  }),
  changed: { field: 'method', after: 'card' },
  invalid: {
    body: { customer: 'nope', method: 'barter', amountCents: 0 },
    fields: ['customer', 'method', 'amountCents'],
  },
  searchBy: (record) => String(record.reference),
});
