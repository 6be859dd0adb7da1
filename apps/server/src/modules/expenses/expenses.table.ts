import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { customerJobs } from '../jobs';
import { vendors } from '../vendors';
import { moneyAccounts } from './money-accounts.table';

/**
 * Money the firm spent (decision 0045): to a vendor or a named payee, in a category of the
 * expense settings, paid from one of its money accounts; its receipt one of its own files; its
 * customer job, if any, takes it as cost, and a billable one goes on the customer's next
 * invoice (the invoice line that bills it names it: `invoice_lines.expense_id`).
 */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
    payee: text('payee').notNull().default(''),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().generatedAlwaysAs(sql`amount_cents + tax_cents`),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    moneyAccountId: uuid('money_account_id')
      .notNull()
      .references(() => moneyAccounts.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    receiptFileId: uuid('receipt_file_id').references(() => files.id, { onDelete: 'set null' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    billable: boolean('billable').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('expenses_date_idx').on(t.firmId, t.spentOn, t.id),
    index('expenses_total_idx').on(t.firmId, t.totalCents, t.id),
    index('expenses_created_idx').on(t.firmId, t.createdAt, t.id),
    index('expenses_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('expenses_vendor_idx').on(t.firmId, t.vendorId, t.spentOn),
    index('expenses_job_idx').on(t.customerJobId, t.spentOn),
    index('expenses_account_idx').on(t.moneyAccountId),
    index('expenses_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('expenses_money_check', sql`amount_cents > 0 AND tax_cents >= 0`),
    check('expenses_payee_check', sql`vendor_id IS NOT NULL OR payee <> ''`),
    check('expenses_billable_check', sql`NOT billable OR customer_job_id IS NOT NULL`),
    firmIsolation(t.firmId),
  ],
);
