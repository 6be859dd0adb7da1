import type { EmailBlock, Segment } from '@atelier/contracts';
import { KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { emailOutbox } from '../../platform/email/outbox.table';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { customers } from '../customers';

/** An email template of the emailer (99): blocks top to bottom, their text sanitised on save. */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull().default(''),
    blocks: jsonb('blocks').$type<EmailBlock[]>().notNull().default([]),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('emails_name_idx').on(t.firmId, t.nameKey, t.id),
    index('emails_created_idx').on(t.firmId, t.createdAt, t.id),
    index('emails_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('emails_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    firmIsolation(t.firmId),
  ],
);

export const SEND_STATUSES = ['sending', 'sent'] as const;

/**
 * One send of an email to a segment (102). It keeps what it sends (subject, preheader, blocks as
 * they were), so editing the template while it goes out changes nothing already on its way.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    preheader: text('preheader').notNull(),
    blocks: jsonb('blocks').$type<EmailBlock[]>().notNull(),
    segment: jsonb('segment').$type<Segment>().notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    status: text('status').$type<(typeof SEND_STATUSES)[number]>().notNull().default('sending'),
    // When the next batch may go: a second chain of batch jobs (a job run again after a crash)
    // finds it in the future and stops, so the rate holds.
    nextBatchAt: timestamp('next_batch_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_sends_email_idx').on(t.emailId, t.createdAt.desc().nullsFirst()),
    check('email_sends_status_check', oneOf('status', SEND_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

export const RECIPIENT_STATUSES = ['queued', 'outboxed', 'skipped'] as const;

/**
 * One person a send goes to, chosen when the send starts. `message_id` is fixed then: the outbox
 * row and every retry of it carry it, so a message sent again after a crash is the same message.
 * Once outboxed, delivered or bounced is the outbox row's own outcome.
 */
export const emailRecipients = pgTable(
  'email_recipients',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    sendId: uuid('send_id')
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status').$type<(typeof RECIPIENT_STATUSES)[number]>().notNull().default('queued'),
    outboxId: uuid('outbox_id').references(() => emailOutbox.id, { onDelete: 'set null' }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_recipients_send_idx').on(t.sendId, t.status),
    uniqueIndex('email_recipients_send_customer_uq').on(t.sendId, t.customerId),
    uniqueIndex('email_recipients_message_uq').on(t.messageId),
    index('email_recipients_customer_idx').on(t.customerId),
    check('email_recipients_status_check', oneOf('status', RECIPIENT_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

// An email that was sent stays, for its results' sake: archive it instead.
registerReference(KINDS.email, { table: emailSends, column: emailSends.emailId, noun: 'send' });
