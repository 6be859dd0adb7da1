import type { SellableItem, sellableItemQuerySchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { mayUseMaterials, searchItems } from '../stock';

/**
 * GET /orders/items: items for an order's lines, found by name or SKU (or a variant's barcode,
 * exactly, for a scanner), with the price that applies and what the warehouse has available.
 */
export async function sellableItems(
  db: Executor,
  actor: Actor,
  query: z.output<typeof sellableItemQuerySchema>,
): Promise<SellableItem[]> {
  const found = await searchItems(db, query.q, query.limit, mayUseMaterials(actor));
  const code = query.q.toLowerCase();
  const byBarcode = code
    ? (
        await db.execute<SellableItem>(sql`
          SELECT 'variant' AS type, v.id AS "_id", p.id AS "productId", NULL::uuid AS "materialId",
                 p.name || ' — ' || array_to_string(v.values, ' / ') AS name, v.sku
            FROM product_variants v JOIN products p ON p.id = v.product_id
           WHERE lower(v.barcode) = ${code} AND v.archived_at IS NULL AND p.archived_at IS NULL LIMIT 5`)
      ).rows
    : [];
  const items = [...byBarcode, ...found.filter((f) => !byBarcode.some((b) => b._id === f._id))];
  if (!items.length) return [];
  const ids = items.map((i) => i._id);
  const facts = await db.execute<{
    id: string;
    unit: string;
    price: string | null;
    mode: SellableItem['pricingMode'];
    barcode: string | null;
    available: string | null;
  }>(sql`
    WITH i AS (SELECT unnest(${sql.param(ids)}::uuid[]) AS id)
    SELECT i.id, COALESCE(p.unit, pp.unit, m.unit) AS unit,
           COALESCE(v.price_cents, pp.price_cents, p.price_cents)::text AS price,
           COALESCE(pp.pricing_mode, p.pricing_mode, 'unit') AS mode, v.barcode,
           ${query.warehouse ? sql`(SELECT (l.on_hand_e4 - l.committed_e4)::text FROM stock_levels l WHERE l.item_id = i.id AND l.warehouse_id = ${query.warehouse})` : sql`NULL`} AS available
      FROM i LEFT JOIN products p ON p.id = i.id
      LEFT JOIN product_variants v ON v.id = i.id LEFT JOIN products pp ON pp.id = v.product_id
      LEFT JOIN materials m ON m.id = i.id`);
  const of = new Map(facts.rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const f = of.get(item._id)!;
    return {
      ...item,
      unit: f.unit,
      priceCents: f.price === null ? null : Number(f.price),
      priceSource: 'List price',
      pricingMode: f.mode,
      available: query.warehouse ? Number(f.available ?? 0) / 10_000 : null,
      exact: item.sku.toLowerCase() === code || (f.barcode ?? '').toLowerCase() === code,
    };
  });
}
