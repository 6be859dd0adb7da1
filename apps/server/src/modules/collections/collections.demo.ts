import { collectionInputSchema } from '@atelier/contracts';
import { inArray, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { categories } from '../categories';
import { products } from '../products';
import { vendors } from '../vendors';
import { collectionType, setCollectionMembers } from './collections.service';

/** Hand-picked favourites and three rule collections, so the store has something to show. */
export const collectionsDemo: Seed = {
  name: 'demo:collections',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const stone = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.name, ['Quartz', 'Granite']));
      const [luma] = await tx.select({ id: vendors.id }).from(vendors).where(sql`${vendors.name} LIKE 'Luma%'`);
      const make = (input: Record<string, unknown>) =>
        collectionType.create(tx, actor, collectionInputSchema.parse(input));
      const picks = await make({
        name: 'Designer favourites',
        kind: 'manual',
        description: 'What our designers reach for first.',
      });
      const favourites = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          inArray(products.sku, ['PPI-B24', 'CT-QU-CADR', 'TL-ZE44-SEGL', 'HW-BP5-SABR', 'LT-HA-PE', 'PL-FASI33-MABL']),
        );
      await setCollectionMembers(tx, actor, picks._id, {
        products: favourites.map((p) => p.id),
        version: picks.version,
      });
      await make({ name: 'Stone countertops', kind: 'rules', rules: { categories: stone.map((c) => c.id) } });
      await make({
        name: 'Finishing touches under $25',
        kind: 'rules',
        rules: { tags: ['hardware'], maxPriceCents: 2_500 },
      });
      await make({
        name: 'On sale',
        description: 'Everything priced below its usual price, for the store’s sale page.',
        kind: 'rules',
        rules: { onSale: true },
      });
      if (luma) await make({ name: 'Luma lighting', kind: 'rules', rules: { vendors: [luma.id] } });
    }),
};
