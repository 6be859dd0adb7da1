import { SETTINGS_KINDS } from '@atelier/contracts';
import type { Api } from '../../../test/api-client';
import { describeSettingsKind } from '../../../test/settings-conformance';

// Each record sells a material of its own, so they never collide on "an item once per vendor".
let vendor = '';
const materials: string[] = [];
async function setUp(api: Api) {
  if (vendor) return;
  vendor = String((await api('POST', '/vendors', { name: 'Conformance Supply' })).body._id);
  for (let n = 0; n < 12; n++)
    materials.push(
      String((await api('POST', '/materials', { name: `Conformance board ${n}`, unit: 'sheet' })).body._id),
    );
}

describeSettingsKind({
  kind: SETTINGS_KINDS.vendorItem,
  table: 'vendor_items',
  prepare: setUp,
  create: (n) => ({ vendor, material: materials[n % materials.length], vendorSku: `CV-${n}`, costCents: 1_250 }),
  update: (record) => ({
    vendor,
    material: (record.item as { _id: string })._id,
    vendorSku: 'CV-EDITED',
    costCents: 1_300,
  }),
  changed: { field: 'vendorSku', after: 'CV-EDITED' },
  invalid: {
    body: { vendor: 'nope', costCents: -1, packSize: 0 },
    fields: ['vendor', 'costCents', 'packSize'],
  },
});
