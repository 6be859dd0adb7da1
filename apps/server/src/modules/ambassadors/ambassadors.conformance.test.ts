import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.ambassador,
  table: 'ambassadors',
  create: (n) => ({ name: `Conformance Realty ${n}`, kind: 'business', commissionPercent: 5 }),
  update: (record) => ({ name: record.name, kind: 'business', commissionPercent: 7.5 }),
  changed: { field: 'commissionPercent', after: 7.5 },
  invalid: { body: { name: '', kind: 'robot', commissionPercent: 60 }, fields: ['name', 'kind', 'commissionPercent'] },
  refer: async (api, record) => {
    const r = await api('POST', '/customers', { firstName: 'Referred', ambassador: record._id });
    if (r.status !== 201) throw new Error(r.text);
  },
});
