import type { StockItemView, StockTransfer, stockTransferInputSchema } from '@atelier/contracts';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { warehouses } from '../warehouses';
import { itemViewSql, resolveItems, type StockItem, throwFieldErrors, warehouseNames } from './items';
import { postMovements } from './ledger.service';
import { stockTransferLines, stockTransfers } from './stock.table';

export const TRANSFER_ENTITY = 'stock_transfer';
const label = (n: number) => `Transfer ${n}`;

/**
 * POST /stock/transfers: the stock leaves `from` now (refused, whole, where there is not enough)
 * and is in transit until received at `to`; or arrives at once with `receiveNow`.
 */
export async function createTransfer(db: Executor, actor: Actor, input: z.output<typeof stockTransferInputSchema>) {
  const names = await warehouseNames(db, [input.from, input.to]);
  throwFieldErrors(
    {
      ...(names.has(input.from) ? {} : { from: 'Choose one of the firm’s warehouses.' }),
      ...(names.has(input.to) ? {} : { to: 'Choose one of the firm’s warehouses.' }),
    },
    'Choose the two warehouses from the list.',
  );
  const items = await resolveItems(
    db,
    input.lines.map((l) => l.item),
    (i) => `lines.${i}.item`,
  );
  const number = await nextNumber(db, actor.firmId, TRANSFER_ENTITY);
  const [transfer] = await db
    .insert(stockTransfers)
    .values({
      firmId: actor.firmId,
      number,
      fromWarehouseId: input.from,
      toWarehouseId: input.to,
      note: input.note,
      createdBy: actor.userId,
      status: input.receiveNow ? 'received' : 'in_transit',
      receivedAt: input.receiveNow ? new Date() : null,
    })
    .returning();
  await db.insert(stockTransferLines).values(
    items.map((item, i) => ({
      firmId: actor.firmId,
      transferId: transfer!.id,
      productId: item.productId,
      variantId: item.variantId,
      materialId: item.materialId,
      quantityE4: Math.round(input.lines[i]!.quantity * 10_000),
    })),
  );
  const source = { type: TRANSFER_ENTITY, id: transfer!.id, label: label(number) };
  const leg = (warehouseId: string, sign: 1 | -1, reason: 'transfer_out' | 'transfer_in') =>
    items.map((item, i) => ({
      item,
      warehouseId,
      warehouseName: names.get(warehouseId)!,
      quantityE4: sign * Math.round(input.lines[i]!.quantity * 10_000),
      reason,
      source,
      note: input.note,
    }));
  await postMovements(db, actor, [
    ...leg(input.from, -1, 'transfer_out'),
    ...(input.receiveNow ? leg(input.to, 1, 'transfer_in') : []),
  ]);
  await recordAudit(db, actor, {
    entityType: TRANSFER_ENTITY,
    entityId: transfer!.id,
    action: 'create',
    after: {
      number,
      from: names.get(input.from),
      to: names.get(input.to),
      status: transfer!.status,
      lines: items.length,
    },
  });
  return getTransfer(db, transfer!.id);
}

/**
 * POST /stock/transfers/{id}/receive (everything arrives at `to`) and /cancel (it goes back to
 * `from`): each once, the transfer locked meanwhile, so two people pressing at once move it once.
 */
export async function finishTransfer(db: Executor, actor: Actor, id: string, outcome: 'received' | 'cancelled') {
  const [transfer] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
  if (!transfer) throw notFound('No such transfer.');
  if (transfer.status !== 'in_transit')
    throw conflict(
      `${label(transfer.number)} was already ${transfer.status === 'received' ? 'received' : 'cancelled'}.`,
    );
  const lines = await transferLines(db, [id]);
  const warehouseId = outcome === 'received' ? transfer.toWarehouseId : transfer.fromWarehouseId;
  const [place] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, warehouseId));
  const items = await resolveItems(
    db,
    lines.map((l) => ({ type: l.item.type, id: l.item._id })),
  );
  await postMovements(
    db,
    actor,
    items.map((item: StockItem, i) => ({
      item,
      warehouseId,
      warehouseName: place!.name,
      quantityE4: Math.round(lines[i]!.quantity * 10_000),
      reason: 'transfer_in' as const,
      source: { type: TRANSFER_ENTITY, id, label: label(transfer.number) },
      note: outcome === 'cancelled' ? 'Transfer cancelled: back where it left' : '',
    })),
  );
  await db
    .update(stockTransfers)
    .set({ status: outcome, receivedAt: outcome === 'received' ? new Date() : null })
    .where(eq(stockTransfers.id, id));
  await recordAudit(db, actor, {
    entityType: TRANSFER_ENTITY,
    entityId: id,
    action: outcome === 'received' ? 'receive' : 'cancel',
    before: { status: transfer.status },
    after: { status: outcome },
  });
  return getTransfer(db, id);
}

async function transferLines(db: Executor, ids: string[]) {
  const rows = await db
    .select({
      transferId: stockTransferLines.transferId,
      item: sql<StockItemView>`${itemViewSql('stock_transfer_lines')}`,
      quantity: stockTransferLines.quantityE4,
    })
    .from(stockTransferLines)
    .where(inArray(stockTransferLines.transferId, ids))
    .orderBy(stockTransferLines.id);
  return rows.map((r) => ({ transferId: r.transferId, item: r.item, quantity: r.quantity / 10_000 }));
}

const fromPlace = alias(warehouses, 'from_place');
const toPlace = alias(warehouses, 'to_place');

/** GET /stock/transfers: newest first; `status` narrows them (in transit: what is on the road). */
export function listTransfers(db: Executor, status?: StockTransfer['status'], limit = 50): Promise<StockTransfer[]> {
  return readTransfers(db, status ? eq(stockTransfers.status, status) : undefined, limit);
}

export async function getTransfer(db: Executor, id: string): Promise<StockTransfer> {
  const [transfer] = await readTransfers(db, eq(stockTransfers.id, id), 1);
  if (!transfer) throw notFound('No such transfer.');
  return transfer;
}

async function readTransfers(db: Executor, where: SQL | undefined, limit: number): Promise<StockTransfer[]> {
  const rows = await db
    .select({ t: stockTransfers, from: fromPlace.name, to: toPlace.name })
    .from(stockTransfers)
    .innerJoin(fromPlace, eq(fromPlace.id, stockTransfers.fromWarehouseId))
    .innerJoin(toPlace, eq(toPlace.id, stockTransfers.toWarehouseId))
    .where(where)
    .orderBy(desc(stockTransfers.number))
    .limit(limit);
  const lines = rows.length
    ? await transferLines(
        db,
        rows.map((r) => r.t.id),
      )
    : [];
  return rows.map(({ t, from, to }) => ({
    _id: t.id,
    number: t.number,
    from: { _id: t.fromWarehouseId, name: from },
    to: { _id: t.toWarehouseId, name: to },
    status: t.status as StockTransfer['status'],
    note: t.note,
    lines: lines.filter((l) => l.transferId === t.id).map(({ item, quantity }) => ({ item, quantity })),
    createdAt: t.createdAt.toISOString(),
    receivedAt: t.receivedAt?.toISOString() ?? null,
  }));
}
