import {
  type Address,
  KINDS,
  LANDED_COST_METHODS,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { customerJobs } from '../jobs';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { vendors } from '../vendors';
import { warehouses } from '../warehouses';

/**
 * A purchase order: numbered per firm (its prefix kept as it was when made), to a vendor, shipped
 * to a warehouse or a typed address. Its totals and line counts are kept with its lines.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    shipTo: jsonb('ship_to').$type<Address>(),
    // The job it is bought for (its site is where it ships when no warehouse is chosen).
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    status: text('status').$type<PurchaseOrderStatus>().notNull().default('draft'),
    revision: integer('revision').notNull().default(1),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expectedDate: date('expected_date', { mode: 'string' }),
    // The expected date that sorts: an order with none comes after every dated one.
    expectedKey: date('expected_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(expected_date, 'infinity'::date)`),
    notes: text('notes').notNull().default(''),
    freightCents: bigint('freight_cents', { mode: 'number' }).notNull().default(0),
    otherChargesCents: bigint('other_charges_cents', { mode: 'number' }).notNull().default(0),
    allocation: text('allocation').$type<(typeof LANDED_COST_METHODS)[number]>().notNull().default('value'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    linesReceived: integer('lines_received').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_uq').on(t.firmId, t.number),
    index('purchase_orders_vendor_idx').on(t.firmId, t.vendorId, t.number),
    index('purchase_orders_job_idx').on(t.customerJobId),
    index('purchase_orders_expected_idx').on(t.firmId, t.expectedKey, t.id),
    index('purchase_orders_total_idx').on(t.firmId, t.totalCents, t.id),
    index('purchase_orders_created_idx').on(t.firmId, t.createdAt, t.id),
    index('purchase_orders_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('purchase_orders_open_idx').on(t.firmId, t.warehouseId).where(sql`status IN ('sent', 'partially_received')`),
    index('purchase_orders_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('purchase_orders_status_check', oneOf('status', PURCHASE_ORDER_STATUSES)),
    check('purchase_orders_allocation_check', oneOf('allocation', LANDED_COST_METHODS)),
    check('purchase_orders_money_check', sql`freight_cents >= 0 AND other_charges_cents >= 0 AND subtotal_cents >= 0`),
    check('purchase_orders_place_check', sql`warehouse_id IS NOT NULL OR ship_to IS NOT NULL`),
    firmIsolation(t.firmId),
  ],
);

/**
 * A line: a product, variant or material, or what is no catalog item (a special order bought for
 * a customer: its name and the vendor's SKU, never stocked); how many, at what cost, and how many
 * have arrived.
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
    materialId: uuid('material_id').references(() => materials.id, { onDelete: 'restrict' }),
    // None for a line that is no catalog item.
    itemId: uuid('item_id').generatedAlwaysAs(sql`COALESCE(variant_id, product_id, material_id)`),
    name: text('name').notNull().default(''),
    vendorSku: text('vendor_sku').notNull().default(''),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    unitCostHc: bigint('unit_cost_hc', { mode: 'number' }).notNull(),
    landedUnitCostHc: bigint('landed_unit_cost_hc', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    expectedDate: date('expected_date', { mode: 'string' }),
    receivedE4: bigint('received_e4', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId, t.position),
    index('purchase_order_lines_item_idx').on(t.firmId, t.itemId),
    check(
      'purchase_order_lines_item_check',
      sql`((material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL))
        OR (product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND name <> '')`,
    ),
    check('purchase_order_lines_numbers_check', sql`quantity_e4 > 0 AND unit_cost_hc >= 0 AND received_e4 >= 0`),
    firmIsolation(t.firmId),
  ],
);

/** A delivery received against a purchase order: into one warehouse, at one moment; reversible. */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    // None when it was delivered straight to the job's site.
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    deliveredToSite: boolean('delivered_to_site').notNull().default(false),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by'),
  },
  (t) => [
    index('purchase_receipts_order_idx').on(t.purchaseOrderId, t.createdAt),
    check('purchase_receipts_place_check', sql`(warehouse_id IS NULL) = delivered_to_site`),
    firmIsolation(t.firmId),
  ],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    unitCostHc: bigint('unit_cost_hc', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('purchase_receipt_lines_receipt_idx').on(t.receiptId),
    index('purchase_receipt_lines_line_idx').on(t.lineId),
    check('purchase_receipt_lines_quantity_check', sql`quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);

// A vendor with purchase orders, and an item on one, stay: archive them instead.
registerReference(KINDS.vendor, { table: purchaseOrders, column: purchaseOrders.vendorId, noun: 'purchase order' });
registerReference(KINDS.customer_job, {
  table: purchaseOrders,
  column: purchaseOrders.customerJobId,
  noun: 'purchase order',
});
registerReference(KINDS.product, {
  table: purchaseOrderLines,
  column: purchaseOrderLines.productId,
  noun: 'purchase-order line',
});
registerReference(KINDS.raw_material, {
  table: purchaseOrderLines,
  column: purchaseOrderLines.materialId,
  noun: 'purchase-order line',
});
