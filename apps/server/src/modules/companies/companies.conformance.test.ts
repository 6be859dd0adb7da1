import { P } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind('accounts', {
  path: '/companies',
  entityType: 'company',
  table: 'companies',
  codes: { modify: P.MODIFY_COMPANIES, remove: P.DELETE_COMPANIES, export: P.EXPORT_COMPANIES },
  exportName: 'accounts',
  create: (n) => ({ name: `Conformance Builders ${n}`, type: 'contractor' }),
  update: (record) => ({ name: `${record.name} Group`, type: 'trade' }),
  changed: { field: 'type', after: 'trade' },
  invalid: { body: { name: '', type: 'pirate' }, fields: ['name', 'type'] },
  searchBy: (record) => String(record.name),
  fieldCodes: { paymentTermsDays: P.COMPANY_FINANCIALS, creditLimitCents: P.COMPANY_FINANCIALS },
  refer: async (api, record) => {
    const r = await api('POST', '/customers', { firstName: 'Contact', company: record._id });
    if (r.status !== 201) throw new Error(r.text);
  },
});
