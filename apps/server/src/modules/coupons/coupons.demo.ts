import { couponInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { categories } from '../categories';
import { createCoupon } from './coupons.service';

/** The demo firm's codes: a welcome discount, a tile sale, a trade amount off with a minimum. */
export const couponsDemo: Seed = {
  name: 'demo:coupons',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const [tile] = await tx.select({ id: categories.id }).from(categories).where(sql`${categories.name} = 'Tile'`);
      const year = new Date().getUTCFullYear();
      for (const coupon of [
        { code: 'WELCOME10', description: 'New customers: 10% off', kind: 'percent', percent: 10, perCustomerLimit: 1 },
        {
          code: 'TILE15',
          description: 'Spring tile event',
          kind: 'percent',
          percent: 15,
          categories: tile ? [tile.id] : [],
          startsOn: `${year}-01-01`,
          endsOn: `${year + 1}-12-31`,
          usageLimit: 200,
        },
        {
          code: 'TRADE250',
          description: '$250 off trade orders over $5,000',
          kind: 'amount',
          amountCents: 25_000,
          minimumCents: 500_000,
        },
      ])
        await createCoupon(tx, actor, couponInputSchema.parse(coupon));
    }),
};
