import { z } from 'zod';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const cents = (what: string, min: number) =>
  z.coerce
    .number({ error: `Enter ${what}.` })
    .int('Use whole cents.')
    .min(min, min > 0 ? 'Use more than 0.' : 'Use 0 or more.')
    .max(100_000_000_000, 'That amount is too large.');

// ---- Money accounts: the firm's bank, card and cash accounts (on /s/firm/banking) ----

export const MONEY_ACCOUNT_TYPES = ['bank', 'card', 'cash'] as const;
export type MoneyAccountType = (typeof MONEY_ACCOUNT_TYPES)[number];
export const MONEY_ACCOUNT_TYPE_LABELS: Record<MoneyAccountType, string> = {
  bank: 'Bank account',
  card: 'Card',
  cash: 'Cash',
};

/** POST /money-accounts and PUT /money-accounts/{id}: its name, type and (for a card) last four digits. */
export const moneyAccountInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the account.').max(80, 'Use at most 80 characters.'),
  type: z.enum(MONEY_ACCOUNT_TYPES, { error: 'Choose bank, card or cash.' }),
  lastFour: z
    .string()
    .trim()
    .regex(/^([0-9]{4})?$/, 'Use the last four digits only, or leave it empty.')
    .default(''),
});
export type MoneyAccountInput = z.input<typeof moneyAccountInputSchema>;

/** A money account as GET /money-accounts lists it (the whole list: a firm has a few). */
export const moneyAccountSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  type: z.enum(MONEY_ACCOUNT_TYPES),
  lastFour: z.string(),
  version: z.number().int(),
  /** Expenses paid from it (what keeps it from being removed, with other modules' payments). */
  expenses: z.number().int(),
});
export type MoneyAccount = z.output<typeof moneyAccountSchema>;

/** "Company card ·· 4242": how pickers and records name an account. */
export const moneyAccountLabel = (a: { name: string; lastFour: string }) =>
  a.lastFour ? `${a.name} ·· ${a.lastFour}` : a.name;

// ---- Expenses ----

/** Where an expense stands with billing its customer: not billable, waiting for an invoice, or on one. */
export const EXPENSE_BILLING_STATES = ['not_billable', 'unbilled', 'billed'] as const;
export type ExpenseBillingState = (typeof EXPENSE_BILLING_STATES)[number];
export const EXPENSE_BILLING_LABELS: Record<ExpenseBillingState, string> = {
  not_billable: 'Not billable',
  unbilled: 'To bill',
  billed: 'Billed',
};

/** The receipt's file types: an image or a PDF, shown on the expense's page. */
export const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'] as const;

/**
 * POST /expenses and PUT /expenses/{id}: money the firm spent. A vendor from the list, or the
 * payee's name when it is none; the category from the expense settings; the amount and the tax
 * paid on it (the total is both); the account it was paid from; optionally the customer's job it
 * was for (its cost), and whether it is billed on to the customer's next invoice.
 */
export const expenseInputSchema = z
  .strictObject({
    vendor: z.uuid('Choose a vendor from the list.').nullable().default(null),
    payee: words(160).default(''),
    category: z.string().trim().min(1, 'Choose a category.').max(60, 'Use at most 60 characters.'),
    amountCents: cents('the amount', 1),
    taxCents: cents('the tax', 0).default(0),
    /** The day it was spent: the firm's today unless said. */
    date: calendarDateSchema.nullable().default(null),
    paidFrom: z.uuid('Choose the account it was paid from.'),
    reference: words(120).default(''),
    notes: words(4000).default(''),
    /** One of the expense's own files (an image or a PDF), uploaded to its files. */
    receipt: z.uuid('Choose one of the expense’s files.').nullable().default(null),
    customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
    billable: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.vendor && !v.payee)
      ctx.addIssue({ code: 'custom', path: ['payee'], message: 'Choose a vendor, or say who was paid.' });
    if (v.billable && !v.customerJob)
      ctx.addIssue({ code: 'custom', path: ['customerJob'], message: 'Choose the customer’s job to bill it to.' });
  });
export type ExpenseInput = z.input<typeof expenseInputSchema>;
export type ExpenseValues = z.output<typeof expenseInputSchema>;

const receiptSchema = z.strictObject({ _id: z.uuid(), name: z.string(), contentType: z.string(), url: z.string() });

/** An expense as its page reads it (GET /expenses/{id}). */
export const expenseSchema = z.strictObject({
  ...recordMetaShape,
  /** "Fuel · Shell, 2026-03-02": how lists and links name it. */
  name: z.string(),
  vendor: personRefSchema.nullable(),
  payee: z.string(),
  /** Who was paid: the vendor's name, or the payee. */
  paidTo: z.string(),
  category: z.string(),
  amountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  date: z.string(),
  paidFrom: personRefSchema,
  reference: z.string(),
  notes: z.string(),
  receipt: receiptSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  /** The job's customer: whose invoice a billable expense goes on. */
  customer: personRefSchema.nullable(),
  billable: z.boolean(),
  billing: z.enum(EXPENSE_BILLING_STATES),
  /** The invoice that billed it, once billed. */
  invoice: personRefSchema.nullable(),
  /** The ambassador a commission payout paid, for an expense that is one. */
  commissionPayout: personRefSchema.nullable(),
});
export type Expense = z.output<typeof expenseSchema>;

/** A row of the expenses list (GET /expenses). */
export const expenseRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  date: z.string(),
  paidTo: z.string(),
  vendor: personRefSchema.nullable(),
  category: z.string(),
  amountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  paidFrom: personRefSchema,
  customerJob: personRefSchema.nullable(),
  billing: z.enum(EXPENSE_BILLING_STATES),
  reference: z.string(),
});
export type ExpenseRow = z.output<typeof expenseRowSchema>;

/**
 * A customer's billable expenses not yet on an invoice (GET /expenses/billable?customer=): what a
 * new invoice for them offers to bill.
 */
export const billableExpenseSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  date: z.string(),
  category: z.string(),
  paidTo: z.string(),
  amountCents: z.number(),
  customerJob: personRefSchema,
});
export type BillableExpense = z.output<typeof billableExpenseSchema>;

/**
 * GET /customer-jobs/{id}/costs: the job's real figures against its budget. Its cost is its
 * expenses (with their tax), the labour of closed time entries at each person's cost rate, and
 * what was received on purchase orders bought for it (at landed cost); its revenue is what its
 * issued invoices bill before tax.
 */
export const jobCostsSchema = z.strictObject({
  budgetCostCents: z.number(),
  budgetRevenueCents: z.number(),
  expensesCents: z.number(),
  labourCents: z.number(),
  purchasesCents: z.number(),
  actualCostCents: z.number(),
  invoicedRevenueCents: z.number(),
  /** Invoiced revenue less actual cost. */
  profitCents: z.number(),
  budgetProfitCents: z.number(),
  /** Billable expenses of the job not on an invoice yet. */
  unbilledCents: z.number(),
});
export type JobCosts = z.output<typeof jobCostsSchema>;
