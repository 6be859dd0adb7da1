import { KINDS, type returnReceiveSchema, type StockItemRef } from '@atelier/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { postMovements, resolveItems, warehouseNames } from '../stock';
import { linesOf } from './return-lines';
import { returnLines, returns } from './returns.table';

type Row = typeof returns.$inferSelect;

/**
 * What came back, received: each line's condition as found, and every resellable stocked item
 * posted back into the warehouse at the cost its order line carried (a `return` movement, which
 * moves the item's average as a receipt does). Damaged and defective items stay off the shelf.
 */
export async function receiveReturn(
  db: Executor,
  actor: Actor,
  row: Row,
  body: z.output<typeof returnReceiveSchema>,
): Promise<Record<string, unknown>> {
  const lines = await linesOf(db, [row.id]);
  const errors: Record<string, string> = {};
  const found = new Map(body.conditions.map((c) => [c.line, c.condition]));
  body.conditions.forEach((c, i) => {
    if (!lines.some((l) => l.line.id === c.line)) errors[`conditions.${i}.line`] = 'Not a line of this return.';
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  for (const l of lines) {
    const condition = found.get(l.line.id);
    if (condition && condition !== l.line.condition) {
      await db.update(returnLines).set({ condition }).where(eq(returnLines.id, l.line.id));
      l.line.condition = condition;
    }
  }

  const restock = lines.filter((l) => l.line.condition === 'resellable' && l.orderLine.kind === 'item');
  const warehouseId = body.warehouse ?? row.warehouseId;
  if (!restock.length) return { restocked: 0 };
  if (!warehouseId)
    throw badRequest('Choose the warehouse the items go back into.', { warehouse: 'Choose a warehouse.' });
  const names = await warehouseNames(db, [warehouseId]);
  if (!names.has(warehouseId))
    throw badRequest('Choose a warehouse from the list.', { warehouse: 'Choose a warehouse from the list.' });
  const refs: StockItemRef[] = restock.map(({ orderLine: l }) =>
    l.materialId
      ? { type: 'material', id: l.materialId }
      : l.variantId
        ? { type: 'variant', id: l.variantId }
        : { type: 'product', id: l.productId! },
  );
  const items = await resolveItems(db, refs);
  const label = `${row.prefix}${row.number}`;
  await postMovements(
    db,
    actor,
    restock.map((l, i) => ({
      item: items[i]!,
      warehouseId,
      warehouseName: names.get(warehouseId)!,
      quantityE4: l.line.quantityE4,
      reason: 'return' as const,
      unitCostHc: l.orderLine.unitCostHc,
      source: { type: KINDS.return.key, id: row.id, label },
      note: `Returned on ${label}`,
    })),
  );
  await db
    .update(returnLines)
    .set({ restocked: true })
    .where(
      inArray(
        returnLines.id,
        restock.map((l) => l.line.id),
      ),
    );
  await db.update(returns).set({ warehouseId }).where(eq(returns.id, row.id));
  return { restocked: restock.length, warehouse: names.get(warehouseId) };
}
