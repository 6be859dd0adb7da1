import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.vendor,
  table: 'vendors',
  create: (n) => ({ name: `Conformance Supply ${n}`, email: `orders${n}@supply.example`, leadTimeDays: 10 }),
  update: (record) => ({ name: record.name, leadTimeDays: 21, paymentTermsDays: 45 }),
  changed: { field: 'leadTimeDays', after: 21 },
  invalid: {
    body: { name: '', email: 'not-an-address', paymentTermsDays: -1, leadTimeDays: 400 },
    fields: ['name', 'email', 'paymentTermsDays', 'leadTimeDays'],
  },
  searchBy: (record) => String(record.email),
  refer: async (api, record) => {
    const material = await api('POST', '/materials', { name: `Sold by ${record.name}`, unit: 'each' });
    const r = await api('POST', '/vendor-items', { vendor: record._id, material: material.body._id, costCents: 100 });
    if (r.status !== 201) throw new Error(r.text);
  },
});
