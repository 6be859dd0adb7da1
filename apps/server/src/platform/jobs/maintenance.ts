import { sql } from 'drizzle-orm';
import { defineJob } from './runner';

/** Every hour: forget expired sessions and tokens, old throttle windows, and long-finished jobs. */
export const maintenanceJob = defineJob({
  name: 'platform.maintenance',
  every: { ms: 60 * 60_000, perFirm: false },
  run: async ({ scoped, config }) => {
    await scoped((tx) => tx.execute(sql`SELECT maintenance_purge_expired(${config.session.idleSeconds}::integer)`));
    await scoped((tx) => tx.execute(sql`SELECT jobs_purge()`));
  },
});
