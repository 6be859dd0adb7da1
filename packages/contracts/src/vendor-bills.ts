import { z } from 'zod';
import { AGING_BUCKETS } from './invoices';
import { PAYMENT_METHODS } from './payments';
import { divRoundHalfUp } from './pricing';
import { centsSchema, costCentsSchema } from './products';
import { MAX_PURCHASE_ORDER_LINES } from './purchase-orders';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { stockQuantity } from './stock';

/**
 * Payables (decision 0046): bills from vendors, matched to what was received on their purchase
 * orders; credits vendors give the firm; the firm's payments to vendors; and what it owes, by
 * days past due.
 */

/**
 * A bill's state: a draft (entered but not yet owed: a bill matched with differences waits here
 * for approval), then open, partially paid and paid as money is applied; or void.
 */
export const VENDOR_BILL_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export type VendorBillStatus = (typeof VENDOR_BILL_STATUSES)[number];
export const VENDOR_BILL_STATUS_LABELS: Record<VendorBillStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
};
/** The states in which a bill is owed: payments and credits may be applied to it. */
export const OPEN_VENDOR_BILL_STATUSES = ['open', 'partially_paid'] as const satisfies readonly VendorBillStatus[];

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
const amountSchema = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(1, 'Use more than 0.')
  .max(100_000_000_000, 'That amount is too large.');

/**
 * A bill's line: a received purchase-order line of the bill's vendor (quantity billed, and the
 * unit cost billed: the order's unless said), or a line of its own (freight, a fuel surcharge)
 * that says what it is and its cost.
 */
export const vendorBillLineInputSchema = z
  .strictObject({
    purchaseOrderLine: z.uuid('Choose a line of one of the vendor’s purchase orders.').nullable().default(null),
    description: words(200).default(''),
    quantity: stockQuantity('the quantity billed'),
    /** Cents to two decimals per unit. Left out on an order's line: the order's cost. */
    unitCost: costCentsSchema.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.purchaseOrderLine) return;
    if (!line.description)
      ctx.addIssue({
        code: 'custom',
        path: ['description'],
        message: 'Say what the line is (freight, a charge), or choose a purchase-order line.',
      });
    if (line.unitCost === undefined) ctx.addIssue({ code: 'custom', path: ['unitCost'], message: 'Enter the cost.' });
  });
export type VendorBillLineInput = z.input<typeof vendorBillLineInputSchema>;

/**
 * POST /vendor-bills and PUT /vendor-bills/{id} (a draft, or an open bill nothing is applied
 * to): the vendor's bill as it came. Its state changes through `enter`, `approve` and `void`.
 */
export const vendorBillInputSchema = z
  .strictObject({
    vendor: z.uuid('Choose a vendor.'),
    /** The vendor's own number for the bill: one bill per number and vendor. */
    billNumber: z.string().trim().min(1, 'Enter the vendor’s bill number.').max(60, 'Use at most 60 characters.'),
    /** The day it is dated: today unless said. */
    billDate: calendarDateSchema.nullable().default(null),
    /** The day it is due: the bill date plus the vendor's payment terms unless said. */
    dueDate: calendarDateSchema.nullable().default(null),
    /** The tax the vendor's bill shows. */
    taxCents: centsSchema.default(0),
    notes: words(2000).default(''),
    lines: z
      .array(vendorBillLineInputSchema)
      .min(1, 'Add at least one line.')
      .max(MAX_PURCHASE_ORDER_LINES, `Use at most ${MAX_PURCHASE_ORDER_LINES} lines.`),
  })
  .superRefine((v, ctx) => {
    if (v.billDate && v.dueDate && v.dueDate < v.billDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'The due date is on or after the bill date.' });
    const seen = new Set<string>();
    v.lines.forEach((l, i) => {
      if (!l.purchaseOrderLine) return;
      if (seen.has(l.purchaseOrderLine))
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'purchaseOrderLine'],
          message: 'This purchase-order line is on the bill twice: bill it on one line.',
        });
      seen.add(l.purchaseOrderLine);
    });
  });
export type VendorBillInput = z.input<typeof vendorBillInputSchema>;
export type VendorBillValues = z.output<typeof vendorBillInputSchema>;

/** A quantity as bills keep it: ten-thousandths. */
export const billQuantityE4 = (quantity: number) => Math.round(quantity * 10_000);
/** A unit cost as bills keep it: hundredths of a cent. */
export const billCostHc = (unitCostCents: number) => Math.round(unitCostCents * 100);
/** Quantity (ten-thousandths) × unit cost (hundredths of a cent) = cents × 10⁶, rounded half-up to the cent. */
export const billLineCentsOf = (quantityE4: number, unitCostHc: number) =>
  Number(divRoundHalfUp(BigInt(quantityE4) * BigInt(unitCostHc), 1_000_000n));

/**
 * A bill line's money: quantity × unit cost, rounded half-up to the cent (quantity in
 * ten-thousandths × cost in hundredths of a cent = cents × 10⁶). The server's and the form's.
 */
export const billLineCents = (quantity: number, unitCostCents: number) =>
  billLineCentsOf(billQuantityE4(quantity), billCostHc(unitCostCents));

/**
 * How a bill's line of an order matches it: billed beyond what arrived and other bills did not
 * already bill, or at another unit cost than ordered (left out: the order's).
 */
export function billLineFlags(
  line: { received: number; billed: number; unitCost: number },
  quantity: number,
  unitCostCents?: number,
): { overBilled: boolean; costDiffers: boolean } {
  return {
    overBilled: billQuantityE4(quantity) > billQuantityE4(line.received) - billQuantityE4(line.billed),
    costDiffers: unitCostCents !== undefined && billCostHc(unitCostCents) !== billCostHc(line.unitCost),
  };
}

/** POST /vendor-bills/{id}/void: why. */
export const vendorBillVoidSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the bill is void.').max(500, 'Use at most 500 characters.'),
});

/**
 * A bill's line as its page reads it. A purchase-order line's matching was worked out when the
 * bill was last written: what had been received, what other bills had billed of it, the
 * order's cost, and the two flags (billed beyond what was received and not yet billed; at
 * another cost than the order's).
 */
export const vendorBillLineSchema = z.strictObject({
  id: z.uuid(),
  purchaseOrderLine: z.uuid().nullable(),
  purchaseOrder: personRefSchema.nullable(),
  /** The order line's item (or its own words), or what a line of the bill's own is. */
  description: z.string(),
  sku: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  totalCents: z.number(),
  /** The order line's unit cost. */
  orderedUnitCost: z.number().nullable(),
  received: z.number().nullable(),
  /** What other bills had billed of the order line. */
  billedElsewhere: z.number().nullable(),
  overBilled: z.boolean(),
  costDiffers: z.boolean(),
});
export type VendorBillLine = z.output<typeof vendorBillLineSchema>;

/** Money on a bill: a share of a payment to the vendor or of a credit they gave. */
export const billApplicationSchema = z.strictObject({
  _id: z.uuid(),
  /** The payment or credit, by its name ("Bill payment 4", "VC-2"). */
  source: personRefSchema,
  sourceType: z.enum(['bill_payment', 'vendor_credit']),
  bill: personRefSchema,
  amountCents: z.number(),
  date: z.string(),
});
export type BillApplication = z.output<typeof billApplicationSchema>;

/** A bill as its page reads it (GET /vendor-bills/{id}). */
export const vendorBillSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  billNumber: z.string(),
  status: z.enum(VENDOR_BILL_STATUSES),
  vendor: personRefSchema,
  billDate: z.string(),
  dueDate: z.string(),
  paymentTermsDays: z.number().int(),
  notes: z.string(),
  lines: z.array(vendorBillLineSchema),
  /** The purchase orders its lines bill. */
  purchaseOrders: z.array(personRefSchema),
  subtotalCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  paidCents: z.number(),
  creditedCents: z.number(),
  balanceCents: z.number(),
  overdue: z.boolean(),
  /** Some line differs from what was received or ordered. */
  flagged: z.boolean(),
  /** Flagged and not yet approved: it cannot be entered, or paid, until it is. */
  needsApproval: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: personRefSchema.nullable(),
  applications: z.array(billApplicationSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string(),
});
export type VendorBill = z.output<typeof vendorBillSchema>;

export const vendorBillRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  billNumber: z.string(),
  vendor: personRefSchema,
  status: z.enum(VENDOR_BILL_STATUSES),
  billDate: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  needsApproval: z.boolean(),
  totalCents: z.number(),
  balanceCents: z.number(),
});
export type VendorBillRow = z.output<typeof vendorBillRowSchema>;

/** GET /vendor-bills/billable?vendor=: the received lines of the vendor's purchase orders, to bill. */
export const billableQuerySchema = z.strictObject({
  vendor: z.uuid('Choose a vendor.'),
  /** The bill being edited: its own lines do not count as billed elsewhere. */
  bill: z.uuid('Not a bill.').optional(),
  purchaseOrder: z.uuid('Not a purchase order.').optional(),
});
export const billableLineSchema = z.strictObject({
  purchaseOrder: personRefSchema,
  line: z.uuid(),
  description: z.string(),
  sku: z.string(),
  ordered: z.number(),
  received: z.number(),
  /** Billed on other bills (not void). */
  billed: z.number(),
  /** Received and not yet billed (never below 0). */
  billable: z.number(),
  unitCost: z.number(),
});
export type BillableLine = z.output<typeof billableLineSchema>;
export const billableLinesSchema = z.array(billableLineSchema);

/** Money put on bills: which bill, how much. */
export const billApplicationsInputSchema = z
  .array(z.strictObject({ bill: z.uuid('Choose a bill from the list.'), amountCents: amountSchema }))
  .max(MAX_PURCHASE_ORDER_LINES, `Use at most ${MAX_PURCHASE_ORDER_LINES} bills.`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      if (seen.has(a.bill)) ctx.addIssue({ code: 'custom', path: [i, 'bill'], message: 'This bill is named twice.' });
      seen.add(a.bill);
    });
  });

/** POST /bill-payments/{id}/apply and /vendor-credits/{id}/apply: more of what is left on bills. */
export const billApplySchema = z.strictObject({
  applications: billApplicationsInputSchema.refine((l) => l.length > 0, 'Choose a bill.'),
});
export type BillApplyInput = z.input<typeof billApplySchema>;
/** POST /bill-payments/{id}/unapply and /vendor-credits/{id}/unapply: take it off a bill again. */
export const billUnapplySchema = z.strictObject({ bill: z.uuid('Choose a bill from the list.') });

export const VENDOR_CREDIT_STATUSES = ['open', 'applied', 'void'] as const;
export type VendorCreditStatus = (typeof VENDOR_CREDIT_STATUSES)[number];
export const VENDOR_CREDIT_STATUS_LABELS: Record<VendorCreditStatus, string> = {
  open: 'Open',
  applied: 'Used',
  void: 'Void',
};

/** POST /vendor-credits and PUT /vendor-credits/{id}: credit a vendor gave the firm, and why. */
export const vendorCreditInputSchema = z.strictObject({
  vendor: z.uuid('Choose a vendor.'),
  amountCents: amountSchema,
  reason: z.string().trim().min(1, 'Say why the vendor gave credit.').max(500, 'Use at most 500 characters.'),
  /** The vendor's own number for it (their credit memo). */
  reference: words(60).default(''),
  issueDate: calendarDateSchema.nullable().default(null),
  notes: words(2000).default(''),
});
export type VendorCreditInput = z.input<typeof vendorCreditInputSchema>;

/** POST /vendor-credits/{id}/void: why. */
export const vendorCreditVoidSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the credit is void.').max(500, 'Use at most 500 characters.'),
});

export const vendorCreditSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(VENDOR_CREDIT_STATUSES),
  vendor: personRefSchema,
  amountCents: z.number(),
  reason: z.string(),
  reference: z.string(),
  issueDate: z.string(),
  notes: z.string(),
  appliedCents: z.number(),
  remainingCents: z.number(),
  /** The vendor claim it settles, when it came from one. */
  vendorClaim: z.uuid().nullable(),
  applications: z.array(billApplicationSchema),
  voidReason: z.string(),
});
export type VendorCredit = z.output<typeof vendorCreditSchema>;

export const vendorCreditRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(VENDOR_CREDIT_STATUSES),
  vendor: personRefSchema,
  amountCents: z.number(),
  remainingCents: z.number(),
  issueDate: z.string(),
  reason: z.string(),
});
export type VendorCreditRow = z.output<typeof vendorCreditRowSchema>;

/**
 * POST /bill-payments and PUT /bill-payments/{id}: money the firm paid a vendor, from one of its
 * money accounts, and the bills it pays (what is not applied is an advance: the vendor's credit
 * to the firm). POST honours an `Idempotency-Key`.
 */
export const billPaymentInputSchema = z
  .strictObject({
    vendor: z.uuid('Choose a vendor.'),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' }),
    amountCents: amountSchema,
    paidOn: calendarDateSchema.nullable().default(null),
    reference: words(120).default(''),
    notes: words(2000).default(''),
    /** The firm's bank, card or cash account it was paid from. */
    moneyAccount: z.uuid('Choose an account from the list.').nullable().default(null),
    applications: billApplicationsInputSchema.default([]),
  })
  .superRefine((v, ctx) => {
    const applied = v.applications.reduce((s, a) => s + a.amountCents, 0);
    if (applied > v.amountCents)
      ctx.addIssue({
        code: 'custom',
        path: ['applications'],
        message: 'The bills are given more than the payment: lower what goes to each.',
      });
  });
export type BillPaymentInput = z.input<typeof billPaymentInputSchema>;

export const billPaymentSchema = z.strictObject({
  ...recordMetaShape,
  number: z.number().int(),
  name: z.string(),
  vendor: personRefSchema,
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number(),
  paidOn: z.string(),
  reference: z.string(),
  notes: z.string(),
  moneyAccount: personRefSchema.nullable(),
  appliedCents: z.number(),
  unappliedCents: z.number(),
  applications: z.array(billApplicationSchema),
});
export type BillPayment = z.output<typeof billPaymentSchema>;

export const billPaymentRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.number().int(),
  name: z.string(),
  vendor: personRefSchema,
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number(),
  paidOn: z.string(),
  reference: z.string(),
  moneyAccount: personRefSchema.nullable(),
  unappliedCents: z.number(),
});
export type BillPaymentRow = z.output<typeof billPaymentRowSchema>;

const agingFigures = {
  ...(Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.number()])) as Record<
    (typeof AGING_BUCKETS)[number],
    z.ZodNumber
  >),
  /** What open bills come to. */
  openCents: z.number(),
  /** Vendor credits not yet used, and payments not yet on a bill. */
  creditCents: z.number(),
  /** Open − credit: what the firm owes the vendor (negative: the vendor owes the firm). */
  balanceCents: z.number(),
};

/** GET /payables/aging: what the firm owes, per vendor and together; `?vendor=` for one. */
export const payablesAgingSchema = z.strictObject({
  asOf: z.string(),
  rows: z.array(z.strictObject({ vendor: personRefSchema, ...agingFigures })),
  totals: z.strictObject(agingFigures),
});
export type PayablesAging = z.output<typeof payablesAgingSchema>;
export const payablesAgingQuerySchema = z.strictObject({
  vendor: z.uuid('Choose a vendor from the list.').optional(),
});
