import { companyPriceInputSchema } from '@atelier/contracts';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { saveSettings } from '../../platform/settings/settings.service';
import { categories } from '../categories';
import { companies } from '../companies';
import { products } from '../products';
import { setCompanyPrices } from './pricing.service';

/**
 * Harbor & Pine's trade pricing: Trade accounts take 15 % off tile and 10 % off everything else,
 * Wholesale 20 %; the contractors and builders buy at Trade, and one has its own price of a
 * product it buys by the pallet.
 */
export const wholesaleDemo: Seed = {
  name: 'demo:wholesale',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const [tile] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.name, 'Tile'));
      await saveSettings(tx, actor, 'companySettings', {
        priceRules: [
          ...(tile ? [{ level: 'Trade', category: tile.id, percentOff: 15 }] : []),
          { level: 'Trade', category: null, percentOff: 10 },
          { level: 'Wholesale', category: null, percentOff: 20 },
        ],
      });
      const trade = await tx
        .update(companies)
        .set({ priceLevel: 'Trade' })
        .where(sql`${companies.type} IN ('trade', 'contractor')`)
        .returning({ id: companies.id });
      const [first] = trade;
      const [pallet] = await tx
        .select({ id: products.id, price: products.priceCents })
        .from(products)
        // A product sold as itself (one with variants is priced by variant).
        .where(
          sql`${isNotNull(products.categoryId)} AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = ${products.id})`,
        )
        .orderBy(products.sku)
        .limit(1);
      if (first && pallet)
        await setCompanyPrices(
          tx,
          actor,
          first.id,
          companyPriceInputSchema.parse({
            prices: [{ item: { type: 'product', id: pallet.id }, priceCents: Math.round(pallet.price * 0.75) }],
          }),
        );
    }),
};
