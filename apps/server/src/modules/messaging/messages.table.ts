import type { MessageChannel } from '@atelier/contracts';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf } from '../../db/columns';
import { emailOutbox } from '../../platform/email/outbox.table';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';

export const STORED_MESSAGE_STATUSES = ['queued', 'logged', 'received'] as const;

/**
 * One email or text to or from the person a record is about. A thread is its first message's
 * id; replies that come back through the reply address join it. An email's sent or failed is
 * its outbox row's outcome; a text is logged (no SMS provider), a reply received.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    threadId: uuid('thread_id').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    direction: text('direction').$type<'out' | 'in'>().notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    // The email's Message-ID: replies name it in In-Reply-To and References.
    messageId: text('message_id'),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    status: text('status').$type<(typeof STORED_MESSAGE_STATUSES)[number]>().notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_entity_idx').on(t.firmId, t.entityType, t.entityId, t.createdAt),
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    check('messages_channel_check', oneOf('channel', ['email', 'sms'])),
    check('messages_direction_check', oneOf('direction', ['out', 'in'])),
    check('messages_status_check', oneOf('status', STORED_MESSAGE_STATUSES)),
    firmIsolation(t.firmId),
  ],
);
