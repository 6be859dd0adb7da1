import { z } from 'zod';
import { personRefSchema, recordMetaShape, rowMetaShape } from './records';

export const VENDOR_CLAIM_STATUSES = ['open', 'credited', 'replaced', 'rejected'] as const;
export type VendorClaimStatus = (typeof VENDOR_CLAIM_STATUSES)[number];
export const VENDOR_CLAIM_STATUS_LABELS: Record<VendorClaimStatus, string> = {
  open: 'Open',
  credited: 'Credited',
  replaced: 'Replaced',
  rejected: 'Rejected',
};

export const VENDOR_CLAIM_REASONS = ['damaged', 'defective', 'wrong_item', 'short', 'other'] as const;
export type VendorClaimReason = (typeof VENDOR_CLAIM_REASONS)[number];
export const VENDOR_CLAIM_REASON_LABELS: Record<VendorClaimReason, string> = {
  damaged: 'Damaged',
  defective: 'Defective',
  wrong_item: 'Wrong item',
  short: 'Short shipped',
  other: 'Other',
};

export const MAX_CLAIM_PHOTOS = 10;

const quantity = z.coerce
  .number({ error: 'Enter the quantity.' })
  .gt(0, 'Use more than 0.')
  .max(1_000_000, 'Use at most 1,000,000.')
  .refine((v) => Math.round(v * 10_000) === v * 10_000, 'Use at most four decimals.');

/**
 * POST /vendor-claims and PUT /vendor-claims/{id} (while open): a received purchase-order line,
 * how many of it, and why; opened from a return's line or from the receipt itself.
 */
export const vendorClaimInputSchema = z.strictObject({
  purchaseOrderLine: z.uuid('Choose a line of a purchase order.'),
  quantity,
  reason: z.enum(VENDOR_CLAIM_REASONS, { error: 'Choose a reason.' }),
  /** The return line the customer brought back, when the claim comes from a return. */
  returnLine: z.uuid('Not a line of a return.').nullable().default(null),
  /** Uploaded images (POST /files) showing the damage. */
  photos: z
    .array(z.uuid('Not an uploaded photo.'))
    .max(MAX_CLAIM_PHOTOS, `At most ${MAX_CLAIM_PHOTOS} photos.`)
    .default([]),
  notes: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
});
export type VendorClaimInput = z.input<typeof vendorClaimInputSchema>;

/** POST /vendor-claims/{id}/credit: the vendor credits the firm (cost of the claimed items unless said). */
export const vendorClaimCreditSchema = z.strictObject({
  amountCents: z.coerce
    .number({ error: 'Enter an amount.' })
    .int('Use whole cents.')
    .min(1, 'Use more than 0.')
    .max(100_000_000_000, 'That amount is too large.')
    .nullable()
    .default(null),
});

/** POST /vendor-claims/{id}/replace: the replacement arrived into this warehouse (the purchase order's unless said). */
export const vendorClaimReplaceSchema = z.strictObject({
  warehouse: z.uuid('Choose a warehouse from the list.').nullable().default(null),
});

/** POST /vendor-claims/{id}/reject: the vendor's answer. */
export const vendorClaimRejectSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the vendor refused it.').max(500, 'Use at most 500 characters.'),
});

/** A claim as its page reads it. */
export const vendorClaimSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(VENDOR_CLAIM_STATUSES),
  vendor: personRefSchema,
  purchaseOrder: personRefSchema,
  purchaseOrderLine: z.uuid(),
  item: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unitCostCents: z.number(),
  reason: z.enum(VENDOR_CLAIM_REASONS),
  return: personRefSchema.nullable(),
  returnLine: z.uuid().nullable(),
  photos: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
  notes: z.string(),
  creditCents: z.number(),
  /** The vendor credit its "credited" made. */
  vendorCredit: personRefSchema.nullable(),
  rejectReason: z.string(),
  openedOn: z.string(),
  resolvedAt: z.string().nullable(),
});
export type VendorClaim = z.output<typeof vendorClaimSchema>;

export const vendorClaimRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(VENDOR_CLAIM_STATUSES),
  vendor: personRefSchema,
  purchaseOrder: personRefSchema,
  item: z.string(),
  quantity: z.number(),
  openedOn: z.string(),
});
export type VendorClaimRow = z.output<typeof vendorClaimRowSchema>;
