import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.collection,
  table: 'collections',
  create: (n) => ({ name: `Conformance picks ${n}`, kind: 'manual' }),
  update: (record) => ({ name: record.name, kind: 'rules', rules: { tags: ['tile'] } }),
  changed: { field: 'kind', after: 'rules' },
  invalid: { body: { name: '', kind: 'rules', rules: { minPriceCents: -5 } }, fields: ['name', 'rules.minPriceCents'] },
});
