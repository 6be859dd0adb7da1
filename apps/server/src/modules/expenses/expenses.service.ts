import {
  EXPENSE_BILLING_STATES,
  type Expense,
  type ExpenseRow,
  expenseInputSchema,
  KINDS,
  RECEIPT_TYPES,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { buildSearchText, dateBound, type FilterDef, idsIn, likePattern, textIn } from '../../platform/lists/list';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { customerJobs } from '../jobs';
import { vendors } from '../vendors';
import { expenses } from './expenses.table';
import { checkMoneyAccount, moneyAccountRef } from './money-accounts.service';

type Input = z.output<typeof expenseInputSchema>;
type Row = typeof expenses.$inferSelect;

const e = qualified;
const cents = (n: number) => (n / 100).toFixed(2);

/** Who was paid: the vendor's name, else the payee typed. */
export const paidToSql = sql<string>`COALESCE((SELECT v.name FROM ${vendors} v WHERE v.id = ${e(expenses.vendorId)}), ${e(expenses.payee)})`;
/** "Fuel · Shell · 2026-03-02": how lists, links and pickers name an expense. */
export const expenseNameSql = sql<string>`(${e(expenses.category)} || ' · ' || ${paidToSql} || ' · ' || ${e(expenses.spentOn)}::text)`;

// constant SQL names: invoice_lines and invoices are the invoices module's tables (it imports
// this module, so this one names them rather than importing them: decision 0045).
/** The invoice a billable expense is on, if any. */
const invoiceSql = sql<{
  _id: string;
  name: string;
} | null>`(SELECT json_build_object('_id', i.id, 'name', i.prefix || i.number)
  FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE l.expense_id = ${e(expenses.id)} LIMIT 1)`;
const billedSql = sql<boolean>`EXISTS (SELECT 1 FROM invoice_lines l WHERE l.expense_id = ${e(expenses.id)})`;
const billingSql = sql<
  (typeof EXPENSE_BILLING_STATES)[number]
>`(CASE WHEN NOT ${e(expenses.billable)} THEN 'not_billable'
  WHEN ${billedSql} THEN 'billed' ELSE 'unbilled' END)`;
// constant SQL names: commissions is the commissions module's table, ambassadors the ambassadors'.
const payoutSql = sql<{ _id: string; name: string } | null>`(SELECT json_build_object('_id', a.id, 'name', a.name)
  FROM commissions c JOIN ambassadors a ON a.id = c.ambassador_id WHERE c.payout_expense_id = ${e(expenses.id)} LIMIT 1)`;
const customerSql = sql<{ _id: string; name: string } | null>`(SELECT json_build_object('_id', c.id, 'name', c.name)
  FROM ${customerJobs} j JOIN customers c ON c.id = j.customer_id WHERE j.id = ${e(expenses.customerJobId)})`;
const receiptSql = sql`(SELECT json_build_object('_id', f.id, 'name', f.name, 'contentType', f.content_type,
    'url', '/api/v1/files/' || f.id)
  FROM ${files} f WHERE f.id = ${e(expenses.receiptFileId)} AND f.deleted_at IS NULL)`;
const vendorRef = refColumn(expenses.vendorId, vendors, vendors.name);
const jobRef = refColumn(expenses.customerJobId, customerJobs, customerJobs.name);
const paidFromRef = moneyAccountRef(expenses.moneyAccountId);

/** Whether an invoice bills it, and whether a commission payout is it: what keeps its money as it is. */
async function ties(db: Executor, id: string): Promise<{ invoice: string | null; payout: boolean }> {
  const { rows } = await db.execute<{ invoice: string | null; payout: boolean }>(sql`
    SELECT (SELECT i.prefix || i.number FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
             WHERE l.expense_id = ${id} LIMIT 1) AS invoice,
           EXISTS (SELECT 1 FROM commissions c WHERE c.payout_expense_id = ${id}) AS payout`);
  return rows[0] ?? { invoice: null, payout: false };
}

/** The job, the firm's own (another firm's reads as not on the list), and its customer. */
async function jobOf(db: Executor, id: string | null) {
  if (!id) return null;
  const [job] = isUuid(id)
    ? await db
        .select({ id: customerJobs.id, customerId: customerJobs.customerId, name: customerJobs.name })
        .from(customerJobs)
        .where(eq(customerJobs.id, id))
    : [];
  if (!job) throw badRequest('Choose a job from the list.', { customerJob: 'Choose a job from the list.' });
  return job;
}

async function vendorName(db: Executor, id: string | null): Promise<string> {
  if (!id) return '';
  const [vendor] = await db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, id));
  if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
  return vendor.name;
}

/** The receipt: one of this expense's own files, an image or a PDF. */
async function checkReceipt(db: Executor, id: string | null, before: Row | null) {
  if (!id || id === before?.receiptFileId) return;
  if (!before)
    throw badRequest('Save the expense first, then upload its receipt.', {
      receipt: 'Save the expense first, then upload its receipt.',
    });
  const [file] = await db
    .select({ type: files.contentType })
    .from(files)
    .where(
      and(eq(files.id, id), eq(files.entityType, 'expense'), eq(files.entityId, before.id), isNull(files.deletedAt)),
    );
  if (!file) throw badRequest('Upload the receipt to this expense first.', { receipt: 'Choose one of its files.' });
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type))
    throw badRequest('A receipt is an image or a PDF.', { receipt: 'Choose an image or a PDF.' });
}

async function columns(db: Executor, actor: Actor, input: Input, before: Row | null) {
  if (before) {
    const tied = await ties(db, before.id);
    const moneyMoved = input.amountCents !== before.amountCents || input.taxCents !== before.taxCents;
    if (tied.invoice && (moneyMoved || input.customerJob !== before.customerJobId || !input.billable))
      throw conflict(
        `This expense is billed on ${tied.invoice}: its amount, job and billing stay. Take it off the invoice (or void the invoice) first.`,
      );
    if (tied.payout && moneyMoved)
      throw conflict('This expense is a commission payout: its amount is what the commissions paid, and stays.');
  }
  const categories = (await getSettingsGroup(db, actor.firmId, 'expenseSettings')).categories;
  if (input.category !== before?.category && !categories.includes(input.category))
    throw badRequest('Choose a category from the list.', {
      category: `Choose one of: ${categories.join(', ')}.`,
    });
  const vendor = await vendorName(db, input.vendor);
  await checkMoneyAccount(db, actor.firmId, input.paidFrom);
  const job = await jobOf(db, input.customerJob);
  if (input.billable && !job?.customerId)
    throw badRequest('Only a customer’s job can be billed.', {
      billable: `${job?.name ?? 'This job'} has no customer to bill.`,
    });
  await checkReceipt(db, input.receipt, before);
  return {
    vendorId: input.vendor,
    // A vendor's name is the vendor's: the payee is for those who are none.
    payee: input.vendor ? '' : input.payee,
    category: input.category,
    amountCents: input.amountCents,
    taxCents: input.taxCents,
    spentOn: input.date ?? before?.spentOn ?? (await firmToday(db, actor.firmId)),
    moneyAccountId: input.paidFrom,
    reference: input.reference,
    notes: input.notes,
    receiptFileId: input.receipt,
    customerJobId: input.customerJob,
    billable: input.billable,
    searchText: buildSearchText([vendor || input.payee, input.category, input.reference, input.notes]),
  };
}

/** A list filter on a condition of the row: the rows of any of the customers given (through their jobs). */
const byCustomer: FilterDef = (values) => {
  if (values.some((v) => !isUuid(v)))
    throw badRequest('Not a valid customer.', { 'filter.customer': 'Not a valid customer.' });
  return sql`${expenses.customerJobId} IN (SELECT j.id FROM ${customerJobs} j WHERE j.customer_id = ANY(${sql.param(values)}::uuid[]))`;
};
const byBilling: FilterDef = (values) => {
  const bad = values.find((v) => !(EXPENSE_BILLING_STATES as readonly string[]).includes(v));
  if (bad)
    throw badRequest(`"${bad}" is not a billing state.`, {
      'filter.billing': `Choose from: ${EXPENSE_BILLING_STATES.join(', ')}.`,
    });
  return sql`${billingSql} = ANY(${sql.param(values)}::text[])`;
};

/**
 * Expenses: money spent, from the firm's money accounts, with its receipt; on a customer's job
 * it is the job's cost, and a billable one goes on the customer's next invoice, after which its
 * money, job and billing stay (decision 0045).
 */
export const expenseType = defineRecordType<typeof expenses, typeof expenseInputSchema, Expense, ExpenseRow>({
  kind: KINDS.expense,
  table: expenses,
  input: expenseInputSchema,
  title: (row) => `${row.category} expense of ${cents(row.totalCents)} on ${row.spentOn}`,
  columns: (db, actor, input, before) => columns(db, actor, input, before),
  beforeDelete: async (db, _actor, row) => {
    const tied = await ties(db, row.id);
    if (tied.invoice)
      throw conflict(`This expense is billed on ${tied.invoice}: take it off the invoice (or void it) first.`);
  },
  // Commission payouts, as the commissions module registered them.
  references: { verb: 'pays', advice: 'It is the record of that payout, and stays.' },
  audited: (r) => ({
    vendor: r.vendorId,
    payee: r.payee,
    category: r.category,
    amountCents: r.amountCents,
    taxCents: r.taxCents,
    date: r.spentOn,
    paidFrom: r.moneyAccountId,
    reference: r.reference,
    notes: r.notes,
    receipt: r.receiptFileId,
    customerJob: r.customerJobId,
    billable: r.billable,
  }),
  names: {
    vendor: { table: vendors, id: vendors.id, name: vendors.name },
    customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name },
    receipt: { table: files, id: files.id, name: files.name },
  },
  extra: {
    name: expenseNameSql,
    paidTo: paidToSql,
    vendor: vendorRef,
    paidFrom: paidFromRef,
    customerJob: jobRef,
    customer: customerSql,
    receipt: receiptSql,
    billing: billingSql,
    invoice: invoiceSql,
    commissionPayout: payoutSql,
  },
  detail: (r, x) => ({
    name: x.name as string,
    vendor: x.vendor as Expense['vendor'],
    payee: r.payee,
    paidTo: x.paidTo as string,
    category: r.category,
    amountCents: r.amountCents,
    taxCents: r.taxCents,
    totalCents: r.totalCents,
    date: r.spentOn,
    paidFrom: x.paidFrom as Expense['paidFrom'],
    reference: r.reference,
    notes: r.notes,
    receipt: x.receipt as Expense['receipt'],
    customerJob: x.customerJob as Expense['customerJob'],
    customer: x.customer as Expense['customer'],
    billable: r.billable,
    billing: x.billing as Expense['billing'],
    invoice: x.invoice as Expense['invoice'],
    commissionPayout: x.commissionPayout as Expense['commissionPayout'],
  }),
  list: {
    rowFields: {
      name: expenseNameSql,
      date: expenses.spentOn,
      paidTo: paidToSql,
      vendor: vendorRef,
      amountCents: expenses.amountCents,
      paidFrom: paidFromRef,
      customerJob: jobRef,
      billing: billingSql,
    },
    defaultSort: '-date',
    filters: {
      vendor: idsIn(expenses.vendorId, 'vendor', true),
      job: idsIn(expenses.customerJobId, 'job', true),
      customer: byCustomer,
      account: idsIn(expenses.moneyAccountId, 'account'),
      category: textIn(expenses.category),
      billing: byBilling,
      from: dateBound(expenses.spentOn, 'from', 'from'),
      to: dateBound(expenses.spentOn, 'to', 'to'),
    },
    search: (q) => sql`${expenses.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});
