import { P, SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.role,
  table: 'roles',
  create: (n) => ({ name: `Conformance role ${n}`, permissions: [P.MODIFY_USERS] }),
  update: (record) => ({ name: record.name, permissions: [P.MODIFY_USERS, P.MODIFY_COMPANIES] }),
  changed: { field: 'codes', after: [P.MODIFY_USERS, P.MODIFY_COMPANIES].sort((a, b) => a - b) },
  invalid: { body: { name: '', permissions: [99999] }, fields: ['name', 'permissions.0'] },
  refer: async (api, record) => {
    const me = await api('GET', '/auth/');
    const staff = await api('GET', '/staff');
    const sales = (staff.body as unknown as { _id: string; email: string }[]).find(
      (s) => s.email === 'sales@demo.test',
    );
    const r = await api('PUT', `/staff/${sales!._id}/roles`, { roles: [record._id] });
    if (r.status !== 200) throw new Error(`${me.status} ${r.text}`);
  },
});
