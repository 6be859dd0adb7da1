import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.raw_material,
  table: 'materials',
  create: (n) => ({ name: `Conformance plywood ${n}`, sku: `CONF-RM-${n}`, unit: 'sheet', costCents: 4_275.5 }),
  update: (record) => ({ name: record.name, sku: record.sku, unit: 'sheet', costCents: 4_400 }),
  changed: { field: 'costCents', after: 4_400 },
  invalid: { body: { name: '', unit: 'barrel', costCents: -1 }, fields: ['name', 'unit', 'costCents'] },
  searchBy: (record) => String(record.sku),
});
