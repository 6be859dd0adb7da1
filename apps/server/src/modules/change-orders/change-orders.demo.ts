import { changeOrderInputSchema, lineValuesOf } from '@atelier/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { orderLines, orders, orderType } from '../orders';
import { changeOrderType } from './change-orders.service';

/**
 * Change orders on two confirmed orders: one the customer approved on site (a line added and a
 * quantity raised: the order's revision 2), and one sent and waiting (a line taken off).
 */
export const changeOrdersDemo: Seed = {
  name: 'demo:change-orders',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const open = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'confirmed'),
            sql`(SELECT count(*) FROM ${orderLines} l WHERE l.order_id = ${orders.id} AND l.kind = 'item' AND l.delivered_e4 = 0) >= 2`,
          ),
        )
        .orderBy(asc(orders.number))
        .limit(2);
      if (open.length < 2) return;
      const linesOf = async (id: string) => lineValuesOf((await orderType.get(tx, actor, id)).lines);

      const first = await linesOf(open[0]!.id);
      first[0] = { ...first[0]!, quantity: Number(first[0]!.quantity) + 1 };
      const approved = await changeOrderType.create(
        tx,
        actor,
        changeOrderInputSchema.parse({
          order: open[0]!.id,
          reason: 'The customer added the back hall once the front room was measured.',
          lines: [...first, { name: 'Extra installation', quantity: 2, unitPriceCents: 9_500, taxClass: 'Labour' }],
        }),
      );
      await changeOrderType.transition(tx, actor, approved._id, 'approve', {
        approvedBy: approved.customer.name,
        method: 'in_person',
        approvedAt: null,
        note: 'Signed the printed change order on site.',
      });

      const second = await linesOf(open[1]!.id);
      const waiting = await changeOrderType.create(
        tx,
        actor,
        changeOrderInputSchema.parse({
          order: open[1]!.id,
          reason: 'The customer will keep their existing vanity: its line comes off.',
          lines: second.slice(0, -1),
        }),
      );
      await changeOrderType.transition(tx, actor, waiting._id, 'mark-sent');
    }),
};
