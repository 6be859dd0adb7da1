import { z } from 'zod';
import { centsSchema, costCentsSchema } from './products';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { STOCK_ITEM_TYPES, stockItemRefSchema, stockQuantity } from './stock';
import { addressSchema } from './warehouses';

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];
export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_received: 'Partially received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** How freight and other charges are spread over the lines (landed cost): by their value or their quantity. */
export const LANDED_COST_METHODS = ['value', 'quantity'] as const;
export const LANDED_COST_METHOD_LABELS = { value: 'By value', quantity: 'By quantity' } as const;

/** The most lines one purchase order takes. */
export const MAX_PURCHASE_ORDER_LINES = 500;

export const purchaseOrderLineInputSchema = z
  .strictObject({
    /** An existing line's id, when editing it (a line already received keeps its item). */
    id: z.uuid().optional(),
    /** The catalog item bought; none for what is no catalog item (a special order bought for a customer). */
    item: stockItemRefSchema.nullable().default(null),
    /** What a line without an item is (an item's line is called by the item's name). */
    name: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    /** The vendor's SKU of a line without an item (an item's comes from the vendor's items). */
    vendorSku: z.string().trim().max(64, 'Use at most 64 characters.').default(''),
    quantity: stockQuantity('the quantity'),
    /**
     * Cents to two decimals per unit; left out, the vendor's cost of the item (else its own
     * cost). A line without an item has no cost to fall back on: it says its own.
     */
    unitCost: costCentsSchema.optional(),
    expectedDate: calendarDateSchema.nullable().default(null),
  })
  .superRefine((line, ctx) => {
    if (line.item) return;
    if (!line.name) {
      ctx.addIssue({ code: 'custom', path: ['item'], message: 'Choose an item, or say what the line is.' });
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Say what the line is, or choose an item.' });
    }
    if (line.unitCost === undefined) ctx.addIssue({ code: 'custom', path: ['unitCost'], message: 'Enter the cost.' });
  });
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInputSchema>;

/** POST /purchase-orders and PUT /purchase-orders/{id}. Status changes go through the transitions. */
export const purchaseOrderInputSchema = z
  .strictObject({
    vendor: z.uuid('Choose a vendor.'),
    /** Where it is delivered: one of the firm's warehouses, or a typed address. */
    warehouse: z.uuid('Choose a warehouse.').nullable().default(null),
    shipTo: addressSchema.nullable().default(null),
    /** The job it is bought for; with no warehouse and no address, it ships to the job's site. */
    customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
    expectedDate: calendarDateSchema.nullable().default(null),
    /** Printed on the order for the vendor. */
    notes: z.string().trim().max(4000, 'Use at most 4,000 characters.').default(''),
    freightCents: centsSchema.default(0),
    otherChargesCents: centsSchema.default(0),
    allocation: z.enum(LANDED_COST_METHODS, { error: 'Choose how charges are spread.' }).default('value'),
    lines: z
      .array(purchaseOrderLineInputSchema)
      .min(1, 'Add at least one line.')
      .max(MAX_PURCHASE_ORDER_LINES, `Use at most ${MAX_PURCHASE_ORDER_LINES} lines.`),
  })
  .superRefine((po, ctx) => {
    if (po.warehouse === null && po.shipTo === null && po.customerJob === null)
      ctx.addIssue({
        code: 'custom',
        path: ['warehouse'],
        message: 'Choose a warehouse or type the address to ship to.',
      });
  });
export type PurchaseOrderInput = z.input<typeof purchaseOrderInputSchema>;

const lineItemSchema = z.strictObject({
  type: z.enum(STOCK_ITEM_TYPES),
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  materialId: z.uuid().nullable(),
  name: z.string(),
  sku: z.string(),
});

export const purchaseOrderLineSchema = z.strictObject({
  id: z.uuid(),
  /** None for a line that is no catalog item (a special order bought for a customer). */
  item: lineItemSchema.nullable(),
  /** The item's name, or what a line without an item is. */
  name: z.string(),
  /** The vendor's SKU: a line without an item's own, else the item's when the firm has one for this vendor. */
  vendorSku: z.string(),
  quantity: z.number(),
  unitCost: z.number(),
  /** Unit cost with its share of freight and charges: what receiving puts into the moving average. */
  landedUnitCost: z.number(),
  totalCents: z.number(),
  expectedDate: z.string().nullable(),
  received: z.number(),
  remaining: z.number(),
});
export type PurchaseOrderLine = z.output<typeof purchaseOrderLineSchema>;

export const purchaseReceiptSchema = z.strictObject({
  _id: z.uuid(),
  /** Where it arrived: a warehouse, or none when it was delivered to the job's site. */
  warehouse: personRefSchema.nullable(),
  deliveredToSite: z.boolean(),
  note: z.string(),
  lines: z.array(z.strictObject({ line: z.uuid(), name: z.string(), quantity: z.number() })),
  by: personRefSchema.nullable(),
  createdAt: z.string(),
  reversedAt: z.string().nullable(),
});
export type PurchaseReceipt = z.output<typeof purchaseReceiptSchema>;

/** A purchase order as its page reads it (GET /purchase-orders/{id}). */
export const purchaseOrderSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  /** Its number again, as every record's page and list names it. */
  name: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  /** 1 until a sent order is edited; each edit after sending is a new revision. */
  revision: z.number().int(),
  sentAt: z.string().nullable(),
  vendor: personRefSchema,
  warehouse: personRefSchema.nullable(),
  shipTo: addressSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  expectedDate: z.string().nullable(),
  notes: z.string(),
  freightCents: z.number(),
  otherChargesCents: z.number(),
  allocation: z.enum(LANDED_COST_METHODS),
  lines: z.array(purchaseOrderLineSchema),
  subtotalCents: z.number(),
  totalCents: z.number(),
  linesReceived: z.number().int(),
  receipts: z.array(purchaseReceiptSchema),
});
export type PurchaseOrder = z.output<typeof purchaseOrderSchema>;

/** A row of the purchase-order list (GET /purchase-orders). */
export const purchaseOrderRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  vendor: personRefSchema,
  status: z.enum(PURCHASE_ORDER_STATUSES),
  warehouse: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  expectedDate: z.string().nullable(),
  totalCents: z.number(),
  lineCount: z.number().int(),
  linesReceived: z.number().int(),
});
export type PurchaseOrderRow = z.output<typeof purchaseOrderRowSchema>;

/** POST /purchase-orders/{id}/receive: quantities per line into a warehouse, now. */
export const purchaseReceiveSchema = z.strictObject({
  /** Where it arrived: the order's warehouse unless said. */
  warehouse: z.uuid('Choose a warehouse.').optional(),
  /** Delivered straight to the job's site: received, but into no warehouse's stock. */
  deliveredToSite: z.boolean().default(false),
  note: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
  lines: z
    .array(
      z.strictObject({ line: z.uuid('Not a line of this order.'), quantity: stockQuantity('the quantity received') }),
    )
    .min(1, 'Receive at least one line.')
    .max(MAX_PURCHASE_ORDER_LINES),
  /** Receiving more than is left on a line must be confirmed. */
  confirmOverReceipt: z.boolean().default(false),
});
export type PurchaseReceiveInput = z.input<typeof purchaseReceiveSchema>;

/** GET /low-stock: what to reorder, per item and warehouse. */
export const lowStockQuerySchema = z.strictObject({
  warehouse: z.uuid().optional(),
  vendor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/**
 * An item at or below its reorder point on forecast: on hand, less what is committed to
 * confirmed orders, plus what arrives within the vendor's lead time (open purchase-order lines
 * into the warehouse, and transfers on their way to it).
 */
export const lowStockRowSchema = z.strictObject({
  item: lineItemSchema,
  warehouse: personRefSchema,
  onHand: z.number(),
  /** Held for confirmed orders, not yet handed over. */
  committed: z.number(),
  incoming: z.number(),
  forecast: z.number(),
  reorderPoint: z.number(),
  reorderQuantity: z.number(),
  /** The reorder quantity rounded up to whole packs of the vendor (and at least its minimum). */
  toOrder: z.number(),
  packSize: z.number().int(),
  vendor: personRefSchema.nullable(),
  /** The preferred vendor's cost per unit, in cents to two decimals. */
  unitCost: z.number().nullable(),
});
export type LowStockRow = z.output<typeof lowStockRowSchema>;
export const lowStockPageSchema = z.strictObject({ items: z.array(lowStockRowSchema), total: z.number().int() });
export type LowStockPage = z.output<typeof lowStockPageSchema>;

/** POST /low-stock/purchase-orders: draft orders, one per vendor and warehouse, from the rows ticked. */
export const lowStockOrderSchema = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        item: stockItemRefSchema,
        warehouse: z.uuid('Choose a warehouse.'),
        /** Left out: the row's quantity to order. */
        quantity: stockQuantity('the quantity').optional(),
      }),
    )
    .min(1, 'Tick at least one item.')
    .max(MAX_PURCHASE_ORDER_LINES, `Order at most ${MAX_PURCHASE_ORDER_LINES} items at once.`),
});
export type LowStockOrderInput = z.input<typeof lowStockOrderSchema>;
export const lowStockOrdersSchema = z.array(
  z.strictObject({ _id: z.uuid(), number: z.string(), vendor: personRefSchema, lines: z.number().int() }),
);

/** GET /vendors/{id}/analytics: what the firm spends with a vendor and how the vendor delivers, from real receipts. */
export const vendorAnalyticsSchema = z.strictObject({
  /** Received value (at landed cost) per month, the last twelve months, oldest first. */
  spend: z.array(z.strictObject({ month: z.string(), cents: z.number() })),
  /** Of the orders received in full that had an expected date, the share whose last receipt came by it. */
  onTimeRate: z.number().nullable(),
  /** Days from sending an order to its first receipt, on average. */
  averageLeadDays: z.number().nullable(),
  openOrders: z.number().int(),
});
export type VendorAnalytics = z.output<typeof vendorAnalyticsSchema>;
