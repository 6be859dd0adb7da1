import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer and two products (without variants) of the demo firm, found once the app is up.
let customer = '';
let items: string[] = [];

describeRecordKind({
  kind: KINDS.quote,
  table: 'quotes',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
    const found = (await api('GET', '/products?limit=50&q=tile')).body.items as { _id: string }[];
    const plain = [];
    for (const p of found) {
      const variants = (await api('GET', `/products/${p._id}/variants`)).body as unknown as unknown[];
      if (!variants.length) plain.push(p._id);
      if (plain.length === 2) break;
    }
    items = plain;
  },
  create: (n) => ({
    customer,
    notes: `Conformance quote ${n}`,
    lines: [{ item: { type: 'product', id: items[0] }, quantity: (n % 7) + 1 }],
  }),
  update: (record) => ({
    customer,
    notes: record.notes,
    shippingCents: 2_500,
    lines: [
      { item: { type: 'product', id: items[0] }, quantity: 3 },
      { item: { type: 'product', id: items[1] }, quantity: 1, unitPriceCents: 999 },
      { name: 'Installation', quantity: 2, unitPriceCents: 15_000 },
    ],
  }),
  changed: { field: 'shippingCents', after: 2_500 },
  invalid: {
    body: { customer: 'nope', lines: [{ item: { type: 'product', id: 'x' }, quantity: 0 }], shippingCents: -1 },
    fields: ['customer', 'shippingCents', 'lines.0.item.id', 'lines.0.quantity'],
  },
  searchBy: (record) => String(record.number),
  transitions: [
    { name: 'mark-sent', code: 'modify' },
    { name: 'accept', body: {}, code: 'modify' },
    { name: 'decline', code: 'modify' },
  ],
});
