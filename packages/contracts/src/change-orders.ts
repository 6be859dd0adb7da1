import { z } from 'zod';
import { documentLineInputSchema, documentLineSchema, MAX_DOCUMENT_LINES } from './orders';
import { approvalRecordSchema, proposalLinkSchema } from './proposals';
import { revisionChangeSchema } from './quotes';
import { personRefSchema, recordMetaShape, rowMetaShape } from './records';

export const CHANGE_ORDER_STATUSES = ['draft', 'sent', 'approved', 'declined'] as const;
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];
export const CHANGE_ORDER_STATUS_LABELS: Record<ChangeOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  approved: 'Approved',
  declined: 'Declined',
};

/** How the customer said yes: told the staff, or signed through the link they were sent (online). */
export const APPROVAL_METHODS = ['in_person', 'phone', 'email', 'signed_document', 'online'] as const;
export type ApprovalMethod = (typeof APPROVAL_METHODS)[number];
export const APPROVAL_METHOD_LABELS: Record<ApprovalMethod, string> = {
  in_person: 'In person',
  phone: 'By phone',
  email: 'By email',
  signed_document: 'Signed document',
  online: 'Online, signed',
};
/** What the staff may record by hand: an online approval is only ever the customer's own, through their link. */
export const HAND_APPROVAL_METHODS = [
  'in_person',
  'phone',
  'email',
  'signed_document',
] as const satisfies readonly Exclude<ApprovalMethod, 'online'>[];

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/**
 * POST /change-orders and PUT /change-orders/{id}: the lines a confirmed order should have, and
 * why. A line's `id` names the order's line it keeps or changes; a line without one is added; an
 * order line left out is removed. Prices of kept lines stay as sold unless typed.
 */
export const changeOrderInputSchema = z.strictObject({
  order: z.uuid('Choose an order from the list.'),
  reason: z.string().trim().min(1, 'Say why the order changes.').max(2000, 'Use at most 2,000 characters.'),
  lines: z
    .array(documentLineInputSchema)
    .min(1, 'An order keeps at least one line: cancel it instead.')
    .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`),
});
export type ChangeOrderInput = z.input<typeof changeOrderInputSchema>;
export type ChangeOrderValues = z.output<typeof changeOrderInputSchema>;

/** POST /change-orders/{id}/approve: the staff record who approved it, when, and how. */
export const changeOrderApproveSchema = z.strictObject({
  approvedBy: z.string().trim().min(1, 'Enter who approved it.').max(200, 'Use at most 200 characters.'),
  method: z.enum(HAND_APPROVAL_METHODS, { error: 'Choose how it was approved.' }),
  /** When the customer approved it: now unless said (never in the future). */
  approvedAt: z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable().default(null),
  note: words(1000).default(''),
});
export type ChangeOrderApproveInput = z.input<typeof changeOrderApproveSchema>;

/** POST /change-orders/{id}/decline: why, for the history. */
export const changeOrderDeclineSchema = z.strictObject({ reason: words(500).default('') });

/** A change order's line: a document line, and the order line it changes (null: added). */
export const changeOrderLineSchema = documentLineSchema.extend({ orderLine: z.uuid().nullable() });
export type ChangeOrderLine = z.output<typeof changeOrderLineSchema>;

/** A change order as its page reads it (GET /change-orders/{id}). */
export const changeOrderSchema = z.strictObject({
  ...recordMetaShape,
  number: z.number().int(),
  /** "SO-1042 · change 2". */
  name: z.string(),
  /** Its place among its order's change orders: 1, 2… */
  sequence: z.number().int(),
  status: z.enum(CHANGE_ORDER_STATUSES),
  order: personRefSchema,
  orderStatus: z.string(),
  customer: personRefSchema,
  reason: z.string(),
  lines: z.array(changeOrderLineSchema),
  subtotalCents: z.number(),
  lineDiscountCents: z.number(),
  orderDiscountCents: z.number(),
  couponCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  shippingCents: z.number(),
  totalCents: z.number(),
  /** The order's total it changes (as the order stands now, or stood when it was approved). */
  previousTotalCents: z.number(),
  /** What changes: lines added, removed, repriced or requantified. */
  changes: z.array(revisionChangeSchema),
  /** The order's revision it was written against, and the one its approval made. */
  baseRevision: z.number().int(),
  revision: z.number().int().nullable(),
  /** The order changed since it was written (another change was approved): save it again first. */
  stale: z.boolean(),
  sentAt: z.string().nullable(),
  approval: z
    .strictObject({
      by: z.string(),
      method: z.enum(APPROVAL_METHODS),
      at: z.string(),
      note: z.string(),
      recordedBy: personRefSchema.nullable(),
    })
    .nullable(),
  declinedAt: z.string().nullable(),
  /** The link sent to approve it online (null before the first send, or without proposals). */
  link: proposalLinkSchema.nullable(),
  /** The customer's decisions through that link, newest first, each kept with its evidence. */
  approvals: z.array(approvalRecordSchema),
});
export type ChangeOrder = z.output<typeof changeOrderSchema>;

/** A row of the change orders list (GET /change-orders; `?order=` for one order's). */
export const changeOrderRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  status: z.enum(CHANGE_ORDER_STATUSES),
  order: personRefSchema,
  customer: personRefSchema,
  reason: z.string(),
  previousTotalCents: z.number(),
  totalCents: z.number(),
});
export type ChangeOrderRow = z.output<typeof changeOrderRowSchema>;

/** An order's revision: its lines and total after confirmation (1) and after each approved change order. */
export const orderRevisionSchema = z.strictObject({
  revision: z.number().int(),
  at: z.string(),
  totalCents: z.number(),
  changeOrder: personRefSchema.nullable(),
  changes: z.array(revisionChangeSchema),
});
export type OrderRevision = z.output<typeof orderRevisionSchema>;
