import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which seeds have run on this database. Owner-only: the application role has no rights on it. */
export const seedMarkers = pgTable('seed_markers', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
