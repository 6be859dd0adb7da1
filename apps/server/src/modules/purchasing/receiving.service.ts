import { KINDS, type PurchaseOrder, type purchaseReceiveSchema, type StockItemRef } from '@atelier/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, notFound } from '../../platform/http/errors';
import { getSettings } from '../../platform/settings/settings.service';
import { postMovements, resolveItems, type StockItem, warehouseNames } from '../stock';
import { poNumber, purchaseOrderType, refreshProgress } from './purchase-orders.service';
import { purchaseOrderLines, purchaseReceiptLines, purchaseReceipts } from './purchase-orders.table';

type Line = typeof purchaseOrderLines.$inferSelect;
const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });
const refOf = (l: Line): StockItemRef | null =>
  l.materialId
    ? { type: 'material', id: l.materialId }
    : l.variantId
      ? { type: 'variant', id: l.variantId }
      : l.productId
        ? { type: 'product', id: l.productId }
        : null;

/**
 * The catalog items of `lines` (none for a line that is no catalog item: a special order, which
 * is received but never stocked), checked as the firm's, in the lines' order.
 */
async function itemsOf(db: Executor, lines: Line[], path?: (i: number) => string): Promise<(StockItem | null)[]> {
  const stocked = lines.flatMap((l, i) => {
    const ref = refOf(l);
    return ref ? [{ ref, i }] : [];
  });
  const found = await resolveItems(
    db,
    stocked.map((s) => s.ref),
    path ? (j) => path(stocked[j]!.i) : undefined,
  );
  const items: (StockItem | null)[] = lines.map(() => null);
  stocked.forEach((s, j) => {
    items[s.i] = found[j]!;
  });
  return items;
}
const nameOf = (line: Line, item: StockItem | null) => item?.name ?? line.name;

/**
 * POST /purchase-orders/{id}/receive: quantities of its lines arrived in a warehouse. The order is
 * locked while this runs, so two people receiving the last of a line at once take turns and the
 * second is told what is left (409). More than is left needs `confirmOverReceipt` (unless the
 * purchase-order settings say not to ask). Each line's stock comes in at its landed cost; a line
 * that is no catalog item (a special order for a customer) counts as received but is not stocked:
 * no movement, no change to any cost.
 */
export async function receivePurchaseOrder(
  db: Executor,
  actor: Actor,
  id: string,
  input: z.output<typeof purchaseReceiveSchema>,
): Promise<PurchaseOrder> {
  const order = await purchaseOrderType.findRow(db, id, true);
  const name = poNumber(order);
  if (order.status === 'draft')
    throw conflict(`${name} is a draft: send it, or mark it as sent, before receiving against it.`);
  if (order.status === 'cancelled') throw conflict(`${name} was cancelled: nothing more arrives on it.`);
  // Delivered to the job's site: received against the order, into no warehouse.
  const site = input.deliveredToSite;
  if (site && !order.customerJobId)
    throw badRequest(`${name} is for no job: only an order for a job is delivered to its site.`, {
      deliveredToSite: 'Only an order for a job is delivered to its site.',
    });
  const warehouseId = site ? null : (input.warehouse ?? order.warehouseId);
  if (!site && !warehouseId)
    throw badRequest('Choose the warehouse it arrived in.', { warehouse: 'Choose the warehouse it arrived in.' });
  const places = warehouseId ? await warehouseNames(db, [warehouseId]) : new Map<string, string>();
  if (warehouseId && !places.size)
    throw badRequest('Choose one of the firm’s warehouses.', { warehouse: 'Choose one of the firm’s warehouses.' });

  const lines = new Map(
    (
      await db
        .select()
        .from(purchaseOrderLines)
        .where(
          and(
            eq(purchaseOrderLines.purchaseOrderId, id),
            inArray(
              purchaseOrderLines.id,
              input.lines.map((l) => l.line),
            ),
          ),
        )
    ).map((l) => [l.id, l]),
  );
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  input.lines.forEach((l, i) => {
    if (!lines.has(l.line)) errors[`lines.${i}.line`] = 'Not a line of this order.';
    else if (seen.has(l.line)) errors[`lines.${i}.line`] = 'Each line once.';
    seen.add(l.line);
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);

  const items = await itemsOf(
    db,
    input.lines.map((l) => lines.get(l.line)!),
    (i) => `lines.${i}.line`,
  );
  const ask = (await getSettings(db, actor.firmId, { banking: false })).purchaseOrderSettings.confirmOverReceipt;
  if (ask && !input.confirmOverReceipt) {
    const over = input.lines
      .map((l, i) => ({ l, line: lines.get(l.line)!, item: items[i] ?? null }))
      .filter(({ l, line }) => Math.round(l.quantity * 10_000) > line.quantityE4 - line.receivedE4);
    if (over.length)
      throw conflict(
        `${over
          .map(
            ({ line, item }) =>
              `${line.quantityE4 > line.receivedE4 ? `Only ${fmt(line.quantityE4 - line.receivedE4)}` : 'None'} of ${nameOf(line, item)} ${
                line.quantityE4 - line.receivedE4 === 10_000 ? 'is' : 'are'
              } left to receive on ${name}`,
          )
          .join('; ')}: confirm to receive more than was ordered.`,
      );
  }

  const [receipt] = await db
    .insert(purchaseReceipts)
    .values({
      firmId: actor.firmId,
      purchaseOrderId: id,
      warehouseId,
      deliveredToSite: site,
      note: input.note,
      createdBy: actor.userId,
    })
    .returning({ id: purchaseReceipts.id });
  await db.insert(purchaseReceiptLines).values(
    input.lines.map((l) => ({
      firmId: actor.firmId,
      receiptId: receipt!.id,
      lineId: l.line,
      quantityE4: Math.round(l.quantity * 10_000),
      unitCostHc: lines.get(l.line)!.landedUnitCostHc,
    })),
  );
  await addReceived(
    db,
    input.lines.map((l) => ({ line: l.line, quantityE4: Math.round(l.quantity * 10_000) })),
  );
  const source = { type: KINDS.purchase_order.key, id, label: name };
  // What goes to the site is the job's, not stock: only a warehouse's receipt moves the ledger,
  // and only for catalog items.
  const stocked = input.lines.flatMap((l, i) => {
    const item = items[i];
    return item ? [{ l, item }] : [];
  });
  if (warehouseId && stocked.length)
    await postMovements(
      db,
      actor,
      stocked.map(({ l, item }) => ({
        item,
        warehouseId,
        warehouseName: places.get(warehouseId)!,
        quantityE4: Math.round(l.quantity * 10_000),
        reason: 'receipt' as const,
        unitCostHc: lines.get(l.line)!.landedUnitCostHc,
        source,
        note: input.note,
      })),
    );
  await refreshProgress(db, id);
  await recordAudit(db, actor, {
    entityType: KINDS.purchase_order.key,
    entityId: id,
    action: 'receive',
    after: {
      ...(warehouseId ? { warehouse: places.get(warehouseId) } : { delivered: 'to the job site' }),
      received: input.lines
        .map((l, i) => `${fmt(Math.round(l.quantity * 10_000))} × ${nameOf(lines.get(l.line)!, items[i] ?? null)}`)
        .join(', '),
      ...(input.note ? { note: input.note } : {}),
    },
  });
  return purchaseOrderType.get(db, actor, id);
}

async function addReceived(db: Executor, changes: { line: string; quantityE4: number }[]) {
  await db.execute(sql`
    UPDATE ${purchaseOrderLines} l SET received_e4 = l.received_e4 + x.q
      FROM unnest(${sql.param(changes.map((c) => c.line))}::uuid[], ${sql.param(changes.map((c) => c.quantityE4))}::bigint[]) AS x(id, q)
     WHERE l.id = x.id`);
}

/**
 * POST /purchase-orders/{id}/receipts/{receiptId}/reverse: a receipt taken back (entered twice,
 * the wrong order): its stock leaves at the cost it came in at, by correcting movements (the
 * ledger is never edited); refused when that stock has already gone out, unless it may go below zero.
 */
export async function reverseReceipt(
  db: Executor,
  actor: Actor,
  id: string,
  receiptId: string,
): Promise<PurchaseOrder> {
  const order = await purchaseOrderType.findRow(db, id, true);
  const [receipt] = isUuid(receiptId)
    ? await db
        .select()
        .from(purchaseReceipts)
        .where(and(eq(purchaseReceipts.id, receiptId), eq(purchaseReceipts.purchaseOrderId, id)))
    : [];
  if (!receipt) throw notFound('No such receipt on this purchase order.');
  if (receipt.reversedAt) throw conflict('This receipt was already reversed.');
  const rows = await db
    .select({ rl: purchaseReceiptLines, line: purchaseOrderLines })
    .from(purchaseReceiptLines)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseReceiptLines.lineId))
    .where(eq(purchaseReceiptLines.receiptId, receiptId));
  const items = await itemsOf(
    db,
    rows.map((r) => r.line),
  );
  // A delivery to the job's site moved no stock, so its reversal moves none either.
  const from = receipt.warehouseId;
  const places = from ? await warehouseNames(db, [from]) : new Map<string, string>();
  // Nor does a line that is no catalog item's.
  const stocked = rows.flatMap((r, i) => {
    const item = items[i];
    return item ? [{ r, item }] : [];
  });
  if (from && stocked.length)
    await postMovements(
      db,
      actor,
      stocked.map(({ r, item }) => ({
        item,
        warehouseId: from,
        warehouseName: places.get(from) ?? 'its warehouse',
        quantityE4: -r.rl.quantityE4,
        reason: 'receipt_reversal' as const,
        unitCostHc: r.rl.unitCostHc,
        source: { type: KINDS.purchase_order.key, id, label: poNumber(order) },
        note: 'Receipt reversed',
      })),
    );
  await addReceived(
    db,
    rows.map((r) => ({ line: r.rl.lineId, quantityE4: -r.rl.quantityE4 })),
  );
  await db
    .update(purchaseReceipts)
    .set({ reversedAt: new Date(), reversedBy: actor.userId })
    .where(eq(purchaseReceipts.id, receiptId));
  await refreshProgress(db, id);
  await recordAudit(db, actor, {
    entityType: KINDS.purchase_order.key,
    entityId: id,
    action: 'reverse-receipt',
    after: { reversed: rows.map((r, i) => `${fmt(r.rl.quantityE4)} × ${nameOf(r.line, items[i] ?? null)}`).join(', ') },
  });
  return purchaseOrderType.get(db, actor, id);
}
