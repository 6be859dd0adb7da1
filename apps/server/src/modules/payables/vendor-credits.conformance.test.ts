import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A vendor of the demo firm, found once the app is up.
let vendor = '';
let bills = 0;

describeRecordKind({
  kind: KINDS.vendor_credit,
  table: 'vendor_credits',
  prepare: async (api) => {
    vendor = ((await api('GET', '/vendors?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({ vendor, amountCents: 5_000 + n, reason: `Conformance credit ${n}` }),
  update: (record) => ({ vendor, amountCents: 7_500, reason: record.reason }),
  changed: { field: 'amountCents', after: 7_500 },
  invalid: {
    body: { vendor: 'nope', amountCents: 0, reason: '' },
    fields: ['vendor', 'amountCents', 'reason'],
  },
  // Used on one of the vendor's bills: it is in use, and is not deleted.
  refer: async (api, record) => {
    bills += 1;
    const bill = await api('POST', '/vendor-bills', {
      vendor,
      billNumber: `CONF-VC-${bills}`,
      lines: [{ description: 'Freight', quantity: 1, unitCost: 10_000 }],
    });
    if (bill.status !== 201) throw new Error(bill.text);
    const entered = await api('POST', `/vendor-bills/${bill.body._id}/enter`);
    if (entered.status !== 200) throw new Error(entered.text);
    const applied = await api('POST', `/vendor-credits/${record._id}/apply`, {
      applications: [{ bill: bill.body._id, amountCents: 1_000 }],
    });
    if (applied.status !== 200) throw new Error(applied.text);
  },
  transitions: [{ name: 'void', body: { reason: 'Conformance void' }, code: 'modify' }],
});
