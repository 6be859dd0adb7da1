import { eq } from 'drizzle-orm';
import { defineReaction } from '../../platform/events/events';
import { returnableLines } from './return-lines';
import { returnType } from './returns.service';
import { returns } from './returns.table';

/**
 * Damage noted at the door opens a return of those items (requested, reason and condition
 * "damaged", the driver's note kept), linked to the stop: whoever handles returns takes it from
 * there. It never refuses the delivery: a quantity beyond what may still come back is capped.
 */
export const damageReturn = defineReaction({
  event: 'delivery.damaged',
  name: 'returns: damage at delivery',
  run: async (db, actor, { stopId, orderId, route, damages }) => {
    const left = new Map((await returnableLines(db, orderId)).map((l) => [l.line, Math.round(l.returnable * 10_000)]));
    const lines = damages
      .map((d) => ({ ...d, quantityE4: Math.min(d.quantityE4, left.get(d.orderLineId) ?? 0) }))
      .filter((d) => d.quantityE4 > 0)
      .map((d) => ({
        line: d.orderLineId,
        quantity: d.quantityE4 / 10_000,
        reason: 'damaged' as const,
        condition: 'damaged' as const,
        note: d.note,
      }));
    if (!lines.length) return;
    const made = await returnType.create(db, actor, {
      order: orderId,
      lines,
      restockingFeeCents: 0,
      notes: `Damage recorded on delivery (${route}).`,
    });
    await db.update(returns).set({ deliveryStopId: stopId }).where(eq(returns.id, made._id));
  },
});
