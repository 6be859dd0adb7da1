import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.lead,
  table: 'leads',
  create: (n) => ({ firstName: 'Prospect', lastName: `Number ${n}`, source: 'Website' }),
  update: (record) => ({
    firstName: 'Prospect',
    lastName: String(record.lastName),
    source: 'Website',
    estimatedValueCents: 4_500_00,
  }),
  changed: { field: 'estimatedValueCents', after: 4_500_00 },
  invalid: { body: { firstName: '', estimatedValueCents: -5 }, fields: ['firstName'] },
  searchBy: (record) => String(record.lastName),
});
