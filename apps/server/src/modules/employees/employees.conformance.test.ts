import { KINDS } from '@atelier/contracts';
import { describeRecordKind } from '../../../test/conformance';

describeRecordKind({
  kind: KINDS.employee,
  table: 'users',
  create: (n) => ({ firstName: `Conformance ${n}` }),
  // Employees join by invitation: the invitee is an employee before they accept.
  make: async (api, n) => {
    const r = await api('POST', '/invitations', {
      email: `conformance-${n}@demo.test`,
      first_name: `Conformance ${n}`,
    });
    if (r.status !== 201) throw new Error(r.text);
    return String(r.body._id);
  },
  createdAction: 'invite',
  update: () => ({ firstName: 'Conformance', lastName: 'Edited', title: 'Estimator' }),
  changed: { field: 'title', after: 'Estimator' },
  invalid: { body: { firstName: '', hireDate: 'someday' }, fields: ['firstName', 'hireDate'] },
  searchBy: (record) => String(record.email),
  // A deleted invitee's row stays, without email, so the history keeps their name.
  softDeleted: 'deleted_at',
  transitions: [
    { name: 'deactivate', body: { reassignTo: null }, code: 'remove' },
    { name: 'activate', code: 'remove' },
  ],
});
