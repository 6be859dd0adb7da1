import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';

/**
 * A person's private iCalendar feed: the SHA-256 of its token (the token itself is shown once,
 * in its address). Revoking deletes the row; a new address is a new row. One per person.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_user_uq').on(t.userId),
    uniqueIndex('calendar_feeds_token_uq').on(t.tokenHash),
    index('calendar_feeds_firm_idx').on(t.firmId),
    firmIsolation(t.firmId),
  ],
);
