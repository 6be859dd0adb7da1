import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

describeSettingsKind({
  kind: SETTINGS_KINDS.productTemplate,
  table: 'product_templates',
  create: (n) => ({ name: `Conformance template ${n}`, fields: { unit: 'each', tags: ['cabinets'] } }),
  update: (record) => ({ name: record.name, fields: { unit: 'box', coverage: { amount: 10.76, unit: 'sq_ft' } } }),
  changed: { field: 'unit', after: 'box' },
  invalid: {
    // A price by area sold by the piece, and no name.
    body: { name: '', fields: { unit: 'each', pricing: { mode: 'area' }, priceCents: -1 } },
    fields: ['name', 'fields.priceCents'],
  },
});
