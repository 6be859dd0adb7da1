import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../categories';
import { inCategories, priceBandsOf, products, withFacets } from '../products';
import { storeCombos } from './search-tables';

/**
 * How many products match, and how many of them each category (its own products) and filter
 * value has, by id: one map for both, as the keys never clash (the facets look up filter
 * values, the category tree categories).
 */
export type MatchCounts = { total: number; byKey: Map<string, number> };

const NO_CATEGORY = '00000000-0000-0000-0000-000000000000';

async function read(db: Executor, statement: SQL): Promise<MatchCounts> {
  const rows = (await db.execute<{ key: string | null; n: number | null }>(statement)).rows;
  const byKey = new Map<string, number>();
  let total = 0;
  for (const r of rows) {
    if (r.key === null) total = Number(r.n ?? 0);
    else if (Number(r.n) > 0) byKey.set(r.key, Number(r.n));
  }
  return { total, byKey };
}

/**
 * The counts of the products `where` matches, in one pass: the matches are grouped by their
 * (category, facets) first (products share few), and both the total and every key's count add
 * those groups up, so the condition (a search's index lookup included) runs once.
 */
export const matchCounts = (db: Executor, where: SQL) =>
  read(
    db,
    sql`WITH g AS (SELECT ${products.categoryId} AS category_id, ${products.facetIds} AS facet_ids, count(*) AS n
                     FROM ${products} WHERE ${where} GROUP BY 1, 2)
        SELECT NULL::uuid AS key, sum(n)::int AS n FROM g
        UNION ALL
        SELECT k, sum(g.n)::int FROM g,
               unnest(CASE WHEN g.category_id IS NULL THEN g.facet_ids ELSE g.facet_ids || g.category_id END) AS k
         GROUP BY k`,
  );

/** What a store page without a search is narrowed by, as far as the kept counts know it. */
export type KeptQuery = {
  firmId: string;
  /** The categories the store shows (all when empty). */
  shownCategories: string[];
  category?: string;
  facet?: string[];
  min?: number;
  max?: number;
  sale?: boolean;
};

/**
 * The counts of a page without a search from the kept combinations of the products the store
 * shows (`store_combos`: active, not archived), whatever the catalog's size, or null when the
 * page is narrowed by what they do not keep (a collection, a vendor, in stock, a price range
 * that is not whole price bands): then the products are counted.
 */
export function keptCounts(db: Executor, query: KeptQuery): Promise<MatchCounts> | null {
  let bands: [number, number] | null = null;
  if (query.min !== undefined || query.max !== undefined) {
    bands = priceBandsOf(`${query.min ?? ''}:${query.max ?? ''}`);
    if (!bands) return null;
  }
  const c = storeCombos;
  const where = and(
    sql`${c.firmId} = ${query.firmId}::uuid AND ${c.products} > 0`,
    query.shownCategories.length
      ? sql`${c.categoryKey} IN (SELECT s.id FROM ${categories} s WHERE s.ancestors && ${sql.param(query.shownCategories)}::uuid[])`
      : undefined,
    query.category ? inCategories(c.categoryKey)([query.category]) : undefined,
    query.facet?.length ? withFacets(c.facetIds)(query.facet) : undefined,
    bands ? sql`${c.priceBand} BETWEEN ${bands[0]} AND ${bands[1]}` : undefined,
    query.sale ? sql`${c.onSale}` : undefined,
  );
  return read(
    db,
    sql`WITH g AS (SELECT ${c.categoryKey} AS category_key, ${c.facetIds} AS facet_ids, ${c.products} AS n
                     FROM ${c} WHERE ${where})
        SELECT NULL::uuid AS key, sum(n)::int AS n FROM g
        UNION ALL
        SELECT k, sum(g.n)::int FROM g,
               unnest(CASE WHEN g.category_key = ${NO_CATEGORY}::uuid THEN g.facet_ids
                           ELSE g.facet_ids || g.category_key END) AS k
         GROUP BY k`,
  );
}
