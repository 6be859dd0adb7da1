import { z } from 'zod';
import { applicationSchema } from './invoices';
import { MAX_DOCUMENT_LINES } from './orders';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

export const PAYMENT_METHODS = ['cash', 'check', 'card', 'bank_transfer', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const amountSchema = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(1, 'Use more than 0.')
  .max(100_000_000_000, 'That amount is too large.');

/** Money put on invoices: which invoice, how much. */
export const applicationsInputSchema = z
  .array(z.strictObject({ invoice: z.uuid('Choose an invoice from the list.'), amountCents: amountSchema }))
  .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} invoices.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      if (seen.has(a.invoice))
        ctx.addIssue({ code: 'custom', path: [i, 'invoice'], message: 'This invoice is named twice.' });
      seen.add(a.invoice);
    });
  });
export type ApplicationsInput = z.input<typeof applicationsInputSchema>;

/**
 * POST /payments and PUT /payments/{id}: money received from a customer, and the invoices it pays
 * (what is not applied is their credit). A refund is money paid back: `refund` with the credit
 * memo it pays out, applied to no invoice. POST honours an `Idempotency-Key`.
 */
export const paymentInputSchema = z
  .strictObject({
    customer: z.uuid('Choose a customer from the list.'),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' }),
    amountCents: amountSchema,
    receivedOn: calendarDateSchema.nullable().default(null),
    reference: words(120).default(''),
    notes: words(2000).default(''),
    /** Money paid back to the customer against this credit memo (a refund). */
    refund: z.uuid('Choose a credit memo from the list.').nullable().default(null),
    applications: applicationsInputSchema.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.refund && v.applications.length)
      ctx.addIssue({ code: 'custom', path: ['applications'], message: 'A refund pays no invoice.' });
    const applied = v.applications.reduce((s, a) => s + a.amountCents, 0);
    if (applied > v.amountCents)
      ctx.addIssue({
        code: 'custom',
        path: ['applications'],
        message: 'The invoices are given more than the payment: lower what goes to each.',
      });
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentValues = z.output<typeof paymentInputSchema>;

/** POST /payments/{id}/apply and /credit-memos/{id}/apply: more of what is left on invoices. */
export const applySchema = z.strictObject({
  applications: applicationsInputSchema.refine((l) => l.length > 0, 'Choose an invoice.'),
});
export type ApplyInput = z.input<typeof applySchema>;
/** POST /payments/{id}/unapply and /credit-memos/{id}/unapply: take it off an invoice again. */
export const unapplySchema = z.strictObject({ invoice: z.uuid('Choose an invoice from the list.') });

/** A payment as its page reads it (GET /payments/{id}). Refunds have a negative amount. */
export const paymentSchema = z.strictObject({
  ...recordMetaShape,
  number: z.number().int(),
  name: z.string(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number(),
  receivedOn: z.string(),
  reference: z.string(),
  notes: z.string(),
  refund: personRefSchema.nullable(),
  appliedCents: z.number(),
  unappliedCents: z.number(),
  applications: z.array(applicationSchema),
});
export type Payment = z.output<typeof paymentSchema>;

export const paymentRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.number().int(),
  name: z.string(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number(),
  receivedOn: z.string(),
  reference: z.string(),
  appliedCents: z.number(),
  unappliedCents: z.number(),
});
export type PaymentRow = z.output<typeof paymentRowSchema>;
