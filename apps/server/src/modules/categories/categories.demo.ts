import { categoryInputSchema } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { createCategory } from './categories.service';

/** The demo firm's tree: what a kitchen and bath showroom sells, one level of subcategories. */
export const DEMO_CATEGORIES: [string, string, string[]][] = [
  [
    'Cabinets',
    'Kitchen and bath cabinetry, built to order.',
    ['Base cabinets', 'Wall cabinets', 'Tall cabinets', 'Vanities'],
  ],
  ['Countertops', 'Fabricated and installed.', ['Quartz', 'Granite', 'Butcher block']],
  ['Tile', 'Sold by the box.', ['Wall tile', 'Floor tile', 'Mosaic']],
  ['Hardware', '', ['Pulls', 'Knobs', 'Hinges and slides', 'Fasteners']],
  ['Lighting', '', ['Pendants', 'Sconces', 'Ceiling', 'Under-cabinet']],
  ['Plumbing fixtures', '', ['Faucets', 'Sinks']],
];

export const categoriesDemo: Seed = {
  name: 'demo:categories',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      for (const [name, description, subs] of DEMO_CATEGORIES) {
        const top = await createCategory(tx, actor, categoryInputSchema.parse({ name, description }));
        for (const sub of subs)
          await createCategory(tx, actor, categoryInputSchema.parse({ name: sub, parentId: top._id }));
      }
    }),
};
