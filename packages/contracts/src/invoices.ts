import { z } from 'zod';
import { discountSchema, documentLineInputSchema, documentLineSchema, MAX_DOCUMENT_LINES } from './orders';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

/**
 * An invoice's state: a draft, then sent (issued), partially paid and paid as money is applied;
 * or void. Overdue is not a state: it is read from the due date and the balance.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
};
/** The states in which an invoice is owed: money may be applied to it. */
export const OPEN_INVOICE_STATUSES = ['sent', 'partially_paid'] as const satisfies readonly InvoiceStatus[];

/**
 * What an invoice bills: lines (an order's, some of them, or its own), a deposit asked before the
 * work, progress on an order's work to date, or the retention held back from progress invoices.
 */
export const INVOICE_BILLINGS = ['lines', 'deposit', 'progress', 'retention'] as const;
export type InvoiceBilling = (typeof INVOICE_BILLINGS)[number];
export const INVOICE_BILLING_LABELS: Record<InvoiceBilling, string> = {
  lines: 'Lines',
  deposit: 'Deposit',
  progress: 'Progress billing',
  retention: 'Retention release',
};

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const percentSchema = (what: string) =>
  z.coerce
    .number({ error: `Enter ${what}.` })
    .min(0, 'Use 0 or more.')
    .max(100, 'Use at most 100 %.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.');

/**
 * POST /invoices and PUT /invoices/{id} (a draft): what it bills and for whom. With an `order`,
 * the customer is the order's and `billing` says what of the order is billed: `lines` (the lines
 * named in `orderLines`, or all not yet invoiced), a `deposit` (the order's unless said),
 * `progress` to `percent` complete, or the `retention` held so far. Without one, it is a
 * stand-alone invoice of its own `lines`.
 */
export const invoiceInputSchema = z
  .strictObject({
    customer: z.uuid('Choose a customer from the list.').nullable().default(null),
    order: z.uuid('Choose an order from the list.').nullable().default(null),
    billing: z.enum(INVOICE_BILLINGS, { error: 'Choose what the invoice bills.' }).default('lines'),
    /** The order's lines to bill (billing lines): all those not yet invoiced unless said. */
    orderLines: z.array(z.uuid('Not a line of this order.')).max(MAX_DOCUMENT_LINES).nullable().default(null),
    /** A deposit: a percentage of the order's total or an amount; the order's deposit unless said. */
    deposit: discountSchema.nullable().default(null),
    /** Progress billing: the work complete to date, in percent (up to two decimals). */
    percent: percentSchema('the percent complete').nullable().default(null),
    /** Progress billing: the retention held back; the order's earlier rate, else the invoice settings'. */
    retentionPercent: percentSchema('the retention').nullable().default(null),
    customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
    /** The day it is dated: today unless said. */
    issueDate: calendarDateSchema.nullable().default(null),
    /** The day it is due: the issue date plus the customer's (or account's, or settings') terms unless said. */
    dueDate: calendarDateSchema.nullable().default(null),
    notes: words(4000).default(''),
    /** A stand-alone invoice's lines. */
    lines: z
      .array(documentLineInputSchema)
      .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`)
      .default([]),
    /**
     * A stand-alone invoice's billable expenses of the customer's jobs (GET /expenses/billable):
     * a line each, at the expense's amount before tax (decision 0045).
     */
    expenses: z
      .array(z.uuid('Choose an expense from the list.'))
      .max(100, 'Bill at most 100 expenses at once.')
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.order && !v.customer)
      ctx.addIssue({ code: 'custom', path: ['customer'], message: 'Choose a customer from the list.' });
    if (!v.order && v.billing !== 'lines')
      ctx.addIssue({ code: 'custom', path: ['order'], message: 'Choose the order it bills.' });
    if (v.billing === 'progress' && v.percent === null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter the percent complete.' });
    if (v.billing === 'progress' && v.percent === 0)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Use more than 0.' });
    if (!v.order && v.lines.length === 0 && v.expenses.length === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Add what the invoice bills.' });
    if (v.order && v.expenses.length)
      ctx.addIssue({
        code: 'custom',
        path: ['expenses'],
        message: 'Billable expenses go on an invoice of their own lines, not on one of an order.',
      });
    if (v.order && v.lines.length)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'An invoice of an order bills the order’s lines.' });
    if (v.issueDate && v.dueDate && v.dueDate < v.issueDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'The due date is on or after the issue date.' });
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type InvoiceValues = z.output<typeof invoiceInputSchema>;

/** POST /invoices/{id}/void: why, for the history and the customer's statement. */
export const invoiceVoidSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the invoice is void.').max(500, 'Use at most 500 characters.'),
});

/** An invoice's line: a document line, and the order line (or expense) it bills (none: its own or a deposit). */
export const invoiceLineSchema = documentLineSchema.extend({
  orderLine: z.uuid().nullable(),
  /** The billable expense the line bills, if it bills one (decision 0045). */
  expense: z.uuid().nullable(),
});
export type InvoiceLine = z.output<typeof invoiceLineSchema>;

/** Money applied to an invoice: from a payment or a credit memo. */
export const applicationSchema = z.strictObject({
  _id: z.uuid(),
  /** The payment or credit memo, by its name ("Payment 12", "CM-3"). */
  source: personRefSchema,
  sourceType: z.enum(['payment', 'credit_memo']),
  /** The invoice it is applied to. */
  invoice: personRefSchema,
  amountCents: z.number(),
  date: z.string(),
});
export type Application = z.output<typeof applicationSchema>;

/** An invoice as its page reads it (GET /invoices/{id}). */
export const invoiceSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  billing: z.enum(INVOICE_BILLINGS),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  order: personRefSchema.nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  paymentTermsDays: z.number().int(),
  notes: z.string(),
  taxExempt: z.boolean(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  shippingCents: z.number(),
  /** Progress billing: the percent complete billed to, the work it bills (W), what it holds back and recovers. */
  percent: z.number().nullable(),
  workCents: z.number(),
  retentionPercent: z.number(),
  retentionCents: z.number(),
  depositRecoveredCents: z.number(),
  /** What is owed: lines (or W) plus tax, less retention and deposit recovered. */
  totalCents: z.number(),
  paidCents: z.number(),
  creditedCents: z.number(),
  balanceCents: z.number(),
  overdue: z.boolean(),
  applications: z.array(applicationSchema),
  sentAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string(),
  recurringInvoice: personRefSchema.nullable(),
});
export type Invoice = z.output<typeof invoiceSchema>;

/** A row of the invoices list (GET /invoices), newest number first. */
export const invoiceRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(INVOICE_STATUSES),
  billing: z.enum(INVOICE_BILLINGS),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  order: personRefSchema.nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  totalCents: z.number(),
  balanceCents: z.number(),
  overdue: z.boolean(),
});
export type InvoiceRow = z.output<typeof invoiceRowSchema>;

/**
 * GET /orders/{id}/billing: what an order comes to and what has been invoiced of it. The contract
 * value is its lines after discounts plus shipping, before tax, as change orders left it.
 */
export const orderBillingSchema = z.strictObject({
  contractCents: z.number(),
  /** Work billed: lines invoiced, or progress (W) to date. */
  billedCents: z.number(),
  /** The highest percent complete billed (progress), or null. */
  percentBilled: z.number().nullable(),
  retainedCents: z.number(),
  retentionReleasedCents: z.number(),
  depositCents: z.number(),
  depositInvoicedCents: z.number(),
  depositRecoveredCents: z.number(),
  remainingCents: z.number(),
  /** How the order is being billed: by lines, by progress, or not yet. */
  mode: z.enum(['lines', 'progress']).nullable(),
  /** The order's lines not yet on an invoice (billing by lines). */
  unbilledLines: z.array(z.uuid()),
  retentionPercent: z.number(),
  invoices: z.array(
    z.strictObject({
      _id: z.uuid(),
      name: z.string(),
      billing: z.enum(INVOICE_BILLINGS),
      status: z.enum(INVOICE_STATUSES),
      percent: z.number().nullable(),
      totalCents: z.number(),
      balanceCents: z.number(),
    }),
  ),
});
export type OrderBilling = z.output<typeof orderBillingSchema>;

/** The aging buckets, by days past due. */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'days90plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  days90plus: '90+ days',
};

const agingFigures = {
  current: z.number(),
  days1to30: z.number(),
  days31to60: z.number(),
  days61to90: z.number(),
  days90plus: z.number(),
  /** Open invoices' balances together. */
  openCents: z.number(),
  /** Money received or credited not yet applied to an invoice. */
  creditCents: z.number(),
  /** What the customer owes: open balances less their credit (negative: the firm owes them). */
  balanceCents: z.number(),
};

/** GET /receivables/aging: per customer, and together; `?customer=` or `?account=` for one. */
export const agingSchema = z.strictObject({
  asOf: z.string(),
  rows: z.array(
    z.strictObject({
      customer: personRefSchema,
      company: personRefSchema.nullable(),
      ...agingFigures,
    }),
  ),
  totals: z.strictObject(agingFigures),
});
export type Aging = z.output<typeof agingSchema>;
export const agingQuerySchema = z.strictObject({
  customer: z.uuid('Choose a customer from the list.').optional(),
  account: z.uuid('Choose an account from the list.').optional(),
});
