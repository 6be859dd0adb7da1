import { boolean, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/**
 * How many products the store can show (active, not archived) have each (category, facets,
 * price band, on sale) combination: `catalog_combos` without drafts. Kept by a trigger on
 * products in the same transaction as every write (migration store_search), so the total and
 * the facets of an unsearched store page add up these few rows instead of reading every
 * matching product. `category_key` is the nil uuid for products without a category; rows that
 * fall to 0 stay (read `products > 0`). `store_combos_actual(firm)` recounts them.
 */
export const storeCombos = pgTable(
  'store_combos',
  {
    firmId: firmId(() => firms.id),
    categoryKey: uuid('category_key').notNull(),
    facetIds: uuid('facet_ids').array().notNull(),
    /** As catalog_combos: PRICE_BAND_EDGES' band (product_price_band), and whether on sale. */
    priceBand: smallint('price_band').notNull(),
    onSale: boolean('on_sale').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.firmId, t.categoryKey, t.facetIds, t.priceBand, t.onSale] }),
    firmIsolation(t.firmId),
  ],
);

/**
 * The distinct words (letters only, 3 to 40 of them) of the search text of the products the
 * store can show, with how many products have each: what a typo is corrected against ("walnutt"
 * → walnut), a few thousand words rather than every product. Kept by a trigger on products in
 * the same transaction as every write; rows that fall to 0 stay (read `products > 0`).
 * `store_words_actual(firm)` recounts them.
 */
export const storeWords = pgTable(
  'store_words',
  {
    firmId: firmId(() => firms.id),
    word: text('word').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.word] }), firmIsolation(t.firmId)],
);
