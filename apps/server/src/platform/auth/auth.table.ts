import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The staff member acting as this user ("sign in as a customer"), if any.
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    firmIsolation(t.firmId),
  ],
);

export const TOKEN_PURPOSES = ['reset_password', 'invitation'] as const;
export const tokenPurpose = pgEnum('token_purpose', TOKEN_PURPOSES);

/** Single-use links sent by email: password resets, and (later) invitations. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    // Who sent an invitation, to tell them when it is accepted.
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: bytea('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId), firmIsolation(t.firmId)],
);

/**
 * Rate-limit counters (sign-in attempts per account, per address and per pair, reset requests,
 * public forms), each a window and the attempts reserved in it. Not a tenant table: the
 * application role has no rights on it and reaches it only through limit_reserve/limit_release.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Where each account signed in successfully lately (a few addresses per account): from such an
 * address only the strict per-(account, address) limit applies, so failures from elsewhere never
 * lock the owner out. Internal, like auth_throttle.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);
