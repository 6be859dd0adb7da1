import {
  KINDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  VENDOR_BILL_STATUSES,
  VENDOR_CREDIT_STATUSES,
  type VendorBillStatus,
  type VendorCreditStatus,
} from '@atelier/contracts';
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
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { moneyAccounts, registerMoneyAccountUse } from '../expenses';
import { purchaseOrderLines, purchaseOrders } from '../purchasing';
import { vendors } from '../vendors';

/**
 * A bill from a vendor (decision 0046): their number for it (one bill per number and vendor), its
 * dates, lines, tax and total. What was paid and credited is kept with it, changed only by the
 * applications of payments and credits in the same statement, so 0 ≤ balance ≤ total holds in
 * the database itself.
 */
export const vendorBills = pgTable(
  'vendor_bills',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    billNumber: text('bill_number').notNull(),
    status: text('status').$type<VendorBillStatus>().notNull().default('draft'),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    notes: text('notes').notNull().default(''),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    creditedCents: bigint('credited_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`total_cents - paid_cents - credited_cents`),
    // Some line was billed beyond what was received, or at another cost than ordered.
    flagged: boolean('flagged').notNull().default(false),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('vendor_bills_number_uq').on(t.firmId, t.vendorId, sql`lower(${t.billNumber})`),
    index('vendor_bills_number_idx').on(t.firmId, t.billNumber, t.id),
    index('vendor_bills_vendor_idx').on(t.firmId, t.vendorId, t.billDate),
    index('vendor_bills_billed_idx').on(t.firmId, t.billDate, t.id),
    index('vendor_bills_due_idx').on(t.firmId, t.dueDate, t.id),
    // What is owed, by vendor: aging and balances read only these.
    index('vendor_bills_open_idx').on(t.firmId, t.vendorId, t.dueDate).where(sql`status IN ('open', 'partially_paid')`),
    index('vendor_bills_total_idx').on(t.firmId, t.totalCents, t.id),
    index('vendor_bills_balance_idx').on(t.firmId, t.balanceCents, t.id),
    index('vendor_bills_created_idx').on(t.firmId, t.createdAt, t.id),
    index('vendor_bills_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('vendor_bills_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('vendor_bills_status_check', oneOf('status', VENDOR_BILL_STATUSES)),
    check(
      'vendor_bills_money_check',
      sql`subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents = subtotal_cents + tax_cents
        AND paid_cents >= 0 AND credited_cents >= 0 AND paid_cents + credited_cents <= total_cents`,
    ),
    // Money is on a bill only while it is owed or paid.
    check(
      'vendor_bills_owed_check',
      sql`status IN ('open', 'partially_paid', 'paid') OR (paid_cents = 0 AND credited_cents = 0)`,
    ),
    check('vendor_bills_due_check', sql`due_date >= bill_date`),
    firmIsolation(t.firmId),
  ],
);

/**
 * A bill's line: a purchase-order line of the bill's vendor (its order kept beside it, for the
 * order's bills), or one of its own (freight, a charge). The matching is kept as it was worked
 * out when the bill was written: what had arrived, what other bills had billed, the order's cost.
 */
export const vendorBillLines = pgTable(
  'vendor_bill_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    billId: uuid('bill_id')
      .notNull()
      .references(() => vendorBills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id, {
      onDelete: 'restrict',
    }),
    description: text('description').notNull().default(''),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    unitCostHc: bigint('unit_cost_hc', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    orderedUnitCostHc: bigint('ordered_unit_cost_hc', { mode: 'number' }),
    receivedE4: bigint('received_e4', { mode: 'number' }),
    billedElsewhereE4: bigint('billed_elsewhere_e4', { mode: 'number' }),
    overBilled: boolean('over_billed').notNull().default(false),
    costDiffers: boolean('cost_differs').notNull().default(false),
  },
  (t) => [
    index('vendor_bill_lines_bill_idx').on(t.billId, t.position),
    index('vendor_bill_lines_po_line_idx').on(t.purchaseOrderLineId).where(sql`purchase_order_line_id IS NOT NULL`),
    index('vendor_bill_lines_po_idx').on(t.firmId, t.purchaseOrderId).where(sql`purchase_order_id IS NOT NULL`),
    check(
      'vendor_bill_lines_source_check',
      sql`(purchase_order_id IS NULL) = (purchase_order_line_id IS NULL)
        AND (purchase_order_line_id IS NOT NULL OR description <> '')`,
    ),
    check('vendor_bill_lines_numbers_check', sql`quantity_e4 > 0 AND unit_cost_hc >= 0 AND total_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);

/**
 * Credit a vendor gave the firm (by hand, or settling a vendor claim: one credit per claim),
 * numbered per firm; used on that vendor's bills, never beyond its amount.
 */
export const vendorCredits = pgTable(
  'vendor_credits',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    status: text('status').$type<VendorCreditStatus>().notNull().default('open'),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    // The vendor claim it settles (the returns module's; named by id: that module calls this one).
    vendorClaimId: uuid('vendor_claim_id'),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('vendor_credits_number_uq').on(t.firmId, t.number),
    uniqueIndex('vendor_credits_claim_uq').on(t.firmId, t.vendorClaimId).where(sql`vendor_claim_id IS NOT NULL`),
    index('vendor_credits_vendor_idx').on(t.firmId, t.vendorId, t.number),
    index('vendor_credits_issued_idx').on(t.firmId, t.issueDate, t.id),
    index('vendor_credits_amount_idx').on(t.firmId, t.amountCents, t.id),
    index('vendor_credits_created_idx').on(t.firmId, t.createdAt, t.id),
    index('vendor_credits_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('vendor_credits_status_check', oneOf('status', VENDOR_CREDIT_STATUSES)),
    check(
      'vendor_credits_money_check',
      sql`amount_cents > 0 AND applied_cents >= 0 AND applied_cents <= amount_cents
        AND (status <> 'void' OR applied_cents = 0)`,
    ),
    firmIsolation(t.firmId),
  ],
);

/**
 * Money the firm paid a vendor, from one of its money accounts. What is applied to bills is kept
 * with it; the rest is an advance (the vendor's credit to the firm).
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    method: text('method').$type<PaymentMethod>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    moneyAccountId: uuid('money_account_id').references(() => moneyAccounts.id, { onDelete: 'restrict' }),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('bill_payments_number_uq').on(t.firmId, t.number),
    index('bill_payments_vendor_idx').on(t.firmId, t.vendorId, t.paidOn),
    index('bill_payments_paid_idx').on(t.firmId, t.paidOn, t.id),
    index('bill_payments_amount_idx').on(t.firmId, t.amountCents, t.id),
    index('bill_payments_account_idx').on(t.moneyAccountId).where(sql`money_account_id IS NOT NULL`),
    index('bill_payments_created_idx').on(t.firmId, t.createdAt, t.id),
    index('bill_payments_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('bill_payments_method_check', oneOf('method', PAYMENT_METHODS)),
    check('bill_payments_money_check', sql`amount_cents > 0 AND applied_cents >= 0 AND applied_cents <= amount_cents`),
    firmIsolation(t.firmId),
  ],
);

/** Money on a bill: a share of a payment or of a vendor credit, never more than either has left. */
export const billApplications = pgTable(
  'bill_applications',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    billId: uuid('bill_id')
      .notNull()
      .references(() => vendorBills.id, { onDelete: 'restrict' }),
    billPaymentId: uuid('bill_payment_id').references(() => billPayments.id, { onDelete: 'restrict' }),
    vendorCreditId: uuid('vendor_credit_id').references(() => vendorCredits.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bill_applications_payment_uq').on(t.billPaymentId, t.billId).where(sql`bill_payment_id IS NOT NULL`),
    uniqueIndex('bill_applications_credit_uq').on(t.vendorCreditId, t.billId).where(sql`vendor_credit_id IS NOT NULL`),
    index('bill_applications_bill_idx').on(t.billId),
    check('bill_applications_amount_check', sql`amount_cents > 0`),
    check('bill_applications_source_check', sql`(bill_payment_id IS NULL) <> (vendor_credit_id IS NULL)`),
    firmIsolation(t.firmId),
  ],
);

// A vendor that billed, gave credit or was paid stays: the money names them. A purchase order that
// was billed stays too.
registerReference(KINDS.vendor, { table: vendorBills, column: vendorBills.vendorId, noun: 'bill' });
registerReference(KINDS.vendor, { table: vendorCredits, column: vendorCredits.vendorId, noun: 'vendor credit' });
registerReference(KINDS.vendor, { table: billPayments, column: billPayments.vendorId, noun: 'bill payment' });
registerReference(KINDS.purchase_order, {
  table: vendorBillLines,
  column: vendorBillLines.purchaseOrderId,
  noun: 'bill line',
});
// An account the firm paid vendors from stays while those payments name it.
registerMoneyAccountUse({ table: billPayments, column: billPayments.moneyAccountId, noun: 'bill payment' });
