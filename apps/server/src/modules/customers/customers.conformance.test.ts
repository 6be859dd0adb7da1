import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.customer,
  table: 'customers',
  create: (n) => ({
    firstName: 'Conformance',
    lastName: `Client ${n}`,
    emails: [{ label: 'Email', email: `client${n}@conformance.test` }],
  }),
  update: (record) => ({ firstName: 'Conformance', lastName: String(record.lastName), source: 'Referral' }),
  changed: { field: 'source', after: 'Referral' },
  invalid: { body: { firstName: '', emails: [{ label: 'Email', email: 'nope' }] }, fields: ['firstName'] },
  searchBy: (record) => String(record.lastName),
  // A customer with a store login is someone's account: it is archived, never deleted.
  refer: async (api, record) => {
    const r = await api('POST', `/customers/${record._id}/login/invite`);
    if (r.status !== 200) throw new Error(r.text);
  },
});
