import type { StockCheck } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { defineJob } from '../../platform/jobs/runner';
import { itemViewSql } from './items';
import { stockChecks } from './stock.table';

type DriftRow = StockCheck['drift'][number] & { summary: number; ledger: number };

/**
 * Proves the summaries are the ledger's sums: every item's on hand per warehouse, and across
 * them (which the moving average is kept against), and each reorder level's on hand. Any difference is reported, never mended
 * silently: a drift means a write went round the ledger, which is a bug to find. Each check is
 * kept, so the latest is known.
 */
export async function checkStock(db: Executor, firmId: string): Promise<StockCheck> {
  const drift = await db.execute<DriftRow>(sql`
    WITH ledger AS (
      SELECT item_id, warehouse_id, min(product_id::text)::uuid AS product_id, min(variant_id::text)::uuid AS variant_id,
             min(material_id::text)::uuid AS material_id, sum(quantity_e4) AS q
        FROM stock_movements GROUP BY item_id, warehouse_id),
    levels AS (
      SELECT COALESCE(l.product_id, g.product_id) AS product_id, COALESCE(l.variant_id, g.variant_id) AS variant_id,
             COALESCE(l.material_id, g.material_id) AS material_id, COALESCE(l.warehouse_id, g.warehouse_id) AS warehouse_id,
             COALESCE(l.on_hand_e4, 0) AS summary, COALESCE(g.q, 0) AS ledger
        FROM stock_levels l FULL JOIN ledger g ON g.item_id = l.item_id AND g.warehouse_id = l.warehouse_id
       WHERE COALESCE(l.on_hand_e4, 0) <> COALESCE(g.q, 0)),
    totals AS (
      -- Full join: a total with no movements behind it is a drift too (its item named from its own table).
      SELECT COALESCE(g.product_id, (SELECT v.product_id FROM product_variants v WHERE v.id = s.item_id),
                      (SELECT p.id FROM products p WHERE p.id = s.item_id)) AS product_id,
             COALESCE(g.variant_id, (SELECT v.id FROM product_variants v WHERE v.id = s.item_id)) AS variant_id,
             COALESCE(g.material_id, (SELECT m.id FROM materials m WHERE m.id = s.item_id)) AS material_id,
             NULL::uuid AS warehouse_id, COALESCE(s.on_hand_e4, 0) AS summary, COALESCE(g.q, 0) AS ledger
        FROM stock_items s
        FULL JOIN (SELECT item_id, min(product_id::text)::uuid AS product_id, min(variant_id::text)::uuid AS variant_id,
                          min(material_id::text)::uuid AS material_id, sum(q) AS q FROM ledger GROUP BY item_id) g
          ON g.item_id = s.item_id
       WHERE COALESCE(s.on_hand_e4, 0) <> COALESCE(g.q, 0)),
    reorder AS (
      -- Each reorder level's copy of its warehouse's on hand, which low stock starts from.
      SELECT r.product_id, r.variant_id, r.material_id, r.warehouse_id, r.on_hand_e4 AS summary, COALESCE(g.q, 0) AS ledger
        FROM reorder_levels r LEFT JOIN ledger g ON g.item_id = r.item_id AND g.warehouse_id = r.warehouse_id
       WHERE r.on_hand_e4 <> COALESCE(g.q, 0)),
    d AS (SELECT * FROM levels UNION ALL SELECT * FROM totals UNION ALL SELECT * FROM reorder)
    SELECT ${itemViewSql('d')} AS item,
           (SELECT json_build_object('_id', w.id, 'name', w.name) FROM warehouses w WHERE w.id = d.warehouse_id) AS warehouse,
           d.summary::float8 / 10000 AS summary, d.ledger::float8 / 10000 AS ledger
      FROM d LIMIT 1000`);
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_levels`)).rows;
  const [kept] = await db
    .insert(stockChecks)
    .values({ firmId, levels: n, drift: drift.rows.length })
    .returning({ createdAt: stockChecks.createdAt });
  return { checkedAt: kept!.createdAt.toISOString(), levels: n, drift: drift.rows };
}

/** The latest check kept (nightly or asked for), if any: when, how many summaries, how many drifted. */
export async function latestCheck(db: Executor) {
  const [row] = await db.select().from(stockChecks).orderBy(sql`${stockChecks.createdAt} DESC`).limit(1);
  return row ? { checkedAt: row.createdAt.toISOString(), levels: row.levels, drift: row.drift } : null;
}

/** Every night, each firm's stock is proven against its ledger. */
export const stockCheckJob = defineJob({
  name: 'stock.check',
  every: { ms: 24 * 60 * 60_000, perFirm: true },
  run: async ({ firmId, scoped }) => {
    // The kept check is the report: the inventory page shows the latest, and any drift in it.
    await scoped((tx) => checkStock(tx, firmId!));
  },
});
