import { index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const outboxStatus = pgEnum('outbox_status', OUTBOX_STATUSES);

/**
 * Every email is written here in the transaction that causes it, which also queues the job that
 * sends it (a trigger, decision 0020): nothing is lost when SMTP is down, and nothing is sent for
 * a change that rolled back. The job runner's retries are the message's attempts.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    // Empty for the platform's own email before any firm exists (a sign-up's confirmation link),
    // which only the named function signup_request writes; row-level security hides it from firms.
    firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // The firm's sender name and reply-to (its messaging settings) when the message was queued.
    fromName: text('from_name'),
    replyTo: text('reply_to'),
    // Fixed when queued, so every retry of a message is the same message (a marketing send's).
    messageId: text('message_id'),
    // Extra headers, from a fixed list the code sets (List-Unsubscribe); never user input.
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: outboxStatus('status').notNull().default('pending'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst()), firmIsolation(t.firmId)],
);

/**
 * Files sent with a message (a purchase order's PDF), stored with it so the job sends exactly
 * what was queued. Only a firm's own messages carry them; they go when the message goes.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_outbox_idx').on(t.outboxId), firmIsolation(t.firmId)],
);
