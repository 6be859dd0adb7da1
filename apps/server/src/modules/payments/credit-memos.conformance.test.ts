import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer of the demo firm, found once the app is up.
let customer = '';

describeRecordKind({
  kind: KINDS.credit_memo,
  table: 'credit_memos',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ customer, amountCents: 5_000 + n, reason: `Conformance credit ${n}` }),
  update: (record) => ({ customer, amountCents: 7_500, reason: record.reason }),
  changed: { field: 'amountCents', after: 7_500 },
  invalid: {
    body: { customer: 'nope', amountCents: 0, reason: '' },
    fields: ['customer', 'amountCents', 'reason'],
  },
  // A refund paid out of it: it is in use, and is not deleted.
  refer: async (api, record) => {
    const refund = await api('POST', '/payments', {
      customer,
      method: 'check',
      amountCents: 1_000,
      refund: record._id,
    });
    if (refund.status !== 201) throw new Error(refund.text);
  },
  transitions: [{ name: 'void', body: { reason: 'Conformance void' }, code: 'modify' }],
});
