import { materialInputSchema } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { materialType } from './materials.service';

// name, SKU, unit, cost in cents, tags
const MATERIALS: [string, string, 'sheet' | 'slab' | 'linear_ft' | 'box' | 'each' | 'gallon', number, string[]][] = [
  ['Maple plywood ¾″, 4×8', 'RM-PLY-MAP-34', 'sheet', 8_950, ['sheet goods']],
  ['Birch plywood ½″, 4×8', 'RM-PLY-BIR-12', 'sheet', 6_420, ['sheet goods']],
  ['MDF ¾″, 4×8', 'RM-MDF-34', 'sheet', 4_275, ['sheet goods']],
  ['White oak lumber 4/4', 'RM-WO-44', 'linear_ft', 1_180, ['lumber']],
  ['Walnut lumber 4/4', 'RM-WAL-44', 'linear_ft', 1_690, ['lumber']],
  ['Quartz slab 3 cm, Calacatta Drift', 'RM-QZ-CADR', 'slab', 182_000, ['stone']],
  ['Quartz slab 3 cm, Pure White', 'RM-QZ-PUWH', 'slab', 139_000, ['stone']],
  ['Granite slab 3 cm, Absolute Black', 'RM-GR-ABBL', 'slab', 121_500, ['stone']],
  ['Edge banding, maple, 250 ft roll', 'RM-EB-MAP', 'each', 3_890, ['edge banding']],
  ['Soft-close hinges, box of 50', 'RM-HG-50', 'box', 24_500, ['hardware']],
  ['Confirmat screws 7×50, box of 1000', 'RM-CS-1000', 'box', 4_360, ['hardware']],
  ['Pre-catalysed lacquer, satin', 'RM-LAC-SAT', 'gallon', 7_825, ['finishes']],
];

export const materialsDemo: Seed = {
  name: 'demo:materials',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      for (const [name, sku, unit, costCents, tags] of MATERIALS)
        await materialType.create(tx, actor, materialInputSchema.parse({ name, sku, unit, costCents, tags }));
    }),
};
