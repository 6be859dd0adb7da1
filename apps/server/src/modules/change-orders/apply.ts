import { depositCents, KINDS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { updateVersioned } from '../../platform/records/records';
import { copyLines, revisionLines } from '../documents';
import { ORDER_LINES, orderLines, orderNumber, orderRevisions, orders, rebalanceOrder } from '../orders';
import { changeOrderLines, changeOrders } from './change-orders.table';

type Row = typeof changeOrders.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The order a change order changes, locked: changes to one order take turns. */
export async function lockOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return order;
}

/**
 * Approving a change order, in the approval's transaction: the order (locked, still confirmed, and
 * still at the revision the change was written against) takes the change order's lines — a kept
 * line in place, so what was delivered of it stays — holds or lets go of the difference in stock,
 * takes the new totals (its deposit worked out again), and keeps its revision before and after.
 * With everything delivered it is fulfilled.
 */
export async function applyChangeOrder(db: Executor, actor: Actor, row: Row): Promise<Record<string, unknown>> {
  const order = await lockOrder(db, row.orderId);
  if (!order) throw conflict('Its order is gone.');
  const label = orderNumber(order);
  if (order.status !== 'confirmed')
    throw conflict(`${label} is ${order.status}: only a confirmed order takes a change order.`);
  if (order.revision !== row.baseRevision)
    throw conflict(
      `${label} changed since change ${row.sequence} was written (it is at revision ${order.revision}): open the change order and save it again.`,
    );
  const before = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const proposed = await db
    .select({ orderLineId: changeOrderLines.orderLineId, quantityE4: changeOrderLines.quantityE4 })
    .from(changeOrderLines)
    .where(eq(changeOrderLines.changeOrderId, row.id));
  // Handed over since it was written: what was delivered must stay.
  const wanted = new Map(proposed.flatMap((p) => (p.orderLineId ? [[p.orderLineId, p.quantityE4]] : [])));
  for (const line of before) {
    const next = wanted.get(line.id);
    if (line.deliveredE4 > 0 && (next === undefined || next < line.deliveredE4))
      throw conflict(
        `${line.name} was handed over since change ${row.sequence} was written: open the change order and save it again.`,
      );
  }

  // Revision 1 is the order as confirmed: kept the first time it changes.
  await db
    .insert(orderRevisions)
    .values({
      firmId: order.firmId,
      orderId: order.id,
      revision: order.revision,
      lines: await revisionLines(db, ORDER_LINES, order.id),
      totalCents: order.totalCents,
    })
    .onConflictDoNothing();

  const CO_LINES = { table: changeOrderLines, parent: changeOrderLines.changeOrderId, parentKey: 'changeOrderId' };
  await copyLines(db, CO_LINES, row.id, ORDER_LINES, order.id, sql`l.order_line_id`);
  const shortfalls = await rebalanceOrder(db, actor, order, before);

  const [{ left }] = (
    await db.execute<{ left: number }>(sql`
      SELECT count(*)::int AS left FROM ${orderLines} WHERE order_id = ${order.id} AND counted AND delivered_e4 < quantity_e4`)
  ).rows as [{ left: number }];
  const skus = (
    await db.execute<{ sku: string }>(sql`SELECT sku FROM ${orderLines} WHERE order_id = ${order.id} AND sku <> ''`)
  ).rows.map((r) => r.sku);
  const revision = order.revision + 1;
  const couponCents = Number(
    (
      await db.execute<{ c: string }>(
        sql`SELECT COALESCE(sum(coupon_cents), 0)::text AS c FROM ${orderLines} WHERE order_id = ${order.id}`,
      )
    ).rows[0]!.c,
  );
  if (row.totalCents < 0) throw badRequest('A change order cannot bring the order below nothing.');
  const after = await updateVersioned(db, actor, orders, order.id, order.version, KINDS.order.noun, {
    subtotalCents: row.subtotalCents,
    lineDiscountCents: row.lineDiscountCents,
    orderDiscountCents: row.orderDiscountCents,
    couponCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    depositCents: depositCents(order.deposit, row.totalCents),
    lineCount: row.lineCount,
    revision,
    searchText: buildSearchText([order.searchText, ...skus]),
    ...(left === 0 ? { status: 'fulfilled' as const, fulfilledAt: new Date() } : {}),
  });
  await db.insert(orderRevisions).values({
    firmId: order.firmId,
    orderId: order.id,
    revision,
    lines: await revisionLines(db, ORDER_LINES, order.id),
    totalCents: row.totalCents,
    changeOrderId: row.id,
  });
  await db
    .update(changeOrders)
    .set({ revision, previousTotalCents: order.totalCents })
    .where(eq(changeOrders.id, row.id));
  await recordAudit(db, actor, {
    entityType: KINDS.order.key,
    entityId: order.id,
    action: 'change',
    version: after.version,
    before: { revision: order.revision, totalCents: order.totalCents, lineCount: order.lineCount },
    after: {
      revision,
      totalCents: row.totalCents,
      lineCount: row.lineCount,
      changeOrder: `${label} · change ${row.sequence}`,
      ...(left === 0 ? { status: 'fulfilled' } : {}),
    },
  });
  return {
    orderRevision: revision,
    orderTotalCents: row.totalCents,
    ...(shortfalls.length ? { backordered: shortfalls.length } : {}),
  };
}
