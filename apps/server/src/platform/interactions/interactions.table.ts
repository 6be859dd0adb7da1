import { INTERACTION_KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { date, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, updatedAt, version } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

export const interactionKind = pgEnum('interaction_kind', INTERACTION_KINDS);

/** A call, email, meeting or note about a record (account, customer; later leads and jobs). */
export const interactions = pgTable(
  'interactions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    kind: interactionKind('kind').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    followUpOn: date('follow_up_on'),
    followUpDoneAt: timestamp('follow_up_done_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interactions_entity_idx').on(t.firmId, t.entityType, t.entityId, t.occurredAt.desc().nullsFirst()),
    index('interactions_follow_up_idx')
      .on(t.firmId, t.authorId, t.followUpOn)
      .where(sql`${t.followUpOn} IS NOT NULL AND ${t.followUpDoneAt} IS NULL`),
    firmIsolation(t.firmId),
  ],
);
