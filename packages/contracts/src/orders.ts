import { z } from 'zod';
import { centsSchema, costCentsSchema, measure } from './products';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';
import { STOCK_ITEM_TYPES, stockItemRefSchema, stockQuantity } from './stock';
import { addressSchema } from './warehouses';

export const ORDER_STATUSES = ['draft', 'confirmed', 'fulfilled', 'closed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  fulfilled: 'Fulfilled',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

/** How the customer gets it: delivered (a delivery route), shipped (an outbound shipment) or picked up. */
export const FULFILMENT_METHODS = ['delivery', 'shipment', 'pickup'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];
export const FULFILMENT_METHOD_LABELS: Record<FulfilmentMethod, string> = {
  delivery: 'Delivery',
  shipment: 'Shipment',
  pickup: 'Picked up in store',
};

/** A catalog item (product, variant, material), a special-order item (not stocked), or a line of words and a price. */
export const ORDER_LINE_KINDS = ['item', 'special', 'text'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/** The most lines one order or quote takes. */
export const MAX_DOCUMENT_LINES = 500;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** A discount: a percentage (two decimals) or an amount in cents. */
export const discountSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('percent'),
      percent: z.coerce
        .number({ error: 'Enter the percentage.' })
        .gt(0, 'Use more than 0.')
        .max(100, 'Use at most 100 %.')
        .refine(twoDecimals, 'Use at most two decimals.'),
    }),
    z.strictObject({ kind: z.literal('amount'), cents: centsSchema.refine((v) => v > 0, 'Use more than 0.') }),
  ],
  { error: 'Choose a percentage or an amount.' },
);

/** What a dimensionally priced item was measured at: inches, or square or linear feet. */
export const lineMeasureSchema = z.strictObject({
  width: measure('the width in inches', 100_000).optional(),
  length: measure('the length in inches', 100_000).optional(),
  area: measure('the area in square feet', 1_000_000).optional(),
  feet: measure('the length in feet', 1_000_000).optional(),
});
export type LineMeasure = z.infer<typeof lineMeasureSchema>;

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/**
 * A line of an order or a quote. An item's name, SKU, price and cost are taken from the catalog
 * when it is saved (and kept as they were then); a special-order or free line says its own.
 */
export const documentLineInputSchema = z
  .strictObject({
    /** An existing line's id, when editing it. */
    id: z.uuid().optional(),
    item: stockItemRefSchema.nullable().default(null),
    /** Ordered from a vendor for this customer only, never stocked. */
    special: z
      .strictObject({
        vendor: z.uuid('Choose a vendor from the list.'),
        sku: words(64).default(''),
        costCents: costCentsSchema.default(0),
        leadTimeDays: z.coerce.number().int('Use whole days.').min(0, 'Use 0 or more.').max(365).default(0),
      })
      .nullable()
      .default(null),
    /** Required for special-order and free lines; an item's is its catalog name unless given. */
    name: words(200).default(''),
    description: words(2000).default(''),
    /** For an item priced by area or length: what was measured; `quantity` is then the pieces. */
    measure: lineMeasureSchema.nullable().default(null),
    quantity: stockQuantity('the quantity'),
    /** Left out for an item: the price that applies to this customer (company pricing, else the list price). */
    unitPriceCents: centsSchema.optional(),
    discount: discountSchema.nullable().default(null),
    /** For special-order and free lines (an item's is the product's): the settings' first unless said. */
    taxClass: words(60).optional(),
    /** Quotes: an optional item the customer may take, and whether they did. */
    optional: z.boolean().default(false),
    selected: z.boolean().default(false),
    /** Quotes: the alternative group (good / better / best) it belongs to, and whether it is the one chosen. */
    group: words(60).nullable().default(null),
    chosen: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    if (line.item && line.special)
      ctx.addIssue({ code: 'custom', path: ['special'], message: 'A catalog item is not a special order.' });
    if (!line.item && !line.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Say what the line is.' });
    if (!line.item && line.unitPriceCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['unitPriceCents'], message: 'Enter the price.' });
    if (!line.item && line.measure)
      ctx.addIssue({ code: 'custom', path: ['measure'], message: 'Only a catalog item is priced by its measure.' });
  });
export type DocumentLineInput = z.input<typeof documentLineInputSchema>;
/** A line as a form holds it: every field present. */
export type DocumentLineValues = z.output<typeof documentLineInputSchema>;

const linesSchema = z
  .array(documentLineInputSchema)
  .max(MAX_DOCUMENT_LINES, `Use at most ${MAX_DOCUMENT_LINES} lines.`)
  .default([]);

/**
 * POST /orders and PUT /orders/{id}: a draft's whole content. A draft may have no lines yet (the
 * create-order wizard saves it at every step); confirming needs at least one. A confirmed order
 * is changed through change orders only. Status changes go through the transitions.
 */
export const orderInputSchema = z.strictObject({
  customer: z.uuid('Choose a customer from the list.'),
  customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
  /** The warehouse it is fulfilled from: the order settings' unless said. */
  warehouse: z.uuid('Choose a warehouse from the list.').nullable().default(null),
  fulfilment: z.enum(FULFILMENT_METHODS, { error: 'Choose delivery, shipment or pick-up.' }).default('delivery'),
  /** Where it goes (and whose tax applies): the customer's shipping address unless said. */
  shipTo: addressSchema.nullable().default(null),
  requestedDate: calendarDateSchema.nullable().default(null),
  /** Printed on the confirmation. */
  notes: words(4000).default(''),
  ambassador: z.uuid('Choose an ambassador from the list.').nullable().default(null),
  discount: discountSchema.nullable().default(null),
  coupon: z
    .string()
    .trim()
    .max(32, 'Use at most 32 characters.')
    .transform((v) => v || null)
    .nullable()
    .default(null),
  shippingCents: centsSchema.default(0),
  /** The deposit asked for before the work starts. */
  deposit: discountSchema.nullable().default(null),
  /** Days to pay after invoicing: the account's terms unless said. */
  paymentTermsDays: z.coerce.number().int('Use whole days.').min(0).max(365).nullable().default(null),
  lines: linesSchema,
});
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderValues = z.output<typeof orderInputSchema>;

export const lineItemSchema = z.strictObject({
  type: z.enum(STOCK_ITEM_TYPES),
  _id: z.uuid(),
  productId: z.uuid().nullable(),
  materialId: z.uuid().nullable(),
  name: z.string(),
  sku: z.string(),
});

/** A line as a document's page reads it: what it snapshots, and what the engine made of it. */
export const documentLineSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(ORDER_LINE_KINDS),
  item: lineItemSchema.nullable(),
  special: z
    .strictObject({ vendor: personRefSchema, sku: z.string(), costCents: z.number(), leadTimeDays: z.number() })
    .nullable(),
  name: z.string(),
  sku: z.string(),
  description: z.string(),
  unit: z.string(),
  measure: lineMeasureSchema.nullable(),
  /** How a measured quantity was reached, in words. */
  basis: z.array(z.string()),
  quantity: z.number(),
  /** Pieces measured (the input's quantity), for a measured line; else its quantity. */
  pieces: z.number(),
  unitPriceCents: z.number(),
  /** The catalog's price when the line was saved, and which price applied ("List price", "Trade: 15 % off"…). */
  listPriceCents: z.number(),
  priceSource: z.string(),
  /** Cents to two decimals per unit, as the cost was when the line was saved. */
  unitCost: z.number(),
  discount: discountSchema.nullable(),
  taxClass: z.string(),
  taxRateBps: z.number().int(),
  optional: z.boolean(),
  selected: z.boolean(),
  group: z.string().nullable(),
  chosen: z.boolean(),
  counted: z.boolean(),
  subtotalCents: z.number(),
  lineDiscountCents: z.number(),
  orderDiscountCents: z.number(),
  couponCents: z.number(),
  netCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
});
export type DocumentLine = z.output<typeof documentLineSchema>;

/**
 * A document's lines as its form edits them (and as they are sent again): items by reference, an
 * item's name the catalog's unless typed, a price only where it was typed (else the price that
 * applies is taken again).
 */
export function lineValuesOf(lines: DocumentLine[] | undefined): DocumentLineValues[] {
  return (lines ?? []).map((l) => ({
    id: l.id,
    item: l.item ? { type: l.item.type, id: l.item._id } : null,
    special: l.special
      ? {
          vendor: l.special.vendor._id,
          sku: l.special.sku,
          costCents: l.special.costCents,
          leadTimeDays: l.special.leadTimeDays,
        }
      : null,
    name: l.item ? '' : l.name,
    description: l.description,
    measure: l.measure,
    quantity: l.measure ? l.pieces : l.quantity,
    ...(l.priceSource === 'Entered' ? { unitPriceCents: l.unitPriceCents } : {}),
    // An item's tax class is its product's; a special-order or free line keeps its own.
    ...(l.item ? {} : { taxClass: l.taxClass }),
    discount: l.discount,
    optional: l.optional,
    selected: l.selected,
    group: l.group,
    chosen: l.chosen,
  }));
}

/** What the order's warehouse can give a stocked line, and when the rest can be there. */
export const lineStockSchema = z.strictObject({
  /** On hand less what other orders hold. */
  available: z.number(),
  /** What this order holds of it (confirmed, not yet delivered). */
  committed: z.number(),
  shortfall: z.number(),
  /** The earliest day the shortfall can be there: open purchase orders, else the vendor's lead time. */
  availableOn: z.string().nullable(),
});
export type LineStock = z.output<typeof lineStockSchema>;

export const orderLineSchema = documentLineSchema.extend({
  delivered: z.number(),
  stock: lineStockSchema.nullable(),
});
export type OrderLine = z.output<typeof orderLineSchema>;

/** An order as its page reads it (GET /orders/{id}). */
export const orderSchema = z.strictObject({
  ...recordMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  warehouse: personRefSchema.nullable(),
  ambassador: personRefSchema.nullable(),
  fulfilment: z.enum(FULFILMENT_METHODS),
  shipTo: addressSchema.nullable(),
  requestedDate: z.string().nullable(),
  notes: z.string(),
  discount: discountSchema.nullable(),
  coupon: z.string().nullable(),
  shippingCents: z.number(),
  deposit: discountSchema.nullable(),
  paymentTermsDays: z.number().int(),
  taxExempt: z.boolean(),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number(),
  lineDiscountCents: z.number(),
  orderDiscountCents: z.number(),
  couponCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  depositCents: z.number(),
  /** The total when it was confirmed, before any change order. */
  originalTotalCents: z.number().nullable(),
  /** 1 as confirmed; each approved change order makes the next. */
  revision: z.number().int(),
  /** The outbound shipments that carried its lines. */
  shipments: z.array(personRefSchema),
  confirmedAt: z.string().nullable(),
  fulfilledAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type Order = z.output<typeof orderSchema>;

/** A row of the orders list (GET /orders). */
export const orderRowSchema = z.strictObject({
  ...rowMetaShape,
  number: z.string(),
  name: z.string(),
  status: z.enum(ORDER_STATUSES),
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  customerJob: personRefSchema.nullable(),
  fulfilment: z.enum(FULFILMENT_METHODS),
  requestedDate: z.string().nullable(),
  totalCents: z.number(),
  originalTotalCents: z.number().nullable(),
  lineCount: z.number().int(),
  confirmedAt: z.string().nullable(),
});
export type OrderRow = z.output<typeof orderRowSchema>;

/**
 * POST /orders/{id}/fulfil: hand over what the customer takes now (picked up, or shipped), from
 * the order's warehouse. Left out, every line's remainder.
 */
export const orderFulfilSchema = z
  .strictObject({
    method: z.enum(['pickup', 'shipment'], { error: 'Choose picked up or shipped.' }).default('pickup'),
    lines: z
      .array(z.strictObject({ line: z.uuid('Not a line of this order.'), quantity: stockQuantity('the quantity') }))
      .max(MAX_DOCUMENT_LINES)
      .optional(),
    note: words(500).default(''),
    /** Shipped: the outbound shipment that carries the lines (a shipment record is made). */
    shipment: z
      .strictObject({
        carrier: z.string().trim().min(1, 'Enter the carrier.').max(80, 'Use at most 80 characters.'),
        trackingNumber: words(80).default(''),
        shipDate: calendarDateSchema.nullable().default(null),
        expectedDate: calendarDateSchema.nullable().default(null),
      })
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'shipment' && !v.shipment)
      ctx.addIssue({ code: 'custom', path: ['shipment', 'carrier'], message: 'Enter the carrier.' });
    if (v.method === 'pickup' && v.shipment)
      ctx.addIssue({ code: 'custom', path: ['shipment'], message: 'What is picked up is not shipped.' });
  });
export type OrderFulfilInput = z.input<typeof orderFulfilSchema>;

/** POST /orders/{id}/cancel: why, for the history. */
export const orderCancelSchema = z.strictObject({ reason: words(500).default('') });

/** GET /orders/items: what can go on a line, by name, SKU or barcode (a scanner types the code and Enter). */
export const sellableItemQuerySchema = z.strictObject({
  q: z.string().trim().max(100).default(''),
  /** Whose price applies (company pricing). */
  customer: z.uuid().optional(),
  /** Where its stock is counted. */
  warehouse: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const sellableItemSchema = z.strictObject({
  ...lineItemSchema.shape,
  unit: z.string(),
  /** The price that applies (null: a material, which has no selling price). */
  priceCents: z.number().nullable(),
  priceSource: z.string(),
  /** Priced by area or length: its line takes a measure. */
  pricingMode: z.enum(['unit', 'area', 'length']),
  /** On hand less what orders hold, in the warehouse asked about. */
  available: z.number().nullable(),
  /** Whether the code typed is exactly its SKU or barcode. */
  exact: z.boolean(),
});
export type SellableItem = z.output<typeof sellableItemSchema>;

/** A special-order line of a confirmed order, as it would be bought from its vendor. */
export const specialOrderLineSchema = z.strictObject({
  /** The order line. */
  line: z.uuid(),
  name: z.string(),
  vendorSku: z.string(),
  quantity: z.number(),
  /** Cents to two decimals per unit, as the line's cost was when it was saved. */
  unitCost: z.number(),
  leadTimeDays: z.number().int(),
  /** Today (in the firm's time zone) plus the lead time. */
  expectedDate: z.string(),
});
export type SpecialOrderLine = z.output<typeof specialOrderLineSchema>;

/**
 * GET /orders/{id}/purchase-suggestions: of a confirmed order, its special-order lines not yet on
 * a purchase order, by vendor (one purchase order each); and those bought, with the purchase order
 * each is on (a line whose purchase order was cancelled is to buy again).
 */
export const purchaseSuggestionsSchema = z.strictObject({
  toBuy: z.array(z.strictObject({ vendor: personRefSchema, lines: z.array(specialOrderLineSchema) })),
  bought: z.array(
    z.strictObject({
      line: z.uuid(),
      name: z.string(),
      vendor: personRefSchema,
      quantity: z.number(),
      purchaseOrder: personRefSchema,
    }),
  ),
});
export type PurchaseSuggestions = z.output<typeof purchaseSuggestionsSchema>;

/** POST /orders/{id}/purchase-orders: draft purchase orders for the special-order lines left to buy. */
export const specialOrderPurchaseSchema = z.strictObject({
  /** Only these vendors' lines; left out, every vendor's. */
  vendors: z.array(z.uuid('Choose a vendor from the list.')).max(100, 'Choose at most 100 vendors.').optional(),
});
export type SpecialOrderPurchaseInput = z.input<typeof specialOrderPurchaseSchema>;

/** The draft purchase orders made, one per vendor. */
export const specialOrderPurchasesSchema = z.array(
  z.strictObject({ _id: z.uuid(), number: z.string(), vendor: personRefSchema, lines: z.number().int() }),
);
export type SpecialOrderPurchases = z.output<typeof specialOrderPurchasesSchema>;
