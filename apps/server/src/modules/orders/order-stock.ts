import { KINDS, type Order, type OrderLine, type orderFulfilSchema, type StockItemRef } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { shipmentType } from '../purchasing';
import {
  availableOn,
  type Commitment,
  commitStock,
  postMovements,
  releaseStock,
  resolveItems,
  warehouseNames,
} from '../stock';
import { orderLines, orders, shipmentOrderLines } from './orders.table';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });
const name = (row: OrderRow) => `${row.prefix}${row.number}`;

const refOf = (l: Pick<LineRow, 'productId' | 'variantId' | 'materialId'>): StockItemRef =>
  l.materialId
    ? { type: 'material', id: l.materialId }
    : l.variantId
      ? { type: 'variant', id: l.variantId }
      : { type: 'product', id: l.productId! };

/** The order's stocked lines that count, in order, with their items and the warehouse's name. */
async function stockedLines(db: Executor, row: OrderRow) {
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, row.id), eq(orderLines.kind, 'item'), eq(orderLines.counted, true)))
    .orderBy(orderLines.position);
  const items = await resolveItems(db, lines.map(refOf), (i) => `lines.${lines[i]!.position}.item`);
  const places = row.warehouseId ? await warehouseNames(db, [row.warehouseId]) : new Map<string, string>();
  return { lines, items, warehouseName: row.warehouseId ? (places.get(row.warehouseId) ?? '') : '' };
}

/**
 * Confirming: every stocked line's quantity is held in the order's warehouse (available = on
 * hand − committed). A line short of stock is refused with what is there and when more comes,
 * unless its item may be sold on backorder; what was committed anyway is said in the history.
 */
export async function commitOrder(db: Executor, actor: Actor, row: OrderRow) {
  const { lines, items, warehouseName } = await stockedLines(db, row);
  if (!lines.length) return [];
  if (!row.warehouseId)
    throw badRequest(`Choose the warehouse ${name(row)} is fulfilled from before confirming it.`, {
      warehouse: 'Choose the warehouse it is fulfilled from.',
    });
  const commitments: Commitment[] = lines.map((l, i) => ({
    field: `lines.${l.position}`,
    item: items[i]!,
    warehouseId: row.warehouseId!,
    warehouseName,
    quantityE4: l.quantityE4,
  }));
  const shortfalls = await commitStock(db, actor.firmId, commitments);
  await db.execute(sql`
    UPDATE ${orderLines} SET committed_e4 = quantity_e4
     WHERE order_id = ${row.id} AND kind = 'item' AND counted`);
  return shortfalls;
}

/** Cancelling: what the order still holds goes back to available. Delivered stays delivered. */
export async function releaseOrder(db: Executor, actor: Actor, row: OrderRow) {
  if (!row.warehouseId) return;
  const { lines, items, warehouseName } = await stockedLines(db, row);
  await releaseStock(
    db,
    actor.firmId,
    lines.map((l, i) => ({
      field: `lines.${l.position}`,
      item: items[i]!,
      warehouseId: row.warehouseId!,
      warehouseName,
      quantityE4: l.committedE4,
    })),
  );
  await db.execute(sql`UPDATE ${orderLines} SET committed_e4 = 0 WHERE order_id = ${row.id}`);
}

/**
 * After a change order rewrote a confirmed order's lines (`before` as they were): each stocked
 * line holds what is left to hand over of it. Only what grows is checked against what is
 * available (409 with the figures, unless backorder); what shrinks or went is let go.
 */
export async function rebalanceOrder(db: Executor, actor: Actor, row: OrderRow, before: LineRow[]) {
  const after = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id));
  const target = (l: LineRow) => (l.kind === 'item' && l.counted ? Math.max(l.quantityE4 - l.deliveredE4, 0) : 0);
  const was = new Map(before.map((l) => [l.id, l]));
  const deltas: { line: LineRow; quantityE4: number }[] = [];
  for (const l of after) deltas.push({ line: l, quantityE4: target(l) - (was.get(l.id)?.committedE4 ?? 0) });
  const kept = new Set(after.map((l) => l.id));
  for (const l of before)
    if (!kept.has(l.id) && l.committedE4 > 0) deltas.push({ line: l, quantityE4: -l.committedE4 });
  const moving = deltas.filter((d) => d.quantityE4 !== 0 && d.line.kind === 'item');
  if (!moving.length) return [];
  if (!row.warehouseId)
    throw badRequest(`Choose the warehouse ${name(row)} is fulfilled from first.`, {
      warehouse: 'Choose a warehouse.',
    });
  const items = await resolveItems(
    db,
    moving.map((d) => refOf(d.line)),
    (i) => `lines.${moving[i]!.line.position}.item`,
  );
  const warehouseName = (await warehouseNames(db, [row.warehouseId])).get(row.warehouseId) ?? '';
  const of = (d: (typeof moving)[number], i: number, sign: 1 | -1): Commitment => ({
    field: `lines.${d.line.position}`,
    item: items[i]!,
    warehouseId: row.warehouseId!,
    warehouseName,
    quantityE4: sign * d.quantityE4,
  });
  await releaseStock(
    db,
    actor.firmId,
    moving.flatMap((d, i) => (d.quantityE4 < 0 ? [of(d, i, -1)] : [])),
  );
  const shortfalls = await commitStock(
    db,
    actor.firmId,
    moving.flatMap((d, i) => (d.quantityE4 > 0 ? [of(d, i, 1)] : [])),
  );
  await db.execute(sql`
    UPDATE ${orderLines} SET committed_e4 = CASE WHEN kind = 'item' AND counted THEN GREATEST(quantity_e4 - delivered_e4, 0) ELSE 0 END
     WHERE order_id = ${row.id}`);
  return shortfalls;
}

/**
 * What each stocked line of an open order can have of its warehouse: on hand less what other
 * orders hold, the shortfall, and the earliest day the rest can be there.
 */
export async function orderStock(db: Executor, order: Order): Promise<Order> {
  const open = order.status === 'draft' || order.status === 'confirmed';
  const wanted = order.lines.filter((l) => l.kind === 'item' && l.counted && l.item);
  if (!open || !order.warehouse || !wanted.length) return order;
  const levels = await db.execute<{ item_id: string; on_hand_e4: string; committed_e4: string }>(sql`
    SELECT item_id, on_hand_e4::text, committed_e4::text FROM stock_levels
     WHERE warehouse_id = ${order.warehouse._id} AND item_id = ANY(${sql.param(wanted.map((l) => l.item!._id))}::uuid[])`);
  const own = await db.execute<{ id: string; committed_e4: string }>(sql`
    SELECT id, committed_e4::text FROM ${orderLines} WHERE order_id = ${order._id}`);
  const ownOf = new Map(own.rows.map((r) => [r.id, Number(r.committed_e4)]));
  const at = new Map(levels.rows.map((r) => [r.item_id, Number(r.on_hand_e4) - Number(r.committed_e4)]));
  const stock = new Map<string, NonNullable<OrderLine['stock']>>();
  const short: { line: OrderLine; shortE4: number }[] = [];
  for (const line of wanted) {
    const committed = ownOf.get(line.id) ?? 0;
    // What this line may draw on: what is free, plus what it holds itself.
    const availableE4 = (at.get(line.item!._id) ?? 0) + committed;
    const needE4 = Math.round((line.quantity - line.delivered) * 10_000);
    const shortE4 = Math.max(needE4 - Math.max(availableE4, 0), 0);
    stock.set(line.id, {
      available: availableE4 / 10_000,
      committed: committed / 10_000,
      shortfall: shortE4 / 10_000,
      availableOn: null,
    });
    if (shortE4 > 0) short.push({ line, shortE4 });
    // Two lines of one item share what is there.
    at.set(line.item!._id, (at.get(line.item!._id) ?? 0) - Math.max(needE4 - committed, 0));
  }
  const days = await availableOn(
    db,
    short.map((s) => ({ itemId: s.line.item!._id, warehouseId: order.warehouse!._id, shortE4: s.shortE4 })),
  );
  short.forEach((s, i) => {
    stock.get(s.line.id)!.availableOn = days[i]!;
  });
  return { ...order, lines: order.lines.map((l) => ({ ...l, stock: stock.get(l.id) ?? null })) };
}

/** What is handed over: picked up, shipped, or (from a delivery route's stop) delivered by the firm's own van. */
export type FulfilInput = Omit<z.output<typeof orderFulfilSchema>, 'method'> & {
  method: 'pickup' | 'shipment' | 'delivery';
};

/**
 * POST /orders/{id}/fulfil: the customer took (or was shipped) some or all of what is left. Each
 * stocked line's quantity leaves the warehouse ("delivery to customer"), its commitment is let go,
 * and its delivered quantity grows, in one transaction; with every line delivered in full the
 * order is fulfilled.
 */
export async function fulfilOrder(db: Executor, actor: Actor, row: OrderRow, input: FulfilInput): Promise<void> {
  if (row.status !== 'confirmed')
    throw conflict(
      row.status === 'draft'
        ? `${name(row)} is a draft: confirm it before handing anything over.`
        : `${name(row)} is ${row.status}: there is nothing left to fulfil.`,
    );
  const all = await db.select().from(orderLines).where(eq(orderLines.orderId, row.id)).orderBy(orderLines.position);
  const counted = all.filter((l) => l.counted);
  const byId = new Map(counted.map((l) => [l.id, l]));
  const wanted = input.lines
    ? input.lines.map((l) => ({ line: l.line, quantityE4: Math.round(l.quantity * 10_000) }))
    : counted
        .filter((l) => l.quantityE4 > l.deliveredE4)
        .map((l) => ({ line: l.id, quantityE4: l.quantityE4 - l.deliveredE4 }));
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  wanted.forEach((w, i) => {
    const line = byId.get(w.line);
    if (!line) errors[`lines.${i}.line`] = 'Not a line of this order.';
    else if (seen.has(w.line)) errors[`lines.${i}.line`] = 'Each line once.';
    else if (w.quantityE4 > line.quantityE4 - line.deliveredE4)
      errors[`lines.${i}.quantity`] =
        line.quantityE4 > line.deliveredE4
          ? `Only ${fmt(line.quantityE4 - line.deliveredE4)} of ${line.name} ${line.quantityE4 - line.deliveredE4 === 10_000 ? 'is' : 'are'} left to hand over.`
          : `${line.name} was delivered in full.`;
    seen.add(w.line);
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted lines.',
      errors,
    );
  if (!wanted.length) throw conflict(`${name(row)} has nothing left to hand over.`);

  const stocked = wanted.filter((w) => byId.get(w.line)!.kind === 'item');
  if (stocked.length) {
    if (!row.warehouseId)
      throw badRequest('Choose the warehouse it is fulfilled from.', { warehouse: 'Choose a warehouse.' });
    const places = await warehouseNames(db, [row.warehouseId]);
    const items = await resolveItems(
      db,
      stocked.map((w) => refOf(byId.get(w.line)!)),
      (i) => `lines.${i}.line`,
    );
    const warehouseName = places.get(row.warehouseId) ?? '';
    // The commitment goes first, so a backordered line does not count its own hold against itself.
    await releaseStock(
      db,
      actor.firmId,
      stocked.map((w, i) => ({
        field: w.line,
        item: items[i]!,
        warehouseId: row.warehouseId!,
        warehouseName,
        quantityE4: Math.min(w.quantityE4, byId.get(w.line)!.committedE4),
      })),
    );
    await postMovements(
      db,
      actor,
      stocked.map((w, i) => ({
        item: items[i]!,
        warehouseId: row.warehouseId!,
        warehouseName,
        quantityE4: -w.quantityE4,
        reason: 'delivery' as const,
        source: { type: KINDS.order.key, id: row.id, label: name(row) },
        note:
          input.note ||
          (input.method === 'pickup'
            ? 'Picked up in store'
            : input.method === 'delivery'
              ? 'Delivered'
              : `Shipped by ${input.shipment?.carrier}`),
      })),
    );
  }
  const shipment = input.method === 'shipment' ? await shipLines(db, actor, row, wanted, input) : null;
  const q = <T>(of: (w: (typeof wanted)[number]) => T) => sql.param(wanted.map(of));
  await db.execute(sql`
    UPDATE ${orderLines} l SET delivered_e4 = l.delivered_e4 + x.q,
           committed_e4 = GREATEST(l.committed_e4 - x.q, 0)
      FROM unnest(${q((w) => w.line)}::uuid[], ${q((w) => String(w.quantityE4))}::bigint[]) AS x(id, q)
     WHERE l.id = x.id AND l.order_id = ${row.id}`);
  const [{ left }] = (
    await db.execute<{ left: number }>(sql`
      SELECT count(*)::int AS left FROM ${orderLines} WHERE order_id = ${row.id} AND counted AND delivered_e4 < quantity_e4`)
  ).rows as [{ left: number }];
  const done = left === 0;
  const after = await updateVersioned(db, actor, orders, row.id, row.version, KINDS.order.noun, {
    ...(done ? { status: 'fulfilled' as const, fulfilledAt: new Date() } : {}),
  });
  await recordAudit(db, actor, {
    entityType: KINDS.order.key,
    entityId: row.id,
    action: 'fulfil',
    version: after.version,
    before: { status: row.status },
    after: {
      status: done ? 'fulfilled' : row.status,
      method: input.method,
      delivered: wanted.map((w) => `${fmt(w.quantityE4)} × ${byId.get(w.line)!.name}`).join('; '),
      ...(shipment ? { shipment: shipment.name } : {}),
      ...(input.note ? { note: input.note } : {}),
    },
  });
}

/**
 * Handed over by shipment: an outbound shipment is made (in transit from today) carrying the
 * lines and quantities that left, so the shipments list tracks it to the customer.
 */
async function shipLines(
  db: Executor,
  actor: Actor,
  row: OrderRow,
  wanted: { line: string; quantityE4: number }[],
  input: FulfilInput,
) {
  const by = input.shipment!;
  const made = await shipmentType.create(db, actor, {
    direction: 'outbound',
    carrier: by.carrier,
    trackingNumber: by.trackingNumber,
    shipDate: by.shipDate,
    expectedDate: by.expectedDate,
    notes: input.note || `${name(row)} to its customer`,
    lines: [],
  });
  await db.insert(shipmentOrderLines).values(
    wanted.map((w) => ({
      firmId: row.firmId,
      shipmentId: made._id,
      orderId: row.id,
      orderLineId: w.line,
      quantityE4: w.quantityE4,
    })),
  );
  await shipmentType.transition(db, actor, made._id, 'mark-in-transit');
  return made;
}
