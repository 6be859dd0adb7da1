import { purchaseOrderInputSchema, shipmentInputSchema } from '@atelier/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customerJobs } from '../jobs';
import { stockLevels } from '../stock';
import { vendorItems, vendors } from '../vendors';
import { warehouses } from '../warehouses';
import { purchaseOrderType } from './purchase-orders.service';
import { receivePurchaseOrder } from './receiving.service';
import { sendPurchaseOrder } from './send.service';
import { shipmentType } from './shipments.service';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Purchase orders in every state: tile received in full, hardware partly received (the rest on
 * a UPS truck, a shipment in transit), sheet goods sent and expected, a stone order still a draft, a cancelled
 * one, and the kitchen job's tile delivered to its site.
 */
export const purchasingDemo: Seed = {
  name: 'demo:purchasing',
  run: (db, context) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const [home] = await tx.select().from(warehouses).where(eq(warehouses.isDefault, true));
      if (!home) return;
      // What each vendor sells that the firm keeps in stock (those with a stock row), in SKU order.
      const stockedOf = async (vendor: string, limit: number) => {
        const rows = await tx
          .select({ product: vendorItems.productId, material: vendorItems.materialId })
          .from(vendorItems)
          .innerJoin(vendors, eq(vendors.id, vendorItems.vendorId))
          .where(and(eq(vendors.name, vendor), isNull(vendorItems.variantId)))
          .orderBy(asc(vendorItems.vendorSku));
        const stocked = new Set(
          (
            await tx
              .select({ id: stockLevels.itemId })
              .from(stockLevels)
              .where(
                inArray(
                  stockLevels.itemId,
                  rows.map((r) => (r.product ?? r.material)!),
                ),
              )
          ).map((r) => r.id),
        );
        const [v] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.name, vendor));
        const items = rows
          .filter((r) => stocked.has((r.product ?? r.material)!))
          .slice(0, limit)
          .map((r) =>
            r.product ? { type: 'product' as const, id: r.product } : { type: 'material' as const, id: r.material! },
          );
        return { vendor: v?.id, items };
      };
      const order = async (
        vendor: string,
        count: number,
        quantity: (i: number) => number,
        extra: { freightCents?: number; notes?: string; expectedDate?: string; customerJob?: string } = {},
      ) => {
        const { vendor: id, items } = await stockedOf(vendor, count);
        if (!id || !items.length) return null;
        return purchaseOrderType.create(
          tx,
          actor,
          purchaseOrderInputSchema.parse({
            vendor: id,
            // An order for a job ships to the job's site.
            warehouse: extra.customerJob ? null : home.id,
            ...extra,
            lines: items.map((item, i) => ({ item, quantity: quantity(i) })),
          }),
        );
      };

      const tile = await order('Bayline Tile Distributors', 3, () => 40, {
        freightCents: 12_000,
        notes: 'Deliver to the loading dock, weekdays before 3 pm.',
        expectedDate: inDays(-6),
      });
      if (tile) {
        await purchaseOrderType.transition(tx, actor, tile._id, 'mark-sent');
        await receivePurchaseOrder(tx, actor, tile._id, {
          lines: tile.lines.map((l) => ({ line: l.id, quantity: l.quantity })),
          note: 'All pallets in good order',
          deliveredToSite: false,
          confirmOverReceipt: false,
        });
      }
      const hardware = await order('Pemberton Hardware Co.', 4, (i) => (i + 1) * 50, {
        freightCents: 2_500,
        expectedDate: inDays(-2),
      });
      if (hardware) {
        await purchaseOrderType.transition(tx, actor, hardware._id, 'mark-sent');
        const [a, b, c] = hardware.lines;
        await receivePurchaseOrder(tx, actor, hardware._id, {
          lines: [
            { line: a!.id, quantity: a!.quantity },
            { line: b!.id, quantity: b!.quantity },
            { line: c!.id, quantity: c!.quantity / 2 },
          ],
          note: 'Back-ordered items to follow',
          deliveredToSite: false,
          confirmOverReceipt: false,
        });
        // The rest is on a truck.
        const d = hardware.lines[3];
        const truck = await shipmentType.create(
          tx,
          actor,
          shipmentInputSchema.parse({
            carrier: 'UPS',
            trackingNumber: '1Z999AA10123456784',
            shipDate: inDays(-1),
            expectedDate: inDays(2),
            notes: 'Back-ordered pulls',
            lines: [{ line: c!.id, quantity: c!.quantity / 2 }, ...(d ? [{ line: d.id, quantity: d.quantity }] : [])],
          }),
        );
        await shipmentType.transition(tx, actor, truck._id, 'mark-in-transit');
      }
      // Emailed to the vendor as a PDF (the outbox keeps the message and its attachment).
      const sheets = await order('Atlantic Plywood & Panel', 3, () => 20, { expectedDate: inDays(5) });
      if (sheets) await sendPurchaseOrder(tx, actor, context.storage, sheets._id);
      await order('Coastal Quartz Fabrication', 2, () => 2, { notes: 'Quote to confirm before sending.' });
      const cancelled = await order('Bayline Tile Distributors', 1, () => 10, { notes: 'Ordered by mistake.' });
      if (cancelled) await purchaseOrderType.transition(tx, actor, cancelled._id, 'cancel');
      // The kitchen job's backsplash tile, shipped to the house and delivered there.
      const [kitchen] = await tx
        .select({ id: customerJobs.id })
        .from(customerJobs)
        .where(eq(customerJobs.name, 'Kitchen remodel with an island'));
      const backsplash = kitchen
        ? await order('Bayline Tile Distributors', 1, () => 6, {
            customerJob: kitchen.id,
            notes: 'Backsplash tile for the Danforth Street kitchen.',
            expectedDate: inDays(-3),
          })
        : null;
      if (backsplash) {
        await purchaseOrderType.transition(tx, actor, backsplash._id, 'mark-sent');
        await receivePurchaseOrder(tx, actor, backsplash._id, {
          lines: backsplash.lines.map((l) => ({ line: l.id, quantity: l.quantity })),
          note: 'Left in the garage, as agreed with the client',
          deliveredToSite: true,
          confirmOverReceipt: false,
        });
      }
    }),
};
