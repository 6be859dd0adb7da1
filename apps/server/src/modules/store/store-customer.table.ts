import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { sessions } from '../../platform/auth/auth.table';
import { firms } from '../../platform/identity/firms.table';
import { customers } from '../customers';
import { products, productVariants } from '../products';

/**
 * The sessions opened at a firm's store (decision 0052): a session row like any other (so
 * deactivation, a new password and the expiry purge end it), marked here as the store's. The
 * staff app's session lookup (auth_session) refuses a marked session, and the store accepts
 * only marked ones, so neither cookie opens the other side.
 */
export const storeSessions = pgTable(
  'store_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    firmId: firmId(() => firms.id),
    createdAt: createdAt(),
  },
  (t) => [firmIsolation(t.firmId)],
);

/** A product (or one of its variants) a customer keeps in the store, for later or for a quote. */
export const storeFavorites = pgTable(
  'store_favorites',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per customer, product and variant (the product itself counts as one "variant").
    uniqueIndex('store_favorites_uq').on(
      t.customerId,
      t.productId,
      sql`COALESCE(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('store_favorites_customer_idx').on(t.firmId, t.customerId, t.createdAt),
    index('store_favorites_product_idx').on(t.productId),
    firmIsolation(t.firmId),
  ],
);
