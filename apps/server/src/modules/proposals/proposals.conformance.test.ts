import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

// A customer and a product without variants of the demo firm, found once the app is up.
let customer = '';
let item = '';

describeRecordKind({
  kind: KINDS.proposal,
  table: 'proposals',
  prepare: async (api) => {
    customer = ((await api('GET', '/customers?limit=1')).body.items as { _id: string }[])[0]!._id;
    const found = (await api('GET', '/products?limit=50&q=tile')).body.items as { _id: string }[];
    for (const p of found) {
      const variants = (await api('GET', `/products/${p._id}/variants`)).body as unknown as unknown[];
      if (!variants.length) {
        item = p._id;
        break;
      }
    }
  },
  create: (n) => ({
    customer,
    title: `Conformance proposal ${n}`,
    sections: [{ title: 'Scope', lines: [{ item: { type: 'product', id: item }, quantity: (n % 7) + 1 }] }],
  }),
  update: (record) => ({
    customer,
    title: record.title,
    shippingCents: 2_500,
    sections: [
      {
        title: 'Scope',
        body: '<p>Supply and fit.</p>',
        lines: [
          { item: { type: 'product', id: item }, quantity: 3 },
          { name: 'Installation', quantity: 2, unitPriceCents: 15_000 },
        ],
      },
    ],
  }),
  changed: { field: 'shippingCents', after: 2_500 },
  invalid: {
    body: {
      customer: 'nope',
      title: '',
      shippingCents: -1,
      sections: [{ title: '', lines: [{ item: { type: 'product', id: 'x' }, quantity: 0 }] }],
    },
    fields: [
      'customer',
      'title',
      'shippingCents',
      'sections.0.title',
      'sections.0.lines.0.item.id',
      'sections.0.lines.0.quantity',
    ],
  },
  searchBy: (record) => String(record.number),
  transitions: [{ name: 'decline', code: 'modify' }],
});
