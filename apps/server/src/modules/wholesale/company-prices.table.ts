import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { companies } from '../companies';
import { products, productVariants } from '../products';

/**
 * An account's own price of a product or variant (its pricing tab), over its price level's. It
 * goes with the account or the product when either is deleted: it means nothing without them.
 */
export const companyPrices = pgTable(
  'company_prices',
  {
    firmId: firmId(() => firms.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull().generatedAlwaysAs(sql`COALESCE(variant_id, product_id)`),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.itemId] }),
    check('company_prices_price_check', sql`price_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);
