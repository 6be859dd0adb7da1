import { filterInputSchema } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { createFilter } from './filters.service';

/** The demo store's facets; the products demo puts their values on products and variants. */
export const DEMO_FILTERS: [string, string[]][] = [
  [
    'Finish',
    [
      'White',
      'Walnut',
      'Sage',
      'Natural oak',
      'Matte black',
      'Satin brass',
      'Brushed nickel',
      'Oil-rubbed bronze',
      'Polished chrome',
      'Champagne bronze',
      'Brushed gold',
      'Stainless',
    ],
  ],
  ['Door style', ['Shaker', 'Slab', 'Inset']],
  ['Hinge side', ['Left', 'Right']],
  ['Material', ['Quartz', 'Granite', 'Butcher block', 'Porcelain', 'Ceramic']],
];

export const filtersDemo: Seed = {
  name: 'demo:filters',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      for (const [name, values] of DEMO_FILTERS)
        await createFilter(tx, actor, filterInputSchema.parse({ name, values: values.map((v) => ({ name: v })) }));
    }),
};
