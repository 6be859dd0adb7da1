import { type ApprovalMethod, CHANGE_ORDER_STATUSES, type ChangeOrderStatus, KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { documentLineChecks, documentLineColumns, documentTotalsColumns } from '../documents';
import { orderLines, orders } from '../orders';

/**
 * A change order: the lines a confirmed order should have instead, and why; numbered per firm
 * and per order ("change 2"). Approving it rewrites the order (decision 0036).
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sequence: integer('sequence').notNull(),
    status: text('status').$type<ChangeOrderStatus>().notNull().default('draft'),
    reason: text('reason').notNull(),
    // The order's revision it was written against; the one its approval made.
    baseRevision: integer('base_revision').notNull(),
    revision: integer('revision'),
    // The order's total just before it was approved.
    previousTotalCents: bigint('previous_total_cents', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    approvedBy: text('approved_by'),
    approvalMethod: text('approval_method').$type<ApprovalMethod>(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvalNote: text('approval_note').notNull().default(''),
    // Who recorded the approval (like created_by: a user of the firm).
    recordedById: uuid('recorded_by_id'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    ...documentTotalsColumns(),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('change_orders_number_uq').on(t.firmId, t.number),
    uniqueIndex('change_orders_sequence_uq').on(t.orderId, t.sequence),
    index('change_orders_total_idx').on(t.firmId, t.totalCents, t.id),
    index('change_orders_created_idx').on(t.firmId, t.createdAt, t.id),
    index('change_orders_updated_idx').on(t.firmId, t.updatedAt, t.id),
    check('change_orders_status_check', oneOf('status', CHANGE_ORDER_STATUSES)),
    check(
      'change_orders_approval_check',
      sql`(status = 'approved') = (approved_at IS NOT NULL AND approved_by IS NOT NULL AND approval_method IS NOT NULL)`,
    ),
    firmIsolation(t.firmId),
  ],
);

/** A change order's line; `order_line_id` is the order's line it keeps or changes (null: added). */
export const changeOrderLines = pgTable(
  'change_order_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    changeOrderId: uuid('change_order_id')
      .notNull()
      .references(() => changeOrders.id, { onDelete: 'cascade' }),
    // Set null if the order line goes (a later change removed it): this one then reads as added.
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    ...documentLineColumns(),
  },
  (t) => [
    index('change_order_lines_parent_idx').on(t.changeOrderId, t.position),
    ...documentLineChecks('change_order_lines'),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.order, { table: changeOrders, column: changeOrders.orderId, noun: 'change order' });
registerReference(KINDS.product, {
  table: changeOrderLines,
  column: changeOrderLines.productId,
  noun: 'change order line',
});
registerReference(KINDS.raw_material, {
  table: changeOrderLines,
  column: changeOrderLines.materialId,
  noun: 'change order line',
});
