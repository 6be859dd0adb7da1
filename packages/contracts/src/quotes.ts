import { z } from 'zod';
import { discountSchema, documentLineInputSchema, documentLineSchema, MAX_DOCUMENT_LINES } from './orders';
import { centsSchema } from './products';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { addressSchema } from './warehouses';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * POST /quotes and PUT /quotes/{id}: priced lines for a customer, valid until a date (the quote
 * settings' days from today unless said). Lines may be optional (the customer ticks them) or
 * alternatives of a group (good / better / best) of which one is chosen. Editing a sent quote
 * makes its next revision.
 */
export const quoteInputSchema = z.strictObject({
  customer: z.uuid('Choose a customer from the list.'),
  customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
  validUntil: calendarDateSchema.nullable().default(null),
  /** Where it would go (and whose tax applies): the customer's shipping address unless said. */
  shipTo: addressSchema.nullable().default(null),
  notes: z.string().trim().max(4000, 'Use at most 4,000 characters.').default(''),
  discount: discountSchema.nullable().default(null),
  shippingCents: centsSchema.default(0),
  lines: z
    .array(documentLineInputSchema)
    .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`)
    .default([]),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteValues = z.output<typeof quoteInputSchema>;

const revisionLineSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number(),
  totalCents: z.number(),
});

/** What changed from one revision to the next (diffRevisions). */
export const revisionChangeSchema = z.discriminatedUnion('change', [
  z.strictObject({ change: z.literal('added'), name: z.string(), after: revisionLineSchema }),
  z.strictObject({ change: z.literal('removed'), name: z.string(), before: revisionLineSchema }),
  z.strictObject({
    change: z.literal('changed'),
    name: z.string(),
    before: revisionLineSchema,
    after: revisionLineSchema,
  }),
]);

/** A revision as it was sent, and what changed from the one before it. */
export const quoteRevisionSchema = z.strictObject({
  revision: z.number().int(),
  sentAt: z.string(),
  totalCents: z.number(),
  changes: z.array(revisionChangeSchema),
});
export type QuoteRevision = z.output<typeof quoteRevisionSchema>;

/** A quote as its page reads it (GET /quotes/{id}). */
export const quoteSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** The document's revision: 1 until a sent quote is edited. (`version` stays the concurrency counter.) */
  revision: z.number().int(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  validUntil: z.string(),
  shipTo: addressSchema.nullable(),
  notes: z.string(),
  discount: discountSchema.nullable(),
  shippingCents: z.number(),
  taxExempt: z.boolean(),
  lines: z.array(documentLineSchema),
  subtotalCents: z.number(),
  lineDiscountCents: z.number(),
  orderDiscountCents: z.number(),
  couponCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The order it became when accepted. */
  order: personRefSchema.nullable(),
  /** Revisions sent, newest first, each with what changed from the one before. */
  revisions: z.array(quoteRevisionSchema),
  /** What changed since the last revision sent, while the next one is being edited. */
  unsent: z.array(revisionChangeSchema),
});
export type Quote = z.output<typeof quoteSchema>;

/** A row of the quotes list (GET /quotes). */
export const quoteRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(QUOTE_STATUSES),
  revision: z.number().int(),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  validUntil: z.string(),
  totalCents: z.number(),
});
export type QuoteRow = z.output<typeof quoteRowSchema>;

/**
 * POST /quotes/{id}/accept: the customer said yes, with the optional items they ticked and the
 * alternative they chose of each group (left out: as the quote stands). The quote becomes an order.
 */
export const quoteAcceptSchema = z.strictObject({
  selected: z.array(z.uuid('Not a line of this quote.')).max(MAX_DOCUMENT_LINES).optional(),
  chosen: z.array(z.uuid('Not a line of this quote.')).max(MAX_DOCUMENT_LINES).optional(),
});
export type QuoteAcceptInput = z.input<typeof quoteAcceptSchema>;
