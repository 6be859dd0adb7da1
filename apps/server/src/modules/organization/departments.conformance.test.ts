import { SETTINGS_KINDS } from '@atelier/contracts';
import { expect } from 'vitest';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.department,
  table: 'departments',
  create: (n) => ({ name: `Conformance department ${n}` }),
  update: (record) => ({ name: `${record.name} renamed` }),
  changed: { field: 'name', after: expect.stringMatching(/ renamed$/) },
  invalid: { body: { name: '' }, fields: ['name'] },
  refer: async (api, record) => {
    const staff = await api('GET', '/employees?q=sales');
    const [sales] = staff.body.items as { _id: string }[];
    const employee = (await api('GET', `/employees/${sales!._id}`)).body;
    const { firstName, lastName, title, phone, hireDate, version } = employee;
    const r = await api('PUT', `/employees/${sales!._id}`, {
      firstName,
      lastName,
      title,
      phone,
      hireDate,
      departmentId: record._id,
      version,
    });
    if (r.status !== 200) throw new Error(r.text);
  },
});
