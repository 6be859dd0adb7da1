import { COMMISSION_STATUSES, type CommissionStatus, KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, updatedAt } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { ambassadors } from '../ambassadors';
import { customers } from '../customers';
import { expenses } from '../expenses';
import { invoices } from '../invoices';

/**
 * A commission an ambassador earned (decision 0045): one per invoice of a customer they referred,
 * made in the transaction that paid the invoice, at the ambassador's rate then, on what the
 * invoice billed before tax. Owed until a payout (an expense) pays it; an owed one whose invoice
 * is no longer paid goes, a paid one stays.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    ambassadorId: uuid('ambassador_id')
      .notNull()
      .references(() => ambassadors.id, { onDelete: 'restrict' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    baseCents: bigint('base_cents', { mode: 'number' }).notNull(),
    // Hundredths of a percent, as the ambassador's rate is kept.
    rateBp: integer('rate_bp').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    earnedOn: date('earned_on', { mode: 'string' }).notNull(),
    status: text('status').$type<CommissionStatus>().notNull().default('owed'),
    payoutExpenseId: uuid('payout_expense_id').references(() => expenses.id, { onDelete: 'restrict' }),
    paidOn: date('paid_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('commissions_invoice_uq').on(t.invoiceId),
    index('commissions_ambassador_idx').on(t.firmId, t.ambassadorId, t.earnedOn, t.id),
    index('commissions_earned_idx').on(t.firmId, t.earnedOn, t.id),
    index('commissions_payout_idx').on(t.payoutExpenseId),
    check('commissions_status_check', oneOf('status', COMMISSION_STATUSES)),
    check('commissions_money_check', sql`base_cents >= 0 AND amount_cents > 0 AND rate_bp BETWEEN 0 AND 5000`),
    check('commissions_paid_check', sql`(status = 'paid') = (payout_expense_id IS NOT NULL AND paid_on IS NOT NULL)`),
    firmIsolation(t.firmId),
  ],
);

// A payout's expense is the record of what was paid: it is not deleted while it pays commissions,
// and an ambassador who earned commission is not deleted either.
registerReference(KINDS.expense, { table: commissions, column: commissions.payoutExpenseId, noun: 'commission' });
registerReference(KINDS.ambassador, { table: commissions, column: commissions.ambassadorId, noun: 'paid invoice' });
