import { returnInputSchema, vendorClaimInputSchema } from '@atelier/contracts';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { orderLines, orders } from '../orders';
import { purchaseOrderLines } from '../purchasing';
import { returnType } from './returns.service';
import { vendorClaimType } from './vendor-claims.service';

/**
 * Returns as a showroom sees them, made through the same service functions staff use: a chair
 * the customer changed their mind about, received back into stock and settled by a credit memo;
 * a return just requested for a damaged item; and a claim to a vendor for a unit that arrived
 * with a cracked top, still open.
 */
export const returnsDemo: Seed = {
  name: 'demo:returns',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const delivered = await tx
        .select({ order: orders.id, line: orderLines.id, delivered: orderLines.deliveredE4 })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            inArray(orders.status, ['fulfilled', 'closed']),
            eq(orderLines.kind, 'item'),
            gt(orderLines.deliveredE4, 0),
          ),
        )
        .orderBy(asc(orders.number), asc(orderLines.position));
      const [first, second] = [...new Map(delivered.map((d) => [d.order, d])).values()];
      if (first) {
        const made = await returnType.create(
          tx,
          actor,
          returnInputSchema.parse({
            order: first.order,
            lines: [{ line: first.line, quantity: 1, reason: 'changed_mind', condition: 'resellable' }],
            notes: 'Did not suit the room once in place; returned unused in its box.',
          }),
        );
        await returnType.transition(tx, actor, made._id, 'approve', { restockingFeeCents: null });
        await returnType.transition(tx, actor, made._id, 'receive', { warehouse: null, conditions: [] });
        await returnType.transition(tx, actor, made._id, 'resolve', {
          resolution: 'credit_memo',
          method: null,
          reference: '',
        });
      }
      if (second)
        await returnType.create(
          tx,
          actor,
          returnInputSchema.parse({
            order: second.order,
            lines: [
              {
                line: second.line,
                quantity: 1,
                reason: 'damaged',
                condition: 'damaged',
                note: 'Scratch across the front found when unwrapping.',
              },
            ],
          }),
        );

      const [received] = await tx
        .select({ id: purchaseOrderLines.id })
        .from(purchaseOrderLines)
        .where(gt(purchaseOrderLines.receivedE4, 0))
        .orderBy(sql`${purchaseOrderLines.receivedE4} DESC`, asc(purchaseOrderLines.id))
        .limit(1);
      if (received)
        await vendorClaimType.create(
          tx,
          actor,
          vendorClaimInputSchema.parse({
            purchaseOrderLine: received.id,
            quantity: 1,
            reason: 'damaged',
            notes: 'One unit arrived with a cracked top; the carton was crushed at one corner.',
          }),
        );
    }),
};
