import { deliveryRouteInputSchema } from '@atelier/contracts';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { deliveryRouteType } from './deliveries.service';
import { stopDeliver, stopFail, stopOut, toDeliver } from './stops';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Delivery routes: yesterday's, driven (one stop delivered with its proof, one failed, so its
 * lines wait for the next route), and today's, planned for a driver with the orders still to go.
 */
export const deliveriesDemo: Seed = {
  name: 'demo:deliveries',
  run: (db, { storage }) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor: owner, staff } = await demoStaff(tx, HARBOR_PINE_ID);
      // The warehouse lead drives the van and planned these routes themselves (so no notice of them).
      const driver = staff.find((s) => s.email === 'warehouse@demo.test') ?? staff[0]!;
      const actor = { ...owner, userId: driver.id, features: ['delivery_management'] };
      const waiting = await toDeliver(tx);
      if (waiting.length < 3) return;

      const driven = await deliveryRouteType.create(
        tx,
        actor,
        deliveryRouteInputSchema.parse({
          date: inDays(-1),
          driver: driver.id,
          vehicle: 'Sprinter van',
          stops: [
            { order: waiting[0]!.order._id, windowStart: '09:00', windowEnd: '11:00' },
            { order: waiting[1]!.order._id, windowStart: '13:00', windowEnd: '15:00', notes: 'Call 30 minutes ahead.' },
          ],
        }),
      );
      await stopOut(tx, actor, driven._id, driven.stops[0]!._id);
      await stopDeliver(
        tx,
        actor,
        storage,
        driven._id,
        driven.stops[0]!._id,
        {
          recipientName: 'Front desk',
          notes: 'Placed in the hallway as asked.',
          photos: [],
          signature: null,
          damages: [],
        },
        null,
      );
      await stopOut(tx, actor, driven._id, driven.stops[1]!._id);
      await stopFail(tx, actor, driven._id, driven.stops[1]!._id, { reason: 'Nobody home; card left.' });

      await deliveryRouteType.create(
        tx,
        actor,
        deliveryRouteInputSchema.parse({
          date: inDays(0),
          driver: driver.id,
          vehicle: 'Sprinter van',
          notes: 'Load the vanity last: it comes off first.',
          stops: [
            { order: waiting[1]!.order._id, windowStart: '08:00', windowEnd: '10:00' },
            { order: waiting[2]!.order._id, windowStart: '10:30', windowEnd: '12:30' },
          ],
        }),
      );
    }),
};
