import {
  type LowStockPage,
  type lowStockOrderSchema,
  type lowStockQuerySchema,
  purchaseOrderInputSchema,
} from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { incomingSql, itemViewSql, registerIncoming, reorderLevels, resolveItems, warehouseNames } from '../stock';
import { vendorItems, vendors } from '../vendors';
import { warehouses } from '../warehouses';
import { purchaseOrderType } from './purchase-orders.service';
import { purchaseOrderLines, purchaseOrders } from './purchase-orders.table';

/**
 * Open purchase-order lines into a warehouse: what is still to arrive, and what of it is due
 * within its vendor's lead time from today (a line with no date counts as due). The stock module
 * adds them to what is incoming (its stock tab's and low stock's forecast). Only catalog items:
 * a special order bought for a customer is never stocked.
 */
registerIncoming(sql`
  SELECT l.item_id, po.warehouse_id, GREATEST(l.quantity_e4 - l.received_e4, 0) AS open_e4,
         CASE WHEN COALESCE(l.expected_date, po.expected_date, current_date) <= current_date + COALESCE(
                (SELECT vi.lead_time_days FROM ${vendorItems} vi WHERE vi.vendor_id = po.vendor_id
                    AND vi.item_id = l.item_id), v.lead_time_days)
              THEN GREATEST(l.quantity_e4 - l.received_e4, 0) ELSE 0 END AS due_e4,
         COALESCE(l.expected_date, po.expected_date, current_date + COALESCE(
                (SELECT vi.lead_time_days FROM ${vendorItems} vi WHERE vi.vendor_id = po.vendor_id
                    AND vi.item_id = l.item_id), v.lead_time_days)) AS expected_on
    FROM ${purchaseOrderLines} l
    JOIN ${purchaseOrders} po ON po.id = l.purchase_order_id
    JOIN ${vendors} v ON v.id = po.vendor_id
   WHERE po.status IN ('sent', 'partially_received') AND po.warehouse_id IS NOT NULL
     AND l.item_id IS NOT NULL`);

/**
 * The items at or below their reorder point on forecast, per warehouse, in one statement. It
 * starts from the levels whose warehouse has no more than the point available (an index of
 * those; the ledger keeps each level's on hand, commitments what orders hold), since what is
 * incoming only adds (every `registerIncoming` source gives what is due as 0 or more): the
 * forecast is on hand less what is committed plus what is due. The page is cut from those, counted and in order, before anything else is
 * read; then each of its rows gets its item, its preferred vendor and pack. `where` narrows the
 * levels (a warehouse), `vendor` the preferred vendor.
 */
function lowStockRows(where: SQL, vendor: string | undefined, page: SQL) {
  return sql`
    WITH inc AS (${incomingSql()}),
    low AS (
      SELECT rl.product_id, rl.variant_id, rl.material_id, rl.item_id, rl.warehouse_id, rl.point_e4, rl.quantity_e4,
             rl.on_hand_e4 AS on_hand, rl.committed_e4 AS committed, COALESCE(inc.due_e4, 0) AS incoming
        FROM ${reorderLevels} rl
        LEFT JOIN inc ON inc.item_id = rl.item_id AND inc.warehouse_id = rl.warehouse_id
       WHERE ${where} AND rl.on_hand_e4 - rl.committed_e4 <= rl.point_e4
         AND rl.on_hand_e4 - rl.committed_e4 + COALESCE(inc.due_e4, 0) <= rl.point_e4
         AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = rl.product_id AND p.archived_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.id = rl.variant_id AND v.archived_at IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM materials m WHERE m.id = rl.material_id AND m.archived_at IS NOT NULL)
         ${vendor ? sql`AND EXISTS (SELECT 1 FROM ${vendorItems} vi WHERE vi.preferred AND vi.item_id = rl.item_id AND vi.vendor_id = ${vendor})` : sql``}),
    page AS (
      SELECT low.*, w.name AS warehouse_name, count(*) OVER ()::int AS total
        FROM low JOIN ${warehouses} w ON w.id = low.warehouse_id
       ORDER BY w.name, low.warehouse_id, low.on_hand - low.committed + low.incoming - low.point_e4, low.item_id
       ${page}),
    priced AS (
      SELECT page.*, vi.vendor_id, vi.cost_hc, COALESCE(vi.pack_size, 1) AS pack, COALESCE(vi.minimum_packs, 1) AS min_packs
        FROM page LEFT JOIN ${vendorItems} vi ON vi.preferred AND vi.item_id = page.item_id)
    SELECT ${itemViewSql('priced')} AS item,
           json_build_object('_id', priced.warehouse_id, 'name', priced.warehouse_name) AS warehouse,
           priced.on_hand::float8 / 10000 AS "onHand", priced.committed::float8 / 10000 AS committed,
           priced.incoming::float8 / 10000 AS incoming,
           (priced.on_hand - priced.committed + priced.incoming)::float8 / 10000 AS forecast,
           priced.point_e4::float8 / 10000 AS "reorderPoint", priced.quantity_e4::float8 / 10000 AS "reorderQuantity",
           GREATEST(ceil(priced.quantity_e4 / (priced.pack * 10000.0)), priced.min_packs)::float8 * priced.pack AS "toOrder",
           priced.pack AS "packSize",
           (SELECT json_build_object('_id', v.id, 'name', v.name) FROM ${vendors} v WHERE v.id = priced.vendor_id) AS vendor,
           priced.cost_hc::float8 / 100 AS "unitCost", priced.total
      FROM priced
     ORDER BY priced.warehouse_name, priced.warehouse_id, priced.on_hand - priced.committed + priced.incoming - priced.point_e4, priced.item_id`;
}

type LowRow = LowStockPage['items'][number] & { total: number };

/** GET /low-stock: the items to reorder, the most short first in each warehouse (materials if they may). */
export async function listLowStock(
  db: Executor,
  query: z.output<typeof lowStockQuerySchema>,
  withMaterials: boolean,
): Promise<LowStockPage> {
  const where = sql.join(
    [
      query.warehouse ? sql`rl.warehouse_id = ${query.warehouse}` : sql`TRUE`,
      withMaterials ? sql`TRUE` : sql`rl.material_id IS NULL`,
    ],
    sql` AND `,
  );
  const rows = (
    await db.execute<LowRow>(lowStockRows(where, query.vendor, sql`LIMIT ${query.limit} OFFSET ${query.offset}`))
  ).rows;
  return { items: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/**
 * POST /low-stock/purchase-orders: the rows ticked become draft purchase orders, one per
 * preferred vendor and warehouse, each line the quantity to order (or as given) at the vendor's
 * cost. A row with no preferred vendor is refused, naming it, and nothing is made.
 */
export async function orderLowStock(db: Executor, actor: Actor, input: z.output<typeof lowStockOrderSchema>) {
  const items = await resolveItems(
    db,
    input.rows.map((r) => r.item),
    (i) => `rows.${i}.item`,
  );
  const places = await warehouseNames(
    db,
    input.rows.map((r) => r.warehouse),
  );
  const preferred = new Map(
    (
      await db.execute<{ item: string; vendor: string; pack: number; min: number }>(sql`
        SELECT vi.item_id AS item, vi.vendor_id AS vendor,
               vi.pack_size AS pack, vi.minimum_packs AS min
          FROM ${vendorItems} vi
         WHERE vi.preferred AND vi.item_id = ANY(${sql.param(items.map((i) => i.itemId))}::uuid[])`)
    ).rows.map((r) => [r.item, r]),
  );
  const levels = new Map(
    (
      await db.execute<{ item: string; warehouse: string; q: number }>(sql`
        SELECT item_id AS item, warehouse_id AS warehouse, quantity_e4 AS q
          FROM ${reorderLevels} WHERE item_id = ANY(${sql.param(items.map((i) => i.itemId))}::uuid[])`)
    ).rows.map((r) => [`${r.item}|${r.warehouse}`, Number(r.q)]),
  );
  const errors: Record<string, string> = {};
  const groups = new Map<string, { vendor: string; warehouse: string; lines: { i: number; quantity: number }[] }>();
  input.rows.forEach((row, i) => {
    const item = items[i]!;
    const vendor = preferred.get(item.itemId);
    if (!places.has(row.warehouse)) errors[`rows.${i}.warehouse`] = 'Choose one of the firm’s warehouses.';
    else if (!vendor)
      errors[`rows.${i}.item`] = `${item.name} has no preferred vendor: choose one on its vendors first.`;
    else {
      const reorder = levels.get(`${item.itemId}|${row.warehouse}`);
      let quantity = row.quantity;
      if (quantity === undefined) {
        if (reorder === undefined) {
          errors[`rows.${i}.quantity`] = `${item.name} has no reorder quantity there: say how many to order.`;
          return;
        }
        const packs = Math.max(Math.ceil(reorder / (vendor.pack * 10_000)), vendor.min);
        quantity = packs * vendor.pack;
      }
      const key = `${vendor.vendor}|${row.warehouse}`;
      const group = groups.get(key) ?? { vendor: vendor.vendor, warehouse: row.warehouse, lines: [] };
      group.lines.push({ i, quantity });
      groups.set(key, group);
    }
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Some rows cannot be ordered: see each one.',
      errors,
    );
  const made = [];
  for (const group of groups.values()) {
    const order = await purchaseOrderType.create(
      db,
      actor,
      purchaseOrderInputSchema.parse({
        vendor: group.vendor,
        warehouse: group.warehouse,
        lines: group.lines.map(({ i, quantity }) => ({ item: input.rows[i]!.item, quantity })),
      }),
    );
    made.push({ _id: order._id, number: order.number, vendor: order.vendor, lines: order.lines.length });
  }
  return made;
}
