import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmIsolation, updatedAt, version } from '../../db/columns';
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

/**
 * A sign-up waiting for its emailed link (decision 0012): nothing is created, and nothing is
 * said about whether the address has an account, until the link comes back. Internal: only the
 * named functions signup_request and signup_take touch it. Many may wait for one address; the
 * first link used makes the account.
 */
export const pendingSignUps = pgTable('pending_sign_ups', {
  tokenHash: bytea('token_hash').primaryKey(),
  email: text('email').notNull(),
  firmName: text('firm_name').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
