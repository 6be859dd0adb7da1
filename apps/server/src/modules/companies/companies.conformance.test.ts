import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.company,
  table: 'companies',
  create: (n) => ({ name: `Conformance Builders ${n}`, type: 'contractor' }),
  update: (record) => ({ name: `${record.name} Group`, type: 'trade' }),
  changed: { field: 'type', after: 'trade' },
  invalid: { body: { name: '', type: 'pirate' }, fields: ['name', 'type'] },
  searchBy: (record) => String(record.name),
  refer: async (api, record) => {
    const r = await api('POST', '/customers', { firstName: 'Contact', company: record._id });
    if (r.status !== 201) throw new Error(r.text);
  },
});
