import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A vendor and two products of the demo firm, found once the app is up.
let vendor = '';
let items: string[] = [];

describeRecordKind({
  kind: KINDS.purchase_order,
  table: 'purchase_orders',
  prepare: async (api) => {
    vendor = ((await api('GET', '/vendors?limit=1')).body.items as { _id: string }[])[0]!._id;
    const found = (await api('GET', '/products?limit=50&q=tile')).body.items as { _id: string }[];
    // Products without variants are stocked themselves.
    const plain = [];
    for (const p of found) {
      const variants = (await api('GET', `/products/${p._id}/variants`)).body as unknown as unknown[];
      if (!variants.length) plain.push(p._id);
      if (plain.length === 2) break;
    }
    items = plain;
  },
  create: (n) => ({
    vendor,
    warehouse: null,
    shipTo: { line1: `${n} Conformance Way`, city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' },
    notes: `Conformance order ${n}`,
    lines: [{ item: { type: 'product', id: items[0] }, quantity: n % 7 || 1, unitCost: 12.5 }],
  }),
  update: (record) => ({
    vendor,
    warehouse: null,
    shipTo: record.shipTo,
    notes: record.notes,
    freightCents: 2_500,
    lines: [
      { item: { type: 'product', id: items[0] }, quantity: 3, unitCost: 12.5 },
      { item: { type: 'product', id: items[1] }, quantity: 1 },
    ],
  }),
  changed: { field: 'freightCents', after: 2_500 },
  invalid: {
    body: { vendor: 'nope', lines: [{ item: { type: 'product', id: 'x' }, quantity: 0 }], freightCents: -1 },
    fields: ['vendor', 'freightCents', 'lines.0.item.id', 'lines.0.quantity'],
  },
  searchBy: (record) => String(record.number),
  transitions: [
    { name: 'mark-sent', code: 'modify' },
    { name: 'cancel', code: 'modify' },
  ],
});
