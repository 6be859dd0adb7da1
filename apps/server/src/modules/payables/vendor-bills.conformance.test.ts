import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A vendor of the demo firm, found once the app is up.
let vendor = '';

describeRecordKind({
  kind: KINDS.vendor_bill,
  table: 'vendor_bills',
  prepare: async (api) => {
    vendor = ((await api('GET', '/vendors?limit=1')).body.items as { _id: string }[])[0]!._id;
  },
  create: (n) => ({
    vendor,
    billNumber: `CONF-${n}`,
    lines: [{ description: `Conformance freight ${n}`, quantity: 1, unitCost: 1_000 + n }],
  }),
  update: (record) => ({
    vendor,
    billNumber: record.billNumber,
    taxCents: 500,
    lines: [{ description: 'Conformance freight', quantity: 2, unitCost: 1_250 }],
  }),
  changed: { field: 'taxCents', after: 500 },
  invalid: {
    body: { vendor: 'nope', billNumber: '', lines: [{ quantity: 0 }] },
    fields: ['vendor', 'billNumber', 'lines.0.quantity'],
  },
  // Entered, it is owed: it is voided, never deleted.
  refer: async (api, record) => {
    const entered = await api('POST', `/vendor-bills/${record._id}/enter`);
    if (entered.status !== 200) throw new Error(entered.text);
  },
  transitions: [
    { name: 'enter', code: 'modify' },
    { name: 'approve', code: 'modify' },
    { name: 'void', body: { reason: 'Conformance void' }, code: 'modify' },
  ],
});
