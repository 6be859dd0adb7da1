import {
  type Address,
  type Discount,
  FULFILMENT_METHODS,
  type FulfilmentMethod,
  KINDS,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  type OrderStatus,
  type RevisionLine,
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
import { ambassadors } from '../ambassadors';
import { companies } from '../companies';
import { coupons } from '../coupons';
import { customers } from '../customers';
import { documentLineChecks, documentLineColumns, documentTotalsColumns } from '../documents';
import { customerJobs } from '../jobs';
import { purchaseOrderLines, shipments } from '../purchasing';
import { warehouses } from '../warehouses';

/**
 * An order: numbered per firm (its prefix kept as it was when made), for a customer (and their
 * account, as it was then), fulfilled from one warehouse. Its totals are the sums of its lines,
 * kept with them; `original_total_cents` is what it came to when confirmed.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('draft'),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    ambassadorId: uuid('ambassador_id').references(() => ambassadors.id, { onDelete: 'restrict' }),
    fulfilment: text('fulfilment').$type<FulfilmentMethod>().notNull().default('delivery'),
    shipTo: jsonb('ship_to').$type<Address>(),
    requestedDate: date('requested_date', { mode: 'string' }),
    // The date that sorts: an order with none comes after every dated one.
    requestedKey: date('requested_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(requested_date, 'infinity'::date)`),
    notes: text('notes').notNull().default(''),
    discount: jsonb('discount').$type<Discount>(),
    couponCode: text('coupon_code'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    deposit: jsonb('deposit').$type<Discount>(),
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    paymentTermsDays: integer('payment_terms_days').notNull().default(0),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    couponCents: bigint('coupon_cents', { mode: 'number' }).notNull().default(0),
    originalTotalCents: bigint('original_total_cents', { mode: 'number' }),
    // 1 as confirmed; each approved change order makes the next (order_revisions keeps each).
    revision: integer('revision').notNull().default(1),
    // The quote it was accepted from (the quote names the order too).
    quoteId: uuid('quote_id'),
    // The proposal it was approved from (its approval record names the order too).
    proposalId: uuid('proposal_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...documentTotalsColumns(),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.firmId, t.number),
    index('orders_customer_idx').on(t.firmId, t.customerId, t.number),
    index('orders_company_idx').on(t.firmId, t.companyId, t.number).where(sql`company_id IS NOT NULL`),
    index('orders_job_idx').on(t.customerJobId).where(sql`customer_job_id IS NOT NULL`),
    index('orders_status_idx').on(t.firmId, t.status, t.number),
    index('orders_requested_idx').on(t.firmId, t.requestedKey, t.id),
    index('orders_confirmed_idx').on(t.firmId, t.confirmedAt, t.id),
    index('orders_total_idx').on(t.firmId, t.totalCents, t.id),
    index('orders_created_idx').on(t.firmId, t.createdAt, t.id),
    // An employee's sales (their analytics tab): the orders they entered.
    index('orders_created_by_idx').on(t.firmId, t.createdBy).where(sql`created_by IS NOT NULL`),
    index('orders_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('orders_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_fulfilment_check', oneOf('fulfilment', FULFILMENT_METHODS)),
    check(
      'orders_money_check',
      sql`shipping_cents >= 0 AND subtotal_cents >= 0 AND discount_cents >= 0 AND tax_cents >= 0 AND total_cents >= 0
        AND deposit_cents >= 0 AND deposit_cents <= total_cents`,
    ),
    firmIsolation(t.firmId),
  ],
);

/**
 * An order's line, with what it holds of its warehouse's stock, what has been delivered of it,
 * and (a special order) the purchase-order line that buys it.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...documentLineColumns(),
    committedE4: bigint('committed_e4', { mode: 'number' }).notNull().default(0),
    deliveredE4: bigint('delivered_e4', { mode: 'number' }).notNull().default(0),
    // A special-order line's purchase-order line: what was bought for it (none again when that
    // line goes, so it is to buy once more).
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_po_line_idx').on(t.purchaseOrderLineId).where(sql`purchase_order_line_id IS NOT NULL`),
    index('order_lines_item_idx').on(t.firmId, t.itemId).where(sql`item_id IS NOT NULL`),
    index('order_lines_product_idx').on(t.productId).where(sql`product_id IS NOT NULL`),
    index('order_lines_material_idx').on(t.materialId).where(sql`material_id IS NOT NULL`),
    ...documentLineChecks('order_lines'),
    check('order_lines_kind_values_check', oneOf('kind', ORDER_LINE_KINDS)),
    check('order_lines_stock_check', sql`committed_e4 >= 0 AND delivered_e4 >= 0`),
    firmIsolation(t.firmId),
  ],
);

/**
 * An order's lines and total at each revision: 1 as confirmed (written when the first change
 * order is approved), then one per approved change order.
 */
export const orderRevisions = pgTable(
  'order_revisions',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    lines: jsonb('lines').$type<RevisionLine[]>().notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    // The change order that made it (none for the first).
    changeOrderId: uuid('change_order_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_revisions_uq').on(t.orderId, t.revision), firmIsolation(t.firmId)],
);

/** What an outbound shipment carries: an order's line and how many of it left on it. */
export const shipmentOrderLines = pgTable(
  'shipment_order_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('shipment_order_lines_shipment_idx').on(t.shipmentId),
    index('shipment_order_lines_order_idx').on(t.orderId),
    check('shipment_order_lines_quantity_check', sql`quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);

// A shipment that carried an order's lines stays: what was handed over is on record.
registerReference(KINDS.shipment, {
  table: shipmentOrderLines,
  column: shipmentOrderLines.shipmentId,
  noun: 'order line shipped',
});

// A customer, an account, a job with orders stay (their orders name them); so do items sold.
registerReference(KINDS.customer, { table: orders, column: orders.customerId, noun: 'order' });
registerReference(KINDS.company, { table: orders, column: orders.companyId, noun: 'order' });
registerReference(KINDS.customer_job, { table: orders, column: orders.customerJobId, noun: 'order' });
registerReference(KINDS.product, { table: orderLines, column: orderLines.productId, noun: 'order line' });
registerReference(KINDS.raw_material, { table: orderLines, column: orderLines.materialId, noun: 'order line' });
