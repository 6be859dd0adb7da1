import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, updatedAt, version } from '../../db/columns';
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
 * A firm's public addresses (its store at /store/{slug}/, its blog feed, its QR codes). One is
 * current; the ones it had before stay its own and redirect to it, so a printed QR code or a
 * shared link keeps working, and no other firm can take them over. Unique across firms; the
 * public store finds a firm by one through the owner's function store_find_firm.
 */
export const firmSlugs = pgTable(
  'firm_slugs',
  {
    slug: text('slug').primaryKey(),
    firmId: firmId(() => firms.id),
    current: boolean('current').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('firm_slugs_current_uq').on(t.firmId).where(sql`current`),
    index('firm_slugs_firm_idx').on(t.firmId),
    check('firm_slugs_slug_check', sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 40`),
    firmIsolation(t.firmId),
  ],
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
