import {
  CREDIT_MEMO_STATUSES,
  type CreditMemoStatus,
  KINDS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';
import { invoices } from '../invoices';
import { customerJobs } from '../jobs';

/**
 * A credit memo: credit given to a customer, numbered per firm; used on invoices (`applied_cents`)
 * or paid back (`refunded_cents`), never beyond its amount.
 */
export const creditMemos = pgTable(
  'credit_memos',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<CreditMemoStatus>().notNull().default('open'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('credit_memos_number_uq').on(t.firmId, t.number),
    index('credit_memos_customer_idx').on(t.firmId, t.customerId, t.number),
    index('credit_memos_issued_idx').on(t.firmId, t.issueDate, t.id),
    index('credit_memos_amount_idx').on(t.firmId, t.amountCents, t.id),
    index('credit_memos_created_idx').on(t.firmId, t.createdAt, t.id),
    index('credit_memos_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('credit_memos_status_check', oneOf('status', CREDIT_MEMO_STATUSES)),
    check(
      'credit_memos_money_check',
      sql`amount_cents > 0 AND applied_cents >= 0 AND refunded_cents >= 0 AND applied_cents + refunded_cents <= amount_cents`,
    ),
    firmIsolation(t.firmId),
  ],
);

/**
 * Money received from a customer (or, negative, paid back to them against a credit memo: a
 * refund). What is applied to invoices is kept with it; the rest is the customer's credit.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    // A refund: the credit memo it pays out.
    creditMemoId: uuid('credit_memo_id').references(() => creditMemos.id, { onDelete: 'restrict' }),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('payments_number_uq').on(t.firmId, t.number),
    index('payments_customer_idx').on(t.firmId, t.customerId, t.receivedOn),
    index('payments_received_idx').on(t.firmId, t.receivedOn, t.id),
    index('payments_amount_idx').on(t.firmId, t.amountCents, t.id),
    index('payments_credit_memo_idx').on(t.creditMemoId).where(sql`credit_memo_id IS NOT NULL`),
    index('payments_created_idx').on(t.firmId, t.createdAt, t.id),
    index('payments_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('payments_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('payments_method_check', oneOf('method', PAYMENT_METHODS)),
    check(
      'payments_money_check',
      sql`(amount_cents > 0 AND credit_memo_id IS NULL AND applied_cents >= 0 AND applied_cents <= amount_cents)
        OR (amount_cents < 0 AND credit_memo_id IS NOT NULL AND applied_cents = 0)`,
    ),
    firmIsolation(t.firmId),
  ],
);

/** Money on an invoice: a share of a payment or of a credit memo, never more than either has left. */
export const invoiceApplications = pgTable(
  'invoice_applications',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    creditMemoId: uuid('credit_memo_id').references(() => creditMemos.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoice_applications_payment_uq').on(t.paymentId, t.invoiceId).where(sql`payment_id IS NOT NULL`),
    uniqueIndex('invoice_applications_credit_uq')
      .on(t.creditMemoId, t.invoiceId)
      .where(sql`credit_memo_id IS NOT NULL`),
    index('invoice_applications_invoice_idx').on(t.invoiceId),
    check('invoice_applications_amount_check', sql`amount_cents > 0`),
    check('invoice_applications_source_check', sql`(payment_id IS NULL) <> (credit_memo_id IS NULL)`),
    firmIsolation(t.firmId),
  ],
);

// A customer or an account who paid or was given credit stays: the money names them.
registerReference(KINDS.customer, { table: payments, column: payments.customerId, noun: 'payment' });
registerReference(KINDS.company, { table: payments, column: payments.companyId, noun: 'payment' });
registerReference(KINDS.customer, { table: creditMemos, column: creditMemos.customerId, noun: 'credit memo' });
registerReference(KINDS.company, { table: creditMemos, column: creditMemos.companyId, noun: 'credit memo' });
registerReference(KINDS.customer_job, { table: creditMemos, column: creditMemos.customerJobId, noun: 'credit memo' });
