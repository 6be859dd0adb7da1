import { z } from 'zod';
import { LIST_TOTAL_CAPPED } from './lists';

/**
 * Why stock changed. Every change is a movement with one of these; the ledger never changes
 * otherwise. A receipt's reversal and a transfer's two legs are movements of their own.
 */
export const STOCK_REASONS = [
  'opening',
  'receipt',
  'receipt_reversal',
  'delivery',
  'return',
  'adjustment',
  'transfer_out',
  'transfer_in',
  'count',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  opening: 'Opening balance',
  receipt: 'Purchase receipt',
  receipt_reversal: 'Receipt reversed',
  delivery: 'Delivery to customer',
  return: 'Return restock',
  adjustment: 'Manual adjustment',
  transfer_out: 'Transfer out',
  transfer_in: 'Transfer in',
  count: 'Stock count',
};

/** What is stocked: a product without variants, one variant, or a raw material. */
export const STOCK_ITEM_TYPES = ['product', 'variant', 'material'] as const;
export type StockItemType = (typeof STOCK_ITEM_TYPES)[number];

export const stockItemRefSchema = z.strictObject({
  type: z.enum(STOCK_ITEM_TYPES, { error: 'Choose a product, variant or material.' }),
  id: z.uuid('Choose an item from the list.'),
});
export type StockItemRef = z.infer<typeof stockItemRefSchema>;

const places4 = (v: number) => Math.abs(v * 10_000 - Math.round(v * 10_000)) < 1e-6;
/** A quantity moved: four decimals (sq ft of slab), never zero, at most a billion either way. */
const signedQuantity = z.coerce
  .number({ error: 'Enter a quantity.' })
  .refine((v) => v !== 0, 'Enter a quantity other than 0.')
  .refine((v) => Math.abs(v) <= 1_000_000_000, 'Use at most 1,000,000,000.')
  .refine(places4, 'Use at most four decimals.');
/** A quantity that only goes one way (a transfer's, a count's). */
export const stockQuantity = (what: string, allowZero = false) =>
  z.coerce
    .number({ error: `Enter ${what}.` })
    .refine((v) => (allowZero ? v >= 0 : v > 0), allowZero ? 'Use 0 or more.' : 'Use more than 0.')
    .refine((v) => v <= 1_000_000_000, 'Use at most 1,000,000,000.')
    .refine(places4, 'Use at most four decimals.');

/** POST /stock/adjustments: a manual change, which always says why. */
export const stockAdjustmentSchema = z.strictObject({
  item: stockItemRefSchema,
  warehouse: z.uuid('Choose a warehouse.'),
  quantity: signedQuantity,
  note: z.string().trim().min(1, 'Say why the stock changed.').max(500, 'Use at most 500 characters.'),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentSchema>;

/** POST /stock/transfers: stock leaves one warehouse now and is in transit until received at the other. */
export const stockTransferInputSchema = z
  .strictObject({
    from: z.uuid('Choose the warehouse it leaves.'),
    to: z.uuid('Choose the warehouse it goes to.'),
    note: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
    lines: z
      .array(z.strictObject({ item: stockItemRefSchema, quantity: stockQuantity('a quantity') }))
      .min(1, 'Add at least one item.')
      .max(500, 'Move at most 500 items at once.'),
    /** Received at once (a move across the yard) instead of in transit. */
    receiveNow: z.boolean().default(false),
  })
  .refine((t) => t.from !== t.to, { path: ['to'], message: 'Choose a different warehouse to move it to.' });
export type StockTransferInput = z.input<typeof stockTransferInputSchema>;

const named = z.strictObject({ _id: z.uuid(), name: z.string() });
const itemView = z.strictObject({
  type: z.enum(STOCK_ITEM_TYPES),
  _id: z.uuid(),
  /** The product (for a variant, its product), or the material: where its page is. */
  productId: z.uuid().nullable(),
  materialId: z.uuid().nullable(),
  name: z.string(),
  sku: z.string(),
});
export type StockItemView = z.output<typeof itemView>;

export const STOCK_TRANSFER_STATUSES = ['in_transit', 'received', 'cancelled'] as const;
export const STOCK_TRANSFER_STATUS_LABELS = { in_transit: 'In transit', received: 'Received', cancelled: 'Cancelled' };

export const stockTransferSchema = z.strictObject({
  _id: z.uuid(),
  number: z.number().int(),
  from: named,
  to: named,
  status: z.enum(STOCK_TRANSFER_STATUSES),
  note: z.string(),
  lines: z.array(z.strictObject({ item: itemView, quantity: z.number() })),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
});
export type StockTransfer = z.output<typeof stockTransferSchema>;

/** A line of the ledger, with what caused it and who. */
export const stockMovementSchema = z.strictObject({
  _id: z.uuid(),
  item: itemView,
  warehouse: named,
  quantity: z.number(),
  reason: z.enum(STOCK_REASONS),
  /** What it cost per unit, in cents to two decimals (the moving average, or a receipt's landed cost). */
  unitCost: z.number().nullable(),
  /** The document behind it, when there is one: its kind (as in KINDS or 'stock_transfer'), id and label. */
  source: z.strictObject({ type: z.string(), _id: z.uuid(), label: z.string() }).nullable(),
  note: z.string(),
  by: named.nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.output<typeof stockMovementSchema>;

export const stockMovementsQuerySchema = z.strictObject({
  product: z.uuid().optional(),
  material: z.uuid().optional(),
  warehouse: z.uuid().optional(),
  reason: z.enum(STOCK_REASONS).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const stockMovementPageSchema = z.strictObject({
  items: z.array(stockMovementSchema),
  total: z.union([z.number().int().min(0), z.literal(LIST_TOTAL_CAPPED)]),
});
export type StockMovementPage = z.output<typeof stockMovementPageSchema>;

/** One item in one warehouse: what is there, what is on its way, and the forecast. */
export const stockLevelSchema = z.strictObject({
  item: itemView,
  warehouse: named,
  onHand: z.number(),
  /** Held for confirmed orders, not yet handed over; available is on hand less it. */
  committed: z.number(),
  available: z.number(),
  /** Leaving another warehouse for this one. */
  inTransit: z.number(),
  /** On open purchase orders into this warehouse, whatever their date. */
  incoming: z.number(),
  /** Available plus what arrives within the vendor's lead time (transfers in transit too). */
  forecast: z.number(),
  reorderPoint: z.number().nullable(),
  /** The item's moving-average cost per unit across the firm's warehouses, in cents to two decimals. */
  averageCost: z.number(),
});
export type StockLevel = z.output<typeof stockLevelSchema>;

/** GET /stock/items/{type}/{id}: a product's (all its variants'), variant's or material's stock. */
export const itemStockSchema = z.strictObject({
  levels: z.array(stockLevelSchema),
  /** Whether this item may go below zero: its own policy, or the firm's. */
  allowNegative: z.boolean(),
  policy: z.enum(['firm', 'allow', 'forbid']),
  warehouses: z.array(named),
});
export type ItemStock = z.output<typeof itemStockSchema>;

/** PUT /stock/policies/{type}/{id} (103): a product's or material's own rule, or the firm's. */
export const stockPolicyInputSchema = z.strictObject({
  policy: z.enum(['firm', 'allow', 'forbid'], { error: 'Choose a policy.' }),
});

/** GET /stock/value: what the stock is worth per warehouse, at moving-average cost. */
export const stockValueSchema = z.strictObject({
  warehouses: z.array(named.extend({ items: z.number(), valueCents: z.number() })),
  totalCents: z.number(),
});
export type StockValue = z.output<typeof stockValueSchema>;

/** POST /stock/check and the nightly job: every summary row against the sum of its ledger. */
export const stockCheckSchema = z.strictObject({
  checkedAt: z.string(),
  levels: z.number(),
  drift: z.array(
    z.strictObject({
      item: itemView,
      warehouse: named.nullable(),
      summary: z.number(),
      ledger: z.number(),
    }),
  ),
});
export type StockCheck = z.output<typeof stockCheckSchema>;

/** GET /stock/items?q=: what can be stocked, bought and moved, found by name or SKU (products without variants, variants, materials). */
export const stockItemSearchSchema = z.strictObject({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const stockItemChoiceSchema = itemView;
export type StockItemChoice = StockItemView;

/** The products list's `filter[stock][]`: by what is on hand in all warehouses (variants counted with their product). */
export const STOCK_FILTER_LABELS = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  low: 'At or below a reorder point',
} as const;
export type StockFilter = keyof typeof STOCK_FILTER_LABELS;

/** GET /stock/materials/{id}/analytics: a material's use and purchases per month, from its ledger (the last twelve months). */
export const materialAnalyticsSchema = z.strictObject({
  months: z.array(z.strictObject({ month: z.string(), used: z.number(), purchased: z.number() })),
});
export type MaterialAnalytics = z.output<typeof materialAnalyticsSchema>;

export const STOCK_COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;
export const STOCK_COUNT_STATUS_LABELS = { open: 'Open', posted: 'Posted', cancelled: 'Cancelled' } as const;
/** The most lines one count sheet holds (count a large warehouse aisle by aisle). */
export const MAX_COUNT_LINES = 5_000;

/** POST /stock/counts: a sheet of what a warehouse holds, to count. */
export const stockCountInputSchema = z.strictObject({
  warehouse: z.uuid('Choose a warehouse.'),
  note: z.string().trim().max(500, 'Use at most 500 characters.').default(''),
});

/** PUT /stock/counts/{id}/lines: counted quantities (empty: not counted yet); an item not on the sheet is added. */
export const stockCountLinesSchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({ item: stockItemRefSchema, counted: stockQuantity('the counted quantity', true).nullable() }),
    )
    .min(1, 'Enter at least one count.')
    .max(MAX_COUNT_LINES),
});

export const stockCountSchema = z.strictObject({
  _id: z.uuid(),
  number: z.number().int(),
  warehouse: named,
  status: z.enum(STOCK_COUNT_STATUSES),
  note: z.string(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  by: named.nullable(),
  /** Each item: on hand when the sheet was made, on hand now, what was counted, and the difference it posts. */
  lines: z.array(
    z.strictObject({
      item: itemView,
      expected: z.number(),
      onHand: z.number(),
      counted: z.number().nullable(),
      difference: z.number().nullable(),
    }),
  ),
  counted: z.number().int(),
});
export type StockCount = z.output<typeof stockCountSchema>;
export const stockCountRowSchema = stockCountSchema.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type StockCountRow = z.output<typeof stockCountRowSchema>;
