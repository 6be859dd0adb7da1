import {
  type ItemStock,
  type MaterialAnalytics,
  STOCK_FILTER_LABELS,
  type StockItemType,
  type StockLevel,
  type StockMovementPage,
  type StockValue,
  type stockAdjustmentSchema,
  type stockMovementsQuerySchema,
} from '@atelier/contracts';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, notFound } from '../../platform/http/errors';
import { cappedTotal } from '../../platform/http/list';
import { users } from '../../platform/identity/users.table';
import { materials } from '../materials';
import { products, productType, productVariants } from '../products';
import { warehouses } from '../warehouses';
import { incomingSql } from './incoming';
import { itemViewSql, resolveItems, throwFieldErrors, warehouseNames } from './items';
import { firmAllowsNegative, postMovements } from './ledger.service';
import { reorderLevels } from './reorder.table';
import {
  stockItems,
  stockLevels,
  stockMovements,
  stockPolicies,
  stockTransferLines,
  stockTransfers,
} from './stock.table';

const num = (e4: number | string) => Number(e4) / 10_000;

// The products list's `filter[stock][]`: in stock (some on hand somewhere), out of stock (none
// anywhere), or low (some warehouse at or below its reorder point), by the product or its variants.
const onHandSomewhere = sql`EXISTS (SELECT 1 FROM ${stockLevels} sl WHERE sl.product_id = ${qualified(products.id)} AND sl.on_hand_e4 > 0)`;
productType.addListFilter('stock', (values) => {
  if (values.some((v) => !Object.hasOwn(STOCK_FILTER_LABELS, v)))
    throw badRequest('Not a valid stock filter.', { 'filter.stock': 'Choose in stock, out of stock or low.' });
  return or(
    ...values.map((v) =>
      v === 'in_stock'
        ? onHandSomewhere
        : v === 'out_of_stock'
          ? sql`NOT ${onHandSomewhere}`
          : sql`EXISTS (SELECT 1 FROM ${reorderLevels} rl
              WHERE rl.product_id = ${qualified(products.id)} AND rl.on_hand_e4 <= rl.point_e4)`,
    ),
  )!;
});

/** POST /stock/adjustments: a counted-by-hand change, up or down, at the moving average, with its reason. */
export async function adjustStock(db: Executor, actor: Actor, input: z.output<typeof stockAdjustmentSchema>) {
  const [item] = await resolveItems(db, [input.item]);
  const names = await warehouseNames(db, [input.warehouse]);
  throwFieldErrors(names.size ? {} : { warehouse: 'Choose one of the firm’s warehouses.' }, '');
  await postMovements(db, actor, [
    {
      item: item!,
      warehouseId: input.warehouse,
      warehouseName: names.get(input.warehouse)!,
      quantityE4: Math.round(input.quantity * 10_000),
      reason: 'adjustment',
      note: input.note,
    },
  ]);
  return itemStock(db, actor, item!.type === 'variant' ? 'product' : item!.type, item!.productId ?? item!.materialId!);
}

/** Which rows are an owner's: a product's (itself or its variants) or a material's. */
function ownedBy(table: { productId: AnyPgColumn; materialId: AnyPgColumn }, type: 'product' | 'material', id: string) {
  return type === 'product' ? eq(table.productId, id) : eq(table.materialId, id);
}

/**
 * GET /stock/product/{id} and /stock/material/{id}: per item (a product's variants each) and
 * warehouse, on hand, in transit towards it, the reorder point and the average cost; with the
 * item's policy and the warehouses stock may be moved in.
 */
export async function itemStock(
  db: Executor,
  actor: Actor,
  type: Exclude<StockItemType, 'variant'>,
  id: string,
): Promise<ItemStock> {
  await findOwner(db, type, id);
  const rows = await db
    .select({
      item: sql<StockLevel['item']>`${itemViewSql('stock_levels')}`,
      itemId: stockLevels.itemId,
      warehouse: { _id: warehouses.id, name: warehouses.name },
      onHand: stockLevels.onHandE4,
      committed: stockLevels.committedE4,
      average: sql<number>`COALESCE((SELECT s.average_cost_hc FROM ${stockItems} s WHERE s.item_id = ${stockLevels.itemId}), 0)`,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(ownedBy(stockLevels, type, id));
  const transit = await db
    .select({
      item: sql<StockLevel['item']>`${itemViewSql('stock_transfer_lines')}`,
      itemId: stockTransferLines.itemId,
      warehouse: { _id: warehouses.id, name: warehouses.name },
      quantity: sql<string>`sum(${stockTransferLines.quantityE4})`,
      average: sql<number>`COALESCE((SELECT s.average_cost_hc FROM ${stockItems} s WHERE s.item_id = ${stockTransferLines.itemId}), 0)`,
    })
    .from(stockTransferLines)
    .innerJoin(stockTransfers, eq(stockTransfers.id, stockTransferLines.transferId))
    .innerJoin(warehouses, eq(warehouses.id, stockTransfers.toWarehouseId))
    .where(and(ownedBy(stockTransferLines, type, id), eq(stockTransfers.status, 'in_transit')))
    .groupBy(
      stockTransferLines.itemId,
      stockTransferLines.productId,
      stockTransferLines.variantId,
      stockTransferLines.materialId,
      warehouses.id,
    );
  const points = new Map(
    (
      await db
        .select({ item: reorderLevels.itemId, warehouse: reorderLevels.warehouseId, point: reorderLevels.pointE4 })
        .from(reorderLevels)
        .where(eq(type === 'product' ? reorderLevels.productId : reorderLevels.materialId, id))
    ).map((r) => [`${r.item}|${r.warehouse}`, num(r.point)]),
  );

  const levels = new Map<string, StockLevel>();
  const level = (
    item: StockLevel['item'],
    itemId: string,
    warehouse: { _id: string; name: string },
    average: number,
  ) => {
    const key = `${itemId}|${warehouse._id}`;
    let found = levels.get(key);
    if (!found) {
      found = {
        item,
        warehouse,
        onHand: 0,
        committed: 0,
        available: 0,
        inTransit: 0,
        incoming: 0,
        forecast: 0,
        reorderPoint: points.get(key) ?? null,
        averageCost: Number(average) / 100,
      };
      levels.set(key, found);
    }
    return found;
  };
  for (const r of rows) {
    const found = level(r.item, r.itemId, r.warehouse, r.average);
    found.onHand = num(r.onHand);
    found.committed = num(r.committed);
  }
  for (const r of transit) level(r.item, r.itemId, r.warehouse, r.average).inTransit = num(r.quantity);
  // What else is on its way (open purchase orders), and the forecast: available and what arrives in time.
  const coming = await db.execute<{
    item: StockLevel['item'];
    item_id: string;
    warehouse: { _id: string; name: string };
    open_e4: number;
    due_e4: number;
    average: number;
  }>(sql`
    SELECT ${itemViewSql('x')} AS item, x.item_id, json_build_object('_id', w.id, 'name', w.name) AS warehouse,
           x.open_e4, x.due_e4, COALESCE((SELECT s.average_cost_hc FROM ${stockItems} s WHERE s.item_id = x.item_id), 0) AS average
      FROM (SELECT i.*, CASE WHEN m.id IS NULL THEN COALESCE(v.product_id, i.item_id) END AS product_id,
                   v.id AS variant_id, m.id AS material_id
              FROM (${incomingSql()}) i
              LEFT JOIN ${productVariants} v ON v.id = i.item_id
              LEFT JOIN ${materials} m ON m.id = i.item_id
             WHERE ${type === 'product' ? sql`(i.item_id = ${id} OR v.product_id = ${id})` : sql`i.item_id = ${id}`}) x
      JOIN ${warehouses} w ON w.id = x.warehouse_id`);
  for (const r of coming.rows) {
    const found = level(r.item, r.item_id, r.warehouse, r.average);
    found.incoming = Math.max(num(r.open_e4) - found.inTransit, 0);
    found.forecast = num(r.due_e4);
  }
  for (const found of levels.values()) {
    found.available = found.onHand - found.committed;
    found.forecast += found.available;
  }

  const [own] = await db
    .select({ allow: stockPolicies.allowNegative })
    .from(stockPolicies)
    .where(type === 'product' ? eq(stockPolicies.productId, id) : eq(stockPolicies.materialId, id));
  const firmWide = await firmAllowsNegative(db, actor.firmId);
  const places = await stockPlaces(db);
  return {
    levels: [...levels.values()].sort(
      (a, b) => a.item.name.localeCompare(b.item.name) || a.warehouse.name.localeCompare(b.warehouse.name),
    ),
    allowNegative: own ? own.allow : firmWide,
    policy: own ? (own.allow ? 'allow' : 'forbid') : 'firm',
    warehouses: places,
  };
}

/** GET /stock/warehouses: where stock may be kept (not archived), the default first. */
export function stockPlaces(db: Executor) {
  return db
    .select({ _id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(isNull(warehouses.archivedAt))
    .orderBy(desc(warehouses.isDefault), warehouses.name);
}

/** GET /stock/movements: the ledger, newest first, of a product (and its variants), a material, a warehouse, a reason. */
export async function listMovements(
  db: Executor,
  query: z.output<typeof stockMovementsQuerySchema>,
): Promise<StockMovementPage> {
  const filters: SQL[] = [];
  if (query.product) filters.push(eq(stockMovements.productId, query.product));
  if (query.material) filters.push(eq(stockMovements.materialId, query.material));
  if (query.warehouse) filters.push(eq(stockMovements.warehouseId, query.warehouse));
  if (query.reason) filters.push(eq(stockMovements.reason, query.reason));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select({
      m: stockMovements,
      item: sql<StockLevel['item']>`${itemViewSql('stock_movements')}`,
      warehouse: warehouses.name,
      by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(stockMovements)
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(users, eq(users.id, stockMovements.createdBy))
    .where(where)
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: rows.map(({ m, item, warehouse, by }) => ({
      _id: m.id,
      item,
      warehouse: { _id: m.warehouseId, name: warehouse },
      quantity: num(m.quantityE4),
      reason: m.reason as StockMovementPage['items'][number]['reason'],
      unitCost: m.unitCostHc === null ? null : m.unitCostHc / 100,
      source: m.sourceType && m.sourceId ? { type: m.sourceType, _id: m.sourceId, label: m.sourceLabel ?? '' } : null,
      note: m.note,
      by: m.createdBy && by ? { _id: m.createdBy, name: by.trim() } : null,
      createdAt: m.createdAt.toISOString(),
    })),
    total: await cappedTotal(db, stockMovements, where),
  };
}

/** GET /stock/value: per warehouse, what is on hand there at each item's moving-average cost. */
export async function stockValue(db: Executor): Promise<StockValue> {
  const rows = await db
    .select({
      _id: warehouses.id,
      name: warehouses.name,
      items: sql<number>`count(${stockLevels.itemId}) FILTER (WHERE ${stockLevels.onHandE4} <> 0)::int`,
      // On hand (ten-thousandths) × cost (hundredths of a cent) = cents × 10⁶, rounded half-up per warehouse.
      value: sql<string>`COALESCE(round(sum(${stockLevels.onHandE4}::numeric * COALESCE(${stockItems.averageCostHc}, 0)) / 1000000), 0)`,
    })
    .from(warehouses)
    .leftJoin(stockLevels, eq(stockLevels.warehouseId, warehouses.id))
    .leftJoin(stockItems, eq(stockItems.itemId, stockLevels.itemId))
    .where(isNull(warehouses.archivedAt))
    .groupBy(warehouses.id)
    .orderBy(desc(warehouses.isDefault), warehouses.name);
  const list = rows.map((r) => ({ _id: r._id, name: r.name, items: r.items, valueCents: Number(r.value) }));
  return { warehouses: list, totalCents: list.reduce((a, w) => a + w.valueCents, 0) };
}

/** PUT /stock/policy/{type}/{id} (103): whether this product or material may go below zero, or as the firm says. */
export async function setStockPolicy(
  db: Executor,
  actor: Actor,
  type: 'product' | 'material',
  id: string,
  policy: 'firm' | 'allow' | 'forbid',
) {
  await findOwner(db, type, id);
  const owner = type === 'product' ? eq(stockPolicies.productId, id) : eq(stockPolicies.materialId, id);
  const [was] = await db.select().from(stockPolicies).where(owner).for('update');
  const before = was ? (was.allowNegative ? 'allow' : 'forbid') : 'firm';
  if (policy === 'firm') await db.delete(stockPolicies).where(owner);
  else
    await db.execute(sql`
      INSERT INTO ${stockPolicies} (firm_id, product_id, material_id, allow_negative)
      VALUES (${actor.firmId}, ${type === 'product' ? id : null}, ${type === 'material' ? id : null}, ${policy === 'allow'})
      ON CONFLICT ((COALESCE(product_id, material_id)))
      DO UPDATE SET allow_negative = EXCLUDED.allow_negative, updated_at = now()`);
  if (before !== policy)
    await recordAudit(db, actor, {
      entityType: type === 'product' ? 'product' : 'raw_material',
      entityId: id,
      action: 'inventory-policy',
      before: { inventoryPolicy: before },
      after: { inventoryPolicy: policy },
    });
  return itemStock(db, actor, type, id);
}

/** The product or material itself, the firm's (404 otherwise). */
async function findOwner(db: Executor, type: 'product' | 'material', id: string) {
  const table = type === 'product' ? products : materials;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw notFound(`No such ${type}.`);
}

/**
 * GET /stock/materials/{id}/analytics: per month of the last twelve, what was used (stock that
 * left other than by transfer: deliveries, adjustments and counts down) and what was bought
 * (receipts less their reversals), from the ledger.
 */
export async function materialAnalytics(db: Executor, id: string): Promise<MaterialAnalytics> {
  await findOwner(db, 'material', id);
  const rows = await db.execute<{ month: string; used: number; purchased: number }>(sql`
    SELECT to_char(m, 'YYYY-MM') AS month,
           COALESCE(-sum(sm.quantity_e4) FILTER (WHERE sm.quantity_e4 < 0 AND sm.reason IN ('delivery', 'adjustment', 'count')), 0)::float8 / 10000 AS used,
           COALESCE(sum(sm.quantity_e4) FILTER (WHERE sm.reason IN ('receipt', 'receipt_reversal')), 0)::float8 / 10000 AS purchased
      FROM generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') m
      LEFT JOIN ${stockMovements} sm
        ON sm.material_id = ${id} AND sm.created_at >= m AND sm.created_at < m + interval '1 month'
     GROUP BY m ORDER BY m`);
  return { months: rows.rows.map((r) => ({ month: r.month, used: Number(r.used), purchased: Number(r.purchased) })) };
}
