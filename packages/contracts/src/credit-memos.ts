import { z } from 'zod';
import { applicationSchema } from './invoices';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const amountSchema = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(1, 'Use more than 0.')
  .max(100_000_000_000, 'That amount is too large.');

export const CREDIT_MEMO_STATUSES = ['open', 'applied', 'void'] as const;
export type CreditMemoStatus = (typeof CREDIT_MEMO_STATUSES)[number];
export const CREDIT_MEMO_STATUS_LABELS: Record<CreditMemoStatus, string> = {
  open: 'Open',
  applied: 'Used',
  void: 'Void',
};

/** POST /credit-memos and PUT /credit-memos/{id}: credit given to a customer, and why. */
export const creditMemoInputSchema = z.strictObject({
  customer: z.uuid('Choose a customer from the list.'),
  amountCents: amountSchema,
  reason: z.string().trim().min(1, 'Say why the customer is given credit.').max(500, 'Use at most 500 characters.'),
  issueDate: calendarDateSchema.nullable().default(null),
  customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
  notes: words(2000).default(''),
});
export type CreditMemoInput = z.input<typeof creditMemoInputSchema>;

/** POST /credit-memos/{id}/void: why. */
export const creditMemoVoidSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the credit memo is void.').max(500, 'Use at most 500 characters.'),
});

/** A credit memo as its page reads it (GET /credit-memos/{id}). */
export const creditMemoSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(CREDIT_MEMO_STATUSES),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  amountCents: z.number(),
  reason: z.string(),
  issueDate: z.string(),
  notes: z.string(),
  appliedCents: z.number(),
  refundedCents: z.number(),
  remainingCents: z.number(),
  applications: z.array(applicationSchema),
  /** The refunds paid out against it. */
  refunds: z.array(z.strictObject({ _id: z.uuid(), name: z.string(), amountCents: z.number(), date: z.string() })),
  voidReason: z.string(),
});
export type CreditMemo = z.output<typeof creditMemoSchema>;

export const creditMemoRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(CREDIT_MEMO_STATUSES),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  amountCents: z.number(),
  issueDate: z.string(),
  reason: z.string(),
  remainingCents: z.number(),
});
export type CreditMemoRow = z.output<typeof creditMemoRowSchema>;
