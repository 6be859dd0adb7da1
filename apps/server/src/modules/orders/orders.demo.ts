import { orderInputSchema } from '@atelier/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed, seededRandom } from '../../platform/seeds/seeds';
import { saveSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { customerJobs } from '../jobs';
import { products, productVariants } from '../products';
import { stockLevels, stockMovements } from '../stock';
import { vendors } from '../vendors';
import { warehouses } from '../warehouses';
import { fulfilOrder } from './order-stock';
import { orderType } from './orders.service';
import { orders, shipmentOrderLines } from './orders.table';

const DAY = 86_400_000;

/**
 * A year of selling at Harbor & Pine: about five orders a month across the demo customers and
 * their accounts. The older ones were handed over (and most closed), a few were cancelled, the
 * last weeks' are confirmed and waiting, and a few are drafts. Each is made, confirmed and
 * fulfilled through the same service functions staff use (stock held and posted out), then
 * dated back to when it happened, its stock movements with it.
 */
export const ordersDemo: Seed = {
  name: 'demo:orders',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const [home] = await tx.select().from(warehouses).where(eq(warehouses.isDefault, true));
      if (!home) return;
      // Maine's 5.5 % on goods; labour and exempt goods untaxed.
      await saveSettings(tx, actor, 'orderSettings', {
        taxRateBps: 550,
        taxRates: [
          { taxClass: 'Labour', jurisdiction: '', rateBps: 0 },
          { taxClass: 'Exempt', jurisdiction: '', rateBps: 0 },
        ],
        terms: 'A deposit of half the total confirms the order; the balance is due on delivery.',
      });
      await saveSettings(tx, actor, 'orderWarehouseSettings', { warehouse: home.id });

      // Products kept in the showroom warehouse, without variants, with the stock to sell.
      const stocked = await tx
        .select({ id: products.id, onHand: stockLevels.onHandE4 })
        .from(stockLevels)
        .innerJoin(products, eq(products.id, stockLevels.productId))
        .where(
          and(
            eq(stockLevels.warehouseId, home.id),
            gt(stockLevels.onHandE4, 100_000),
            isNull(products.archivedAt),
            sql`NOT EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${products.id})`,
          ),
        )
        .orderBy(products.sku);
      const people = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(isNull(customers.archivedAt))
        .orderBy(customers.createdAt);
      if (!stocked.length || !people.length) return;
      const [kitchen] = await tx
        .select({ id: customerJobs.id, customer: customerJobs.customerId })
        .from(customerJobs)
        .where(eq(customerJobs.name, 'Kitchen remodel with an island'));

      // A cabinetmaker's vanity made to measure: a special order, bought for its customer.
      const [maker] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, 'Northwoods Cabinetry'));
      const rand = seededRandom(19);
      // What each product may still give, so no order asks for more than is there.
      const left = new Map(stocked.map((s) => [s.id, s.onHand / 10_000]));
      const now = Date.now();
      const count = 60;
      for (let i = 0; i < count; i++) {
        // Spread over the last 360 days, oldest first; the newest are the still-open ones.
        const daysAgo = Math.round(360 - (i * 360) / count) + rand.int(0, 4);
        const when = new Date(now - daysAgo * DAY);
        const picks = [...new Set(Array.from({ length: rand.int(1, 4) }, () => rand.pick(stocked).id))];
        const lines = picks.flatMap((id) => {
          const can = Math.floor((left.get(id) ?? 0) / 6);
          if (can < 1) return [];
          const quantity = Math.min(rand.int(1, 6), can);
          left.set(id, (left.get(id) ?? 0) - quantity);
          return [{ item: { type: 'product' as const, id }, quantity }];
        });
        if (!lines.length) continue;
        const withInstall = rand.chance(0.35);
        const customer = i === count - 3 && kitchen?.customer ? kitchen.customer : rand.pick(people).id;
        const order = await orderType.create(
          tx,
          actor,
          orderInputSchema.parse({
            customer,
            ...(i === count - 3 && kitchen ? { customerJob: kitchen.id } : {}),
            warehouse: home.id,
            fulfilment: rand.chance(0.4) ? 'pickup' : 'delivery',
            requestedDate: new Date(when.getTime() + rand.int(7, 30) * DAY).toISOString().slice(0, 10),
            discount: rand.chance(0.2) ? { kind: 'percent', percent: rand.pick([5, 10]) } : null,
            shippingCents: rand.chance(0.5) ? rand.pick([0, 7_500, 12_500]) : 0,
            deposit: { kind: 'percent', percent: 50 },
            lines: [
              ...lines,
              ...(withInstall
                ? [{ name: 'Installation', quantity: rand.int(2, 8), unitPriceCents: 9_500, taxClass: 'Labour' }]
                : []),
              ...(i === count - 5 && maker
                ? [
                    {
                      name: 'Walnut vanity 48″, made to measure',
                      quantity: 1,
                      unitPriceCents: 248_000,
                      special: { vendor: maker.id, sku: 'WV-48-CUSTOM', costCents: 142_000, leadTimeDays: 28 },
                    },
                  ]
                : []),
            ],
          }),
        );
        const age = count - i;
        const stage =
          age <= 3
            ? 'draft'
            : age <= 9
              ? 'confirmed'
              : rand.chance(0.08)
                ? 'cancelled'
                : age <= 14
                  ? 'fulfilled'
                  : 'closed';
        if (stage !== 'draft') await orderType.transition(tx, actor, order._id, 'confirm');
        if (stage === 'cancelled')
          await orderType.transition(tx, actor, order._id, 'cancel', { reason: 'The customer changed their mind.' });
        if (stage === 'fulfilled' || stage === 'closed') {
          const row = await orderType.findRow(tx, order._id, true);
          const shipped = order.fulfilment !== 'pickup';
          await fulfilOrder(tx, actor, row, {
            method: shipped ? 'shipment' : 'pickup',
            note: '',
            shipment: shipped
              ? {
                  carrier: rand.chance(0.5) ? 'UPS' : 'FedEx',
                  trackingNumber: `1Z${String(rand.int(10_000_000, 99_999_999))}`,
                  shipDate: null,
                  expectedDate: null,
                }
              : null,
          });
          if (stage === 'closed') await orderType.transition(tx, actor, order._id, 'close');
        }
        // Dated back to when it happened: the order, its steps, and the stock that left with it.
        const confirmed = new Date(when.getTime() + DAY);
        const handed = new Date(when.getTime() + rand.int(5, 20) * DAY);
        await tx
          .update(orders)
          .set({
            createdAt: when,
            updatedAt: stage === 'draft' ? when : handed,
            ...(stage !== 'draft' ? { confirmedAt: confirmed } : {}),
            ...(stage === 'fulfilled' || stage === 'closed' ? { fulfilledAt: handed } : {}),
            ...(stage === 'closed' ? { closedAt: new Date(handed.getTime() + 3 * DAY) } : {}),
            ...(stage === 'cancelled' ? { cancelledAt: new Date(confirmed.getTime() + 2 * DAY) } : {}),
          })
          .where(eq(orders.id, order._id));
        await tx
          .update(stockMovements)
          .set({ createdAt: handed })
          .where(inArray(stockMovements.sourceId, [order._id]));
        // Its shipment left that day and arrived three days on, unless that is still to come.
        const arrived = new Date(handed.getTime() + 3 * DAY);
        await tx.execute(sql`
          UPDATE shipments s SET created_at = ${handed}, updated_at = ${handed}, ship_date = ${handed}::date,
                 expected_date = ${arrived}::date,
                 status = CASE WHEN ${arrived}::timestamptz < now() THEN 'delivered' ELSE 'in_transit' END,
                 delivered_at = CASE WHEN ${arrived}::timestamptz < now() THEN ${arrived}::timestamptz END
            FROM ${shipmentOrderLines} x WHERE x.shipment_id = s.id AND x.order_id = ${order._id}`);
      }
    }),
};
