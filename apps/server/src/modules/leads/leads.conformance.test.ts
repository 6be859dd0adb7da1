import { P } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind('leads', {
  path: '/leads',
  entityType: 'lead',
  table: 'leads',
  codes: { modify: P.MODIFY_LEADS, remove: P.DELETE_LEADS, export: P.EXPORT_USERS },
  feature: 'lead_management',
  exportName: 'leads',
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
