import { SETTINGS_KINDS } from '@atelier/contracts';
import { describeSettingsKind } from '../../../test/settings-conformance';

const address = { line1: '12 Wharf Road', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describeSettingsKind({
  kind: SETTINGS_KINDS.warehouse,
  table: 'warehouses',
  create: (n) => ({ name: `Conformance yard ${n}`, address, isDefault: false }),
  update: (record) => ({ name: `${record.name} (north)`, address: null, isDefault: false }),
  changed: { field: 'address', after: null },
  invalid: { body: { name: '', address: { line1: '' }, isDefault: 'yes' }, fields: ['name', 'isDefault'] },
});
