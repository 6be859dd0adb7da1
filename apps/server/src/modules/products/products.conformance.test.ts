import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.product,
  table: 'products',
  create: (n) => ({ name: `Conformance cabinet ${n}`, sku: `CONF-${n}`, priceCents: 45_000, costCents: 21_000.5 }),
  update: (record) => ({ name: record.name, sku: record.sku, priceCents: 47_500, costCents: 21_000.5 }),
  changed: { field: 'priceCents', after: 47_500 },
  invalid: {
    body: { name: '', sku: 'bad sku!', priceCents: -5, costCents: 1.234, unit: 'bushel' },
    fields: ['name', 'sku', 'priceCents', 'costCents', 'unit'],
  },
  searchBy: (record) => String(record.sku),
});
