import { divRoundHalfUp, type StockReason } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type AuditActor, auditRows } from '../../platform/audit/audit.service';
import { conflict } from '../../platform/http/errors';
import { settings } from '../../platform/settings/settings.table';
import type { StockItem } from './items';
import { stockPolicies } from './stock.table';

/** One movement to post. Quantities are ten-thousandths of the unit; costs hundredths of a cent. */
export type MovementLine = {
  item: StockItem;
  warehouseId: string;
  /** Its name, for the message when there is not enough. */
  warehouseName: string;
  quantityE4: number;
  /**
   * A count: the warehouse holds this many now. The movement is the difference from what the
   * ledger says once the item is locked (none when they agree); `quantityE4` is then ignored.
   */
  countedE4?: number;
  reason: StockReason;
  /**
   * What a unit cost, for stock coming in at a price of its own (a receipt's landed cost, an
   * opening balance, a return at its cost) or a receipt's reversal going out at it. Left out,
   * the movement is at the item's moving average and leaves it as it is.
   */
  unitCostHc?: number;
  source?: { type: string; id: string; label: string };
  note?: string;
};

export type PostedMovement = {
  id: string;
  itemId: string;
  warehouseId: string;
  quantityE4: number;
  unitCostHc: number;
};

/** Reasons that bring stock in at a cost of their own, moving the average. */
const PRICED_IN = new Set<StockReason>(['receipt', 'opening', 'return']);

const fmt = (e4: bigint | number) => (Number(e4) / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });

/**
 * The one way stock changes: posts the movements in the caller's transaction, keeping on hand
 * per item and warehouse, on hand per item and its moving-average cost in step with the ledger,
 * and an audit row per movement.
 *
 * Each item's summary row is locked first (in item order, so two documents never wait on each
 * other in a circle): an item's movements take turns, and what one reads of its stock is what the
 * next finds. Where the item may not go below zero (its own policy, else the firm's), a movement
 * that would take a warehouse below zero is refused with 409 and nothing of the document posts.
 */
export async function postMovements(db: Executor, actor: AuditActor, lines: MovementLine[]): Promise<PostedMovement[]> {
  if (!lines.length) return [];
  const itemIds = [...new Set(lines.map((l) => l.item.itemId))].sort();
  const pairs = [...new Set(lines.map((l) => `${l.item.itemId}|${l.warehouseId}`))];
  const { totals, levels } = await lockItems(db, actor.firmId, itemIds, pairs);
  const before = new Map(levels);

  // The movements in order: each one's cost, and the summaries after it.
  const posted: (PostedMovement & { line: MovementLine })[] = [];
  for (const line of lines) {
    const total = totals.get(line.item.itemId)!;
    const pair = `${line.item.itemId}|${line.warehouseId}`;
    const q =
      line.countedE4 === undefined ? BigInt(line.quantityE4) : BigInt(line.countedE4) - (levels.get(pair) ?? 0n);
    if (q === 0n) continue;
    let unitCost = total.average;
    if (line.unitCostHc !== undefined && PRICED_IN.has(line.reason) && q > 0n) {
      const cost = BigInt(Math.round(line.unitCostHc));
      // While nothing (or less) is on hand, what arrives sets the average.
      total.average =
        total.onHand <= 0n ? cost : divRoundHalfUp(total.onHand * total.average + q * cost, total.onHand + q);
      unitCost = cost;
    } else if (line.unitCostHc !== undefined && line.reason === 'receipt_reversal' && q < 0n) {
      // What leaves goes at its own cost; the average is what is left's.
      const cost = BigInt(Math.round(line.unitCostHc));
      const left = total.onHand + q;
      if (left > 0n) {
        const value = total.onHand * total.average + q * cost;
        total.average = value > 0n ? divRoundHalfUp(value, left) : 0n;
      }
      unitCost = cost;
    }
    total.onHand += q;
    levels.set(pair, (levels.get(pair) ?? 0n) + q);
    posted.push({
      id: newId(),
      itemId: line.item.itemId,
      warehouseId: line.warehouseId,
      quantityE4: Number(q),
      unitCostHc: Number(unitCost),
      line: { ...line, quantityE4: Number(q) },
    });
  }
  if (!posted.length) return [];

  // Below zero only where the item may be: a warehouse's stock that falls under zero is refused.
  const falling = pairs.filter((p) => levels.get(p)! < 0n && levels.get(p)! < (before.get(p) ?? 0n));
  if (falling.length) {
    const allowed = await allowsNegative(
      db,
      actor.firmId,
      lines.map((l) => l.item),
    );
    for (const pair of falling) {
      const line = lines.find((l) => `${l.item.itemId}|${l.warehouseId}` === pair)!;
      if (allowed.has(line.item.itemId)) continue;
      const has = before.get(pair) ?? 0n;
      throw conflict(
        `Only ${fmt(has > 0n ? has : 0n)} of ${line.item.name} left in ${line.warehouseName}: stock of this item may not go below zero.`,
      );
    }
  }

  // The summaries, the ledger and the history in one statement.
  const first = new Map(lines.map((l) => [`${l.item.itemId}|${l.warehouseId}`, l.item]));
  const rows = pairs.map((p) => ({ item: first.get(p)!, warehouseId: p.split('|')[1]!, onHand: levels.get(p)! }));
  const ids = <T>(list: T[], of: (x: T) => string | null) => sql.param(list.map(of));
  const moved = posted.map((m) => m.line);
  await db.execute(sql`
    WITH totals AS (
      UPDATE stock_items s SET on_hand_e4 = x.q, average_cost_hc = x.c, updated_at = now()
        FROM unnest(${sql.param(itemIds)}::uuid[], ${sql.param(itemIds.map((i) => totals.get(i)!.onHand.toString()))}::bigint[],
                    ${sql.param(itemIds.map((i) => totals.get(i)!.average.toString()))}::bigint[]) AS x(i, q, c)
       WHERE s.item_id = x.i),
    levels AS (
      INSERT INTO stock_levels (firm_id, product_id, variant_id, material_id, warehouse_id, on_hand_e4)
      SELECT ${actor.firmId}::uuid, x.p, x.v, x.m, x.w, x.q
        FROM unnest(${ids(rows, (r) => r.item.productId)}::uuid[], ${ids(rows, (r) => r.item.variantId)}::uuid[],
                    ${ids(rows, (r) => r.item.materialId)}::uuid[], ${ids(rows, (r) => r.warehouseId)}::uuid[],
                    ${sql.param(rows.map((r) => r.onHand.toString()))}::bigint[]) AS x(p, v, m, w, q)
      ON CONFLICT (item_id, warehouse_id) DO UPDATE SET on_hand_e4 = EXCLUDED.on_hand_e4, updated_at = now()),
    reorder AS (
      UPDATE reorder_levels r SET on_hand_e4 = x.q
        FROM unnest(${ids(rows, (r) => r.item.itemId)}::uuid[], ${ids(rows, (r) => r.warehouseId)}::uuid[],
                    ${sql.param(rows.map((r) => r.onHand.toString()))}::bigint[]) AS x(i, w, q)
       WHERE r.item_id = x.i AND r.warehouse_id = x.w AND r.on_hand_e4 <> x.q),
    ledger AS (
      INSERT INTO stock_movements (id, firm_id, product_id, variant_id, material_id, warehouse_id, quantity_e4, reason,
                                   unit_cost_hc, source_type, source_id, source_label, note, created_by)
      SELECT x.id, ${actor.firmId}::uuid, x.p, x.v, x.m, x.w, x.q, x.r, x.c, x.st, x.si, x.sl, x.n, ${actor.userId}::uuid
        FROM unnest(${ids(posted, (m) => m.id)}::uuid[], ${ids(moved, (l) => l.item.productId)}::uuid[],
                    ${ids(moved, (l) => l.item.variantId)}::uuid[], ${ids(moved, (l) => l.item.materialId)}::uuid[],
                    ${ids(moved, (l) => l.warehouseId)}::uuid[], ${sql.param(moved.map((l) => String(l.quantityE4)))}::bigint[],
                    ${ids(moved, (l) => l.reason)}::text[], ${sql.param(posted.map((m) => String(m.unitCostHc)))}::bigint[],
                    ${ids(moved, (l) => l.source?.type ?? null)}::text[], ${ids(moved, (l) => l.source?.id ?? null)}::uuid[],
                    ${ids(moved, (l) => l.source?.label ?? null)}::text[], ${ids(moved, (l) => l.note ?? '')}::text[])
             AS x(id, p, v, m, w, q, r, c, st, si, sl, n))
    ${auditRows(
      actor,
      posted.map(({ id, line, unitCostHc }) => ({
        entityType: 'stock_movement',
        entityId: id,
        action: line.reason,
        after: {
          item: `${line.item.name} (${line.item.sku})`,
          warehouse: line.warehouseName,
          quantity: line.quantityE4 / 10_000,
          unitCost: unitCostHc / 100,
          ...(line.source ? { source: line.source.label } : {}),
          ...(line.note ? { note: line.note } : {}),
        },
      })),
    )}`);
  return posted.map(({ line: _, ...m }) => m);
}

type Total = { onHand: bigint; average: bigint };
type Locked = {
  item_id: string;
  on_hand_e4: string;
  average_cost_hc: string;
  fresh: boolean;
  levels: [string, string][] | null;
};

/**
 * Locks the items' summary rows (made where missing), in item order so that two documents never
 * wait on each other in a circle, and reads their totals and their on hand in the warehouses of
 * `pairs` (`item|warehouse`). While the locks are held, nothing else moves these items.
 *
 * One statement does it all when it could lock without waiting on a writer. A row it had to wait
 * for was changed after the statement's snapshot (its version differs from the one the snapshot
 * sees), and so may its stock rows have been: those are read again, now that they hold still.
 */
export async function lockItems(db: Executor, firmId: string, itemIds: string[], pairs: string[] = []) {
  const warehouseIds = [...new Set(pairs.map((p) => p.split('|')[1]!))];
  const levelsOf = (items: 'made' | 'held') =>
    sql`(SELECT json_agg(json_build_array(l.warehouse_id, l.on_hand_e4::text)) FROM stock_levels l
       WHERE l.item_id = ${
         // constant SQL: one of two aliases of this statement.
         sql.raw(items)
       }.item_id AND l.warehouse_id = ANY(w.ids))`;
  const locked = await db.execute<Locked>(sql`
    WITH w AS (SELECT ${sql.param(warehouseIds)}::uuid[] AS ids),
    made AS (
      INSERT INTO stock_items (item_id, firm_id)
      SELECT i, ${firmId}::uuid FROM unnest(${sql.param(itemIds)}::uuid[]) AS i ORDER BY i
      ON CONFLICT (item_id) DO NOTHING
      RETURNING item_id, on_hand_e4, average_cost_hc),
    held AS (
      SELECT item_id, on_hand_e4, average_cost_hc, xmin::text AS version FROM stock_items
       WHERE item_id = ANY(${sql.param(itemIds)}::uuid[]) ORDER BY item_id FOR UPDATE)
    SELECT made.item_id, made.on_hand_e4::text, made.average_cost_hc::text, true AS fresh, ${levelsOf('made')} AS levels
      FROM made, w
    UNION ALL
    SELECT held.item_id, held.on_hand_e4::text, held.average_cost_hc::text,
           held.version = (SELECT s.xmin::text FROM stock_items s WHERE s.item_id = held.item_id) AS fresh,
           ${levelsOf('held')} AS levels
      FROM held, w`);
  const totals = new Map<string, Total>(
    locked.rows.map((r) => [r.item_id, { onHand: BigInt(r.on_hand_e4), average: BigInt(r.average_cost_hc) }]),
  );
  const levels = new Map<string, bigint>();
  const wanted = new Set(pairs);
  for (const r of locked.rows)
    for (const [warehouse, q] of r.levels ?? [])
      if (wanted.has(`${r.item_id}|${warehouse}`)) levels.set(`${r.item_id}|${warehouse}`, BigInt(q));
  // A row another document made and committed while this statement waited is not in its snapshot: lock it now.
  const missing = itemIds.filter((i) => !totals.has(i));
  if (missing.length)
    for (const r of (
      await db.execute<{ item_id: string; on_hand_e4: string; average_cost_hc: string }>(sql`
        SELECT item_id, on_hand_e4::text, average_cost_hc::text FROM stock_items
         WHERE item_id = ANY(${sql.param(missing)}::uuid[]) ORDER BY item_id FOR UPDATE`)
    ).rows)
      totals.set(r.item_id, { onHand: BigInt(r.on_hand_e4), average: BigInt(r.average_cost_hc) });
  const stale = new Set([...missing, ...locked.rows.filter((r) => !r.fresh).map((r) => r.item_id)]);
  const reread = pairs.filter((p) => stale.has(p.split('|')[0]!));
  if (reread.length) {
    for (const p of reread) levels.delete(p);
    const current = await db.execute<{ item_id: string; warehouse_id: string; on_hand_e4: string }>(sql`
      SELECT l.item_id, l.warehouse_id, l.on_hand_e4::text FROM stock_levels l
        JOIN unnest(${sql.param(reread.map((p) => p.split('|')[0]!))}::uuid[], ${sql.param(reread.map((p) => p.split('|')[1]!))}::uuid[])
          AS x(i, w) ON l.item_id = x.i AND l.warehouse_id = x.w`);
    for (const r of current.rows) levels.set(`${r.item_id}|${r.warehouse_id}`, BigInt(r.on_hand_e4));
  }
  return { totals, levels };
}

/** The items (of those given) that may go below zero: their own policy, else the firm's. */
export async function allowsNegative(db: Executor, firmId: string, items: StockItem[]): Promise<Set<string>> {
  const owners = [...new Set(items.map((i) => i.productId ?? i.materialId!))];
  const own = new Map(
    (
      await db
        .select({
          owner: sql<string>`COALESCE(${stockPolicies.productId}, ${stockPolicies.materialId})`,
          allow: stockPolicies.allowNegative,
        })
        .from(stockPolicies)
        .where(
          sql`COALESCE(${stockPolicies.productId}, ${stockPolicies.materialId}) = ANY(${sql.param(owners)}::uuid[])`,
        )
    ).map((r) => [r.owner, r.allow]),
  );
  const firmWide = await firmAllowsNegative(db, firmId);
  return new Set(items.filter((i) => own.get(i.productId ?? i.materialId!) ?? firmWide).map((i) => i.itemId));
}

/** The firm's inventory policy (settings group inventorySettings, 103). */
export async function firmAllowsNegative(db: Executor, firmId: string): Promise<boolean> {
  const [row] = await db
    .select({ allow: sql<boolean | null>`(${settings.data} ->> 'allowNegativeStock')::boolean` })
    .from(settings)
    .where(sql`${settings.firmId} = ${firmId} AND ${settings.group} = 'inventorySettings'`);
  return row?.allow ?? false;
}
