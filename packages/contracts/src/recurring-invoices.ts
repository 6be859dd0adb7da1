import { z } from 'zod';
import { documentLineInputSchema, lineItemSchema, MAX_DOCUMENT_LINES } from './orders';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

/** How often a recurring invoice is made: every month, every three months, every year. */
export const RECURRING_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const RECURRING_FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};
/** Months between two runs. */
export const RECURRING_MONTHS: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** What each run does with the invoice it makes: leave it a draft to check, or send it. */
export const RECURRING_ACTIONS = ['draft', 'send'] as const;
export type RecurringAction = (typeof RECURRING_ACTIONS)[number];
export const RECURRING_ACTION_LABELS: Record<RecurringAction, string> = {
  draft: 'Make a draft to check',
  send: 'Send it to the customer',
};

export const RECURRING_STATUSES = ['active', 'paused', 'ended'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

/**
 * POST /recurring-invoices and PUT /recurring-invoices/{id}: a maintenance plan or a rental, billed
 * on a schedule: its lines (priced at each run, so a catalog price change follows unless the
 * price is typed), how often and on which day of the month, from when and until when.
 */
export const recurringInvoiceInputSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'Name the plan (Monthly maintenance, Showroom rental…).')
      .max(120, 'Use at most 120 characters.'),
    customer: z.uuid('Choose a customer from the list.'),
    customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
    frequency: z.enum(RECURRING_FREQUENCIES, { error: 'Choose how often.' }),
    /** 1 to 28: every month has it. */
    dayOfMonth: z.coerce
      .number({ error: 'Enter the day of the month.' })
      .int('Use a whole day.')
      .min(1, 'Use 1 to 28.')
      .max(28, 'Use 1 to 28: every month has those days.'),
    /** The first invoice is made on the first such day on or after it. */
    startOn: calendarDateSchema,
    /** No invoice is made after it (none: until stopped). */
    endOn: calendarDateSchema.nullable().default(null),
    action: z.enum(RECURRING_ACTIONS, { error: 'Choose what each run does.' }).default('draft'),
    notes: z.string().trim().max(4000, 'Use at most 4000 characters.').default(''),
    lines: z
      .array(documentLineInputSchema)
      .min(1, 'Add what each invoice bills.')
      .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`),
  })
  .superRefine((v, ctx) => {
    if (v.endOn && v.endOn < v.startOn)
      ctx.addIssue({ code: 'custom', path: ['endOn'], message: 'The end is on or after the start.' });
  });
export type RecurringInvoiceInput = z.input<typeof recurringInvoiceInputSchema>;

/** A recurring invoice as its page reads it. */
export const recurringInvoiceSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  status: z.enum(RECURRING_STATUSES),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  dayOfMonth: z.number().int(),
  startOn: z.string(),
  endOn: z.string().nullable(),
  action: z.enum(RECURRING_ACTIONS),
  notes: z.string(),
  /** The lines as typed (each run prices them: a catalog price change follows unless the price was typed). */
  lines: z.array(documentLineInputSchema),
  /** The catalog items the lines name, as the catalog has them now (their names for the page). */
  items: z.array(lineItemSchema),
  totalCents: z.number(),
  /** The next day an invoice is made (none once ended). */
  nextRunOn: z.string().nullable(),
  lastRunOn: z.string().nullable(),
  /** The invoices it made, newest first. */
  invoices: z.array(
    z.strictObject({
      _id: z.uuid(),
      name: z.string(),
      status: z.string(),
      totalCents: z.number(),
      issueDate: z.string(),
    }),
  ),
});
export type RecurringInvoice = z.output<typeof recurringInvoiceSchema>;

export const recurringInvoiceRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  status: z.enum(RECURRING_STATUSES),
  customer: personRefSchema,
  frequency: z.enum(RECURRING_FREQUENCIES),
  nextRunOn: z.string().nullable(),
  totalCents: z.number(),
  action: z.enum(RECURRING_ACTIONS),
});
export type RecurringInvoiceRow = z.output<typeof recurringInvoiceRowSchema>;

/** The first day on or after `from` that is day `dayOfMonth` of its month (YYYY-MM-DD). */
export function firstRunOn(from: string, dayOfMonth: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const month = d <= dayOfMonth ? m - 1 : m;
  return new Date(Date.UTC(y, month, dayOfMonth)).toISOString().slice(0, 10);
}

/** The run after `day`: the same day of the month, `frequency` later. */
export function nextRunAfter(day: string, frequency: RecurringFrequency): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + RECURRING_MONTHS[frequency], d)).toISOString().slice(0, 10);
}
