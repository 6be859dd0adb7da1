import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.filter,
  table: 'filters',
  create: (n) => ({ name: `Conformance finish ${n}`, values: [{ name: 'Walnut' }, { name: 'White oak' }] }),
  update: (record) => ({
    name: record.name,
    values: [
      ...(record.values as { _id: string; name: string }[]).slice(0, 2).map((v) => ({ _id: v._id, name: v.name })),
      { name: 'Maple' },
    ],
  }),
  changed: { field: 'values', after: 'Walnut, White oak, Maple' },
  invalid: {
    body: { name: '', values: [{ name: 'Walnut' }, { name: 'walnut' }] },
    fields: ['name', 'values'],
  },
  // A product carrying one of its values: the filter stays until the values are taken off.
  refer: async (api, record) => {
    const value = (record.values as { _id: string }[])[0]!._id;
    const made = await api('POST', '/products', {
      name: 'Conformance cabinet',
      priceCents: 100,
      filterValues: [value],
    });
    if (made.status !== 201) throw new Error(made.text);
  },
});
