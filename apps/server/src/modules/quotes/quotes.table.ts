import {
  type Address,
  type Discount,
  KINDS,
  QUOTE_STATUSES,
  type QuoteStatus,
  type RevisionLine,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';
import { documentLineChecks, documentLineColumns, documentTotalsColumns } from '../documents';
import { customerJobs } from '../jobs';
import { orders } from '../orders';

/**
 * A quote: numbered per firm, for a customer, valid until a date. `revision` is the document's
 * (each send after an edit is a new one); `version` stays the concurrency counter.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('draft'),
    revision: integer('revision').notNull().default(1),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    shipTo: jsonb('ship_to').$type<Address>(),
    notes: text('notes').notNull().default(''),
    discount: jsonb('discount').$type<Discount>(),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    ...documentTotalsColumns(),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('quotes_number_uq').on(t.firmId, t.number),
    index('quotes_customer_idx').on(t.firmId, t.customerId, t.number),
    index('quotes_job_idx').on(t.customerJobId).where(sql`customer_job_id IS NOT NULL`),
    index('quotes_valid_idx').on(t.firmId, t.validUntil, t.id),
    index('quotes_expiring_idx').on(t.firmId, t.validUntil).where(sql`status = 'sent'`),
    index('quotes_total_idx').on(t.firmId, t.totalCents, t.id),
    index('quotes_created_idx').on(t.firmId, t.createdAt, t.id),
    // An employee's open quotes (their analytics tab).
    index('quotes_created_by_idx').on(t.firmId, t.createdBy).where(sql`created_by IS NOT NULL`),
    index('quotes_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('quotes_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('quotes_status_check', oneOf('status', QUOTE_STATUSES)),
    check(
      'quotes_money_check',
      sql`shipping_cents >= 0 AND subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0`,
    ),
    firmIsolation(t.firmId),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
  },
  (t) => [
    index('quote_lines_quote_idx').on(t.quoteId, t.position),
    ...documentLineChecks('quote_lines'),
    firmIsolation(t.firmId),
  ],
);

/** Each revision as it was sent: its lines as a revision compares them, and its total. */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    lines: jsonb('lines').$type<RevisionLine[]>().notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    // When it was sent: a revision is written the moment it is.
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quote_revisions_uq').on(t.quoteId, t.revision), firmIsolation(t.firmId)],
);

registerReference(KINDS.customer, { table: quotes, column: quotes.customerId, noun: 'quote' });
registerReference(KINDS.company, { table: quotes, column: quotes.companyId, noun: 'quote' });
registerReference(KINDS.customer_job, { table: quotes, column: quotes.customerJobId, noun: 'quote' });
registerReference(KINDS.product, { table: quoteLines, column: quoteLines.productId, noun: 'quote line' });
registerReference(KINDS.raw_material, { table: quoteLines, column: quoteLines.materialId, noun: 'quote line' });
