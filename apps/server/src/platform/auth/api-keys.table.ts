import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

/**
 * A firm's API keys for its own integrations (decision 0021). The key itself is shown once; only
 * its SHA-256 is kept. A key acts as the colleague who made it, with at most the codes it was
 * given — and never more than that colleague holds at the time of the request.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    /** The key's first characters, to tell keys apart in the list. */
    prefix: text('prefix').notNull(),
    tokenHash: bytea('token_hash').notNull().unique(),
    codes: integer('codes').array().notNull().default(sql`'{}'::integer[]`),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('api_keys_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst()), firmIsolation(t.firmId)],
);
