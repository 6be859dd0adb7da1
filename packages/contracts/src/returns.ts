import { z } from 'zod';
import { PAYMENT_METHODS } from './payments';
import { personRefSchema, recordMetaShape, rowMetaShape } from './records';

export const RETURN_STATUSES = ['requested', 'approved', 'received', 'resolved', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  received: 'Received',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

export const RETURN_REASONS = [
  'damaged',
  'defective',
  'wrong_item',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong_item: 'Wrong item',
  not_as_described: 'Not as described',
  changed_mind: 'Changed their mind',
  other: 'Other',
};

/** What state an item comes back in: only a resellable one goes back on the shelf. */
export const RETURN_CONDITIONS = ['resellable', 'damaged', 'defective'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  resellable: 'Resellable',
  damaged: 'Damaged',
  defective: 'Defective',
};

/** How a received return is settled: credit the customer keeps, or their money paid back. */
export const RETURN_RESOLUTIONS = ['credit_memo', 'refund'] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
export const RETURN_RESOLUTION_LABELS: Record<ReturnResolution, string> = {
  credit_memo: 'Credit memo',
  refund: 'Refund',
};

export const MAX_RETURN_LINES = 200;

const words = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);
const quantity = z.coerce
  .number({ error: 'Enter the quantity.' })
  .gt(0, 'Use more than 0.')
  .max(1_000_000, 'Use at most 1,000,000.')
  .refine((v) => Math.round(v * 10_000) === v * 10_000, 'Use at most four decimals.');
const cents = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(0, 'Use 0 or more.')
  .max(100_000_000_000, 'That amount is too large.');

export const returnLineInputSchema = z.strictObject({
  /** The delivered order line coming back. */
  line: z.uuid('Choose a line of the order.'),
  quantity,
  reason: z.enum(RETURN_REASONS, { error: 'Choose a reason.' }),
  condition: z.enum(RETURN_CONDITIONS, { error: 'Choose the condition.' }).default('resellable'),
  note: words(500).default(''),
});

/**
 * POST /returns and PUT /returns/{id} (while requested): lines of one delivered order, never more
 * of a line than was delivered less what other returns already take back.
 */
export const returnInputSchema = z
  .strictObject({
    order: z.uuid('Choose an order from the list.'),
    lines: z
      .array(returnLineInputSchema)
      .min(1, 'Choose at least one line to return.')
      .max(MAX_RETURN_LINES, `At most ${MAX_RETURN_LINES} lines.`),
    /** Kept from what is credited; null: the firm's restocking fee percent of the returned goods. */
    restockingFeeCents: cents.nullable().default(null),
    notes: words(2000).default(''),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (seen.has(l.line)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'line'], message: 'Each line once.' });
      seen.add(l.line);
    });
  });
export type ReturnInput = z.input<typeof returnInputSchema>;

/** POST /returns/{id}/approve: the fee may be settled as it is approved. */
export const returnApproveSchema = z.strictObject({ restockingFeeCents: cents.nullable().default(null) });

/** POST /returns/{id}/reject: why. */
export const returnRejectSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the return is rejected.').max(500, 'Use at most 500 characters.'),
});

/**
 * POST /returns/{id}/receive: what came back, into which warehouse (the order's unless said), each
 * line's condition as found (as requested unless said). Resellable items go back into stock.
 */
export const returnReceiveSchema = z.strictObject({
  warehouse: z.uuid('Choose a warehouse from the list.').nullable().default(null),
  conditions: z
    .array(z.strictObject({ line: z.uuid('Not a line of this return.'), condition: z.enum(RETURN_CONDITIONS) }))
    .max(MAX_RETURN_LINES)
    .default([]),
});

/** POST /returns/{id}/resolve: a credit memo, or a refund (paid by this method). */
export const returnResolveSchema = z
  .strictObject({
    resolution: z.enum(RETURN_RESOLUTIONS, { error: 'Choose a credit memo or a refund.' }),
    method: z.enum(PAYMENT_METHODS).nullable().default(null),
    reference: words(120).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.resolution === 'refund' && !v.method)
      ctx.addIssue({ code: 'custom', path: ['method'], message: 'Choose how the money is paid back.' });
  });

export const returnLineSchema = z.strictObject({
  _id: z.uuid(),
  /** The order line it takes back. */
  line: z.uuid(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unit: z.string(),
  reason: z.enum(RETURN_REASONS),
  condition: z.enum(RETURN_CONDITIONS),
  note: z.string(),
  /** What it gives back (its share of the line's total, tax included). */
  creditCents: z.number(),
  /** Whether it went back into stock when received. */
  restocked: z.boolean(),
  /** Whether a vendor claim was opened for it. */
  claimed: z.boolean(),
});
export type ReturnLine = z.output<typeof returnLineSchema>;

/** A return as its page reads it (GET /returns/{id}). */
export const returnSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(RETURN_STATUSES),
  order: personRefSchema,
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  /** The delivery stop whose damage opened it. */
  deliveryRoute: personRefSchema.nullable(),
  lines: z.array(returnLineSchema),
  goodsCents: z.number(),
  restockingFeeCents: z.number(),
  creditCents: z.number(),
  notes: z.string(),
  warehouse: personRefSchema.nullable(),
  resolution: z.enum(RETURN_RESOLUTIONS).nullable(),
  creditMemo: personRefSchema.nullable(),
  refund: personRefSchema.nullable(),
  rejectReason: z.string(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Return = z.output<typeof returnSchema>;

export const returnRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(RETURN_STATUSES),
  order: personRefSchema,
  customer: personRefSchema,
  creditCents: z.number(),
  resolution: z.enum(RETURN_RESOLUTIONS).nullable(),
  requestedOn: z.string(),
});
export type ReturnRow = z.output<typeof returnRowSchema>;

/** An order line as the return form offers it: what was delivered and what is still returnable. */
export const returnableLineSchema = z.strictObject({
  line: z.uuid(),
  name: z.string(),
  sku: z.string(),
  unit: z.string(),
  delivered: z.number(),
  returned: z.number(),
  returnable: z.number(),
  unitCreditCents: z.number(),
});
export type ReturnableLine = z.output<typeof returnableLineSchema>;
