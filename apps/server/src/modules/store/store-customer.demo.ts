import { sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { storeFavorites } from './store-customer.table';

/**
 * The demo customer's favorites (Casey Morgan, customer@demo.test, at Harbor & Pine's store): a
 * few of the products the store shows, one as a variant, for the staff's favorites page.
 */
export const storeFavoritesDemo: Seed = {
  name: 'demo:store-favorites',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const [casey] = (
        await tx.execute<{ id: string }>(sql`
          SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@demo.test'`)
      ).rows;
      if (!casey) return;
      const picks = (
        await tx.execute<{ product_id: string; variant_id: string | null }>(sql`
          SELECT p.id AS product_id,
                 (SELECT v.id FROM product_variants v WHERE v.product_id = p.id AND v.archived_at IS NULL
                   ORDER BY v.position LIMIT 1) AS variant_id
            FROM products p WHERE p.status = 'active' AND p.archived_at IS NULL
           ORDER BY p.name, p.id LIMIT 4`)
      ).rows;
      if (!picks.length) return;
      await tx
        .insert(storeFavorites)
        .values(
          picks.map((p, i) => ({
            firmId: HARBOR_PINE_ID,
            customerId: casey.id,
            productId: p.product_id,
            variantId: p.variant_id,
            createdAt: new Date(Date.now() - (i + 1) * 3 * 86_400_000),
          })),
        )
        .onConflictDoNothing();
    }),
};
