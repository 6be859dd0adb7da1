import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmIsolation, updatedAt, version } from '../../db/columns';
import { newId } from '../../db/ids';

/** The tenant. Its own row is visible only inside itself, like every other tenant row. */
export const firms = pgTable(
  'firms',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(newId),
    name: text('name').notNull().default(''),
    logo: text('logo'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    website: text('website'),
    currency: text('currency').notNull().default('USD'),
    timeZone: text('time_zone').notNull().default('UTC'),
    // Set when a super admin finishes onboarding; until then they are sent to /onboarding.
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [firmIsolation(t.id)],
);
