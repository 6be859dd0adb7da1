import { eq, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { calendarFeeds } from './calendar.table';
import { makeFeed } from './feed.service';

/**
 * The warehouse lead, who drives the van, follows his routes in his phone's calendar: his feed
 * was made (its address shown once, so nobody holds it now) and his phone read it an hour ago.
 */
export const calendarDemo: Seed = {
  name: 'demo:calendar',
  run: (db, { appUrl }) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor, staff } = await demoStaff(tx, HARBOR_PINE_ID);
      const driver = staff.find((s) => s.email === 'warehouse@demo.test');
      if (!driver) return;
      await makeFeed(tx, { ...actor, userId: driver.id }, appUrl);
      await tx
        .update(calendarFeeds)
        .set({ lastUsedAt: sql`now() - interval '1 hour'` })
        .where(eq(calendarFeeds.userId, driver.id));
    }),
};
