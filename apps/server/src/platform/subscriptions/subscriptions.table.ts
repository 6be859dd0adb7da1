import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

/** Who follows which record: they are notified when someone else changes it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_entity_uq').on(t.userId, t.entityId, t.entityType),
    index('subscriptions_entity_idx').on(t.entityId, t.entityType),
    firmIsolation(t.firmId),
  ],
);
