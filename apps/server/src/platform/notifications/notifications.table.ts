import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';
import { users } from '../identity/users.table';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_unread_idx').on(t.firmId, t.userId, t.isRead, t.createdAt.desc().nullsFirst()),
    firmIsolation(t.firmId),
  ],
);
