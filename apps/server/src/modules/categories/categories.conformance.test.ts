import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.category,
  table: 'categories',
  create: (n) => ({ name: `Conformance shelving ${n}`, description: 'Open shelves' }),
  update: (record) => ({ name: record.name, description: 'Floating shelves', parentId: null }),
  changed: { field: 'description', after: 'Floating shelves' },
  invalid: { body: { name: '', parentId: 'not-an-id', description: 7 }, fields: ['name', 'parentId', 'description'] },
  also: (record) => [
    ['POST', `/categories/${record._id}/move`, { parentId: null, position: 0, version: record.version }],
  ],
  refer: async (api, record) => {
    const r = await api('POST', '/products', { name: 'Referring shelf', priceCents: 100, category: record._id });
    if (r.status !== 201) throw new Error(r.text);
  },
});
