import {
  KINDS,
  RETURN_CONDITIONS,
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
  type ReturnCondition,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
  VENDOR_CLAIM_REASONS,
  VENDOR_CLAIM_STATUSES,
  type VendorClaimReason,
  type VendorClaimStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';
import { deliveryStops } from '../deliveries';
import { orderLines, orders } from '../orders';
import { vendorCredits } from '../payables';
import { creditMemos, payments } from '../payments';
import { purchaseOrderLines, purchaseOrders } from '../purchasing';
import { vendors } from '../vendors';
import { warehouses } from '../warehouses';

/**
 * A return: lines of one delivered order coming back, numbered per firm. requested → approved →
 * received (resellable items restocked at their cost) → resolved by a credit memo or a refund;
 * or rejected. `credit_cents` is what the customer gets: the goods' share of their lines' totals
 * (tax included) less the restocking fee, fixed as the return is written.
 */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** The delivery stop whose recorded damage opened it. */
    deliveryStopId: uuid('delivery_stop_id').references(() => deliveryStops.id, { onDelete: 'restrict' }),
    goodsCents: bigint('goods_cents', { mode: 'number' }).notNull(),
    restockingFeeCents: bigint('restocking_fee_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    notes: text('notes').notNull().default(''),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    resolution: text('resolution').$type<ReturnResolution>(),
    creditMemoId: uuid('credit_memo_id').references(() => creditMemos.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => payments.id, { onDelete: 'restrict' }),
    rejectReason: text('reject_reason').notNull().default(''),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('returns_number_uq').on(t.firmId, t.number),
    index('returns_order_idx').on(t.firmId, t.orderId),
    index('returns_customer_idx').on(t.firmId, t.customerId, t.number),
    index('returns_stop_idx').on(t.deliveryStopId).where(sql`delivery_stop_id IS NOT NULL`),
    index('returns_requested_idx').on(t.firmId, t.requestedOn, t.id),
    index('returns_credit_idx').on(t.firmId, t.creditCents, t.id),
    index('returns_created_idx').on(t.firmId, t.createdAt, t.id),
    index('returns_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('returns_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('returns_status_check', oneOf('status', RETURN_STATUSES)),
    check('returns_resolution_check', sql`resolution IS NULL OR ${oneOf('resolution', RETURN_RESOLUTIONS)}`),
    check(
      'returns_money_check',
      sql`goods_cents >= 0 AND restocking_fee_cents >= 0 AND restocking_fee_cents <= goods_cents
        AND credit_cents = goods_cents - restocking_fee_cents`,
    ),
    check('returns_resolved_check', sql`(status = 'resolved') = (resolution IS NOT NULL)`),
    firmIsolation(t.firmId),
  ],
);

/** A line of a return: part of an order line, why, in what state, and what it gives back. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    condition: text('condition').$type<ReturnCondition>().notNull(),
    note: text('note').notNull().default(''),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull(),
    restocked: boolean('restocked').notNull().default(false),
  },
  (t) => [
    index('return_lines_return_idx').on(t.returnId, t.position),
    index('return_lines_order_line_idx').on(t.orderLineId),
    uniqueIndex('return_lines_line_uq').on(t.returnId, t.orderLineId),
    check('return_lines_reason_check', oneOf('reason', RETURN_REASONS)),
    check('return_lines_condition_check', oneOf('condition', RETURN_CONDITIONS)),
    check('return_lines_money_check', sql`quantity_e4 > 0 AND credit_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);

/**
 * A claim to a vendor for items that came damaged or wrong: a received purchase-order line, how
 * many, why, the photos; from a return's line or the receipt. open → credited (a vendor credit
 * lowers what the firm owes) / replaced (the replacement received into stock) / rejected.
 */
export const vendorClaims = pgTable(
  'vendor_claims',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    status: text('status').$type<VendorClaimStatus>().notNull().default('open'),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    purchaseOrderLineId: uuid('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    reason: text('reason').$type<VendorClaimReason>().notNull(),
    returnLineId: uuid('return_line_id').references(() => returnLines.id, { onDelete: 'set null' }),
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    notes: text('notes').notNull().default(''),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    /** The vendor credit made when it was credited (payables). */
    vendorCreditId: uuid('vendor_credit_id').references(() => vendorCredits.id, { onDelete: 'restrict' }),
    rejectReason: text('reject_reason').notNull().default(''),
    openedOn: date('opened_on', { mode: 'string' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('vendor_claims_number_uq').on(t.firmId, t.number),
    index('vendor_claims_vendor_idx').on(t.firmId, t.vendorId, t.number),
    index('vendor_claims_po_idx').on(t.firmId, t.purchaseOrderId),
    index('vendor_claims_po_line_idx').on(t.purchaseOrderLineId),
    index('vendor_claims_return_line_idx').on(t.returnLineId).where(sql`return_line_id IS NOT NULL`),
    index('vendor_claims_opened_idx').on(t.firmId, t.openedOn, t.id),
    index('vendor_claims_created_idx').on(t.firmId, t.createdAt, t.id),
    index('vendor_claims_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('vendor_claims_status_check', oneOf('status', VENDOR_CLAIM_STATUSES)),
    check('vendor_claims_reason_check', oneOf('reason', VENDOR_CLAIM_REASONS)),
    check('vendor_claims_money_check', sql`quantity_e4 > 0 AND credit_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.order, { table: returns, column: returns.orderId, noun: 'return' });
registerReference(KINDS.customer, { table: returns, column: returns.customerId, noun: 'return' });
registerReference(KINDS.credit_memo, { table: returns, column: returns.creditMemoId, noun: 'return' });
registerReference(KINDS.payment, { table: returns, column: returns.refundId, noun: 'return' });
registerReference(KINDS.vendor, { table: vendorClaims, column: vendorClaims.vendorId, noun: 'vendor claim' });
registerReference(KINDS.purchase_order, {
  table: vendorClaims,
  column: vendorClaims.purchaseOrderId,
  noun: 'vendor claim',
});
