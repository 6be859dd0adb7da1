import { INVOICE_BILLINGS, INVOICE_STATUSES, type InvoiceBilling, type InvoiceStatus, KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';
import { documentLineChecks, documentLineColumns, documentTotalsColumns } from '../documents';
import { expenses } from '../expenses';
import { customerJobs } from '../jobs';
import { orderLines, orders } from '../orders';
import { recurringInvoices } from './recurring.table';

/**
 * An invoice: numbered per firm (its prefix kept as it was), for a customer, of an order or on its
 * own. Its total is its lines (or the work it bills) plus tax, less the retention it holds back and
 * the deposit it recovers. What was paid and credited is kept with it, changed only by the
 * applications of payments and credit memos in the same statement, so that
 * 0 ≤ balance ≤ total holds in the database itself (decision 0043).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    billing: text('billing').$type<InvoiceBilling>().notNull().default('lines'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    notes: text('notes').notNull().default(''),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    // A deposit asked as a share of the order (hundredths of a percent), else null.
    depositE2: integer('deposit_e2'),
    // Progress billing: percent complete billed to (hundredths of a percent) and the work (W) it bills.
    percentE2: integer('percent_e2'),
    workCents: bigint('work_cents', { mode: 'number' }).notNull().default(0),
    retentionE2: integer('retention_e2').notNull().default(0),
    retentionCents: bigint('retention_cents', { mode: 'number' }).notNull().default(0),
    depositRecoveredCents: bigint('deposit_recovered_cents', { mode: 'number' }).notNull().default(0),
    ...documentTotalsColumns(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`total_cents - paid_cents - credited_cents`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason').notNull().default(''),
    // The recurring invoice that made it (the invoice stays when the plan is deleted).
    recurringInvoiceId: uuid('recurring_invoice_id').references(() => recurringInvoices.id, { onDelete: 'set null' }),
    // The reminders sent, by days past due (invoice settings' reminderDays): each is sent once.
    remindedDays: integer('reminded_days').array().notNull().default(sql`'{}'::integer[]`),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.firmId, t.number),
    index('invoices_customer_idx').on(t.firmId, t.customerId, t.number),
    index('invoices_company_idx').on(t.firmId, t.companyId, t.number).where(sql`company_id IS NOT NULL`),
    index('invoices_order_idx').on(t.orderId).where(sql`order_id IS NOT NULL`),
    index('invoices_recurring_idx').on(t.recurringInvoiceId).where(sql`recurring_invoice_id IS NOT NULL`),
    index('invoices_job_idx').on(t.customerJobId).where(sql`customer_job_id IS NOT NULL`),
    index('invoices_status_idx').on(t.firmId, t.status, t.number),
    index('invoices_issued_idx').on(t.firmId, t.issueDate, t.id),
    index('invoices_due_idx').on(t.firmId, t.dueDate, t.id),
    // What is owed, by customer: aging and statements read only these.
    index('invoices_open_idx').on(t.firmId, t.customerId, t.dueDate).where(sql`status IN ('sent', 'partially_paid')`),
    index('invoices_total_idx').on(t.firmId, t.totalCents, t.id),
    index('invoices_balance_idx').on(t.firmId, t.balanceCents, t.id),
    index('invoices_created_idx').on(t.firmId, t.createdAt, t.id),
    index('invoices_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('invoices_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('invoices_status_check', oneOf('status', INVOICE_STATUSES)),
    check('invoices_billing_check', oneOf('billing', INVOICE_BILLINGS)),
    check(
      'invoices_money_check',
      sql`total_cents >= 0 AND paid_cents >= 0 AND credited_cents >= 0 AND paid_cents + credited_cents <= total_cents
        AND retention_cents >= 0 AND deposit_recovered_cents >= 0 AND work_cents >= 0`,
    ),
    check('invoices_percent_check', sql`percent_e2 IS NULL OR (percent_e2 > 0 AND percent_e2 <= 10000)`),
    check('invoices_due_check', sql`due_date >= issue_date`),
    firmIsolation(t.firmId),
  ],
);

/** An invoice's line, and the order line it bills (none for its own lines, a deposit or a retention). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
    // A change order that takes the line off the order leaves the invoice as it was billed.
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    // The billable expense the line bills (decision 0045): unique, so no expense is billed twice;
    // voiding the invoice lets it go.
    expenseId: uuid('expense_id').references(() => expenses.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_order_line_idx').on(t.orderLineId).where(sql`order_line_id IS NOT NULL`),
    uniqueIndex('invoice_lines_expense_uq').on(t.expenseId).where(sql`expense_id IS NOT NULL`),
    index('invoice_lines_product_idx').on(t.productId).where(sql`product_id IS NOT NULL`),
    index('invoice_lines_material_idx').on(t.materialId).where(sql`material_id IS NOT NULL`),
    ...documentLineChecks('invoice_lines'),
    firmIsolation(t.firmId),
  ],
);

// A customer, an account, a job or an order that was invoiced stays: its invoices name it.
registerReference(KINDS.customer, { table: invoices, column: invoices.customerId, noun: 'invoice' });
registerReference(KINDS.company, { table: invoices, column: invoices.companyId, noun: 'invoice' });
registerReference(KINDS.customer_job, { table: invoices, column: invoices.customerJobId, noun: 'invoice' });
registerReference(KINDS.order, { table: invoices, column: invoices.orderId, noun: 'invoice' });
registerReference(KINDS.product, { table: invoiceLines, column: invoiceLines.productId, noun: 'invoice line' });
registerReference(KINDS.raw_material, { table: invoiceLines, column: invoiceLines.materialId, noun: 'invoice line' });
