import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A received purchase-order line of the demo firm; each claim takes a sliver of it.
let line = '';

describeRecordKind({
  kind: KINDS.vendor_claim,
  table: 'vendor_claims',
  prepare: async (api) => {
    const pos = (await api('GET', '/purchase-orders?filter[state][]=received&limit=20')).body.items as {
      _id: string;
    }[];
    for (const po of pos) {
      const lines = (await api('GET', `/purchase-orders/${po._id}`)).body.lines as { id: string; received: number }[];
      const found = lines.find((l) => l.received >= 2);
      if (found) {
        line = found.id;
        return;
      }
    }
    throw new Error('No received purchase-order line in the demo data');
  },
  create: (n) => ({ purchaseOrderLine: line, quantity: 0.001, reason: 'damaged', notes: `Conformance claim ${n}` }),
  update: () => ({ purchaseOrderLine: line, quantity: 0.002, reason: 'wrong_item', notes: 'Conformance edit' }),
  changed: { field: 'notes', after: 'Conformance edit' },
  invalid: {
    body: { purchaseOrderLine: 'nope', quantity: -1, reason: 'bored' },
    fields: ['purchaseOrderLine', 'quantity', 'reason'],
  },
  // Refused by the vendor: it stays on record.
  refer: async (api, record) => {
    const rejected = await api('POST', `/vendor-claims/${record._id}/reject`, { reason: 'Outside the claim window' });
    if (rejected.status !== 200) throw new Error(rejected.text);
  },
  transitions: [{ name: 'reject', body: { reason: 'Conformance' }, code: 'modify' }],
});
