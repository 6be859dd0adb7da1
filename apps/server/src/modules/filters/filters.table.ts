import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/** A facet the store shows ("Finish", "Door style"), with its values in `filter_values`. */
export const filters = pgTable(
  'filters',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('filters_name_uq').on(t.firmId, t.nameKey), firmIsolation(t.firmId)],
);

/**
 * A filter's value, in the order the firm set. Products and variants carry value ids
 * (`filter_value_ids`), so a rename shows everywhere at once.
 */
export const filterValues = pgTable(
  'filter_values',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    filterId: uuid('filter_id')
      .notNull()
      .references(() => filters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('filter_values_name_uq').on(t.filterId, sql`lower(${t.name})`),
    index('filter_values_filter_idx').on(t.firmId, t.filterId, t.position),
    firmIsolation(t.firmId),
  ],
);

/**
 * How many products (not archived) each category and filter value has, kept by a trigger on
 * products in the same transaction as every write (migration 0026), so the store's and the
 * list's unfiltered facet counts are one indexed read whatever the catalog's size. `key` is a
 * category's or a filter value's id. `catalog_counts_actual(firm)` recounts them, for a drift check.
 */
export const catalogCounts = pgTable(
  'catalog_counts',
  {
    firmId: firmId(() => firms.id),
    key: uuid('key').notNull(),
    products: integer('products').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.key] }), firmIsolation(t.firmId)],
);

/**
 * How many products (not archived) have each (category, facets, price band, on sale)
 * combination, kept by the same trigger in the same transaction. Products share few
 * combinations (a catalog of 1,000,000 has hundreds), so counts under any category, facet,
 * price band and sale filters add up these rows instead of reading every matching product. `category_key` is the nil uuid for products without a
 * category. `catalog_combos_actual(firm)` recounts them.
 */
export const catalogCombos = pgTable(
  'catalog_combos',
  {
    firmId: firmId(() => firms.id),
    categoryKey: uuid('category_key').notNull(),
    facetIds: uuid('facet_ids').array().notNull(),
    /** The price band (PRICE_BAND_EDGES: 0 under $100 … 4 for $5,000 and up), and whether on sale. */
    priceBand: smallint('price_band').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    products: integer('products').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.firmId, t.categoryKey, t.facetIds, t.priceBand, t.onSale] }),
    firmIsolation(t.firmId),
  ],
);

/** A combination's category when the products have none. */
export const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';
