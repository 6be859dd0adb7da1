import { KINDS, SHIPMENT_DIRECTIONS, SHIPMENT_STATUSES, type ShipmentStatus } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { purchaseOrderLines, purchaseOrders } from './purchase-orders.table';

/**
 * Freight in or out: a carrier, its tracking number, dates and status; an inbound one carries
 * purchase-order lines (outbound ones carry orders once selling exists).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    direction: text('direction').$type<(typeof SHIPMENT_DIRECTIONS)[number]>().notNull().default('inbound'),
    status: text('status').$type<ShipmentStatus>().notNull().default('booked'),
    carrier: text('carrier').notNull(),
    carrierKey: text('carrier_key').notNull().generatedAlwaysAs(sql`lower(carrier)`),
    trackingNumber: text('tracking_number').notNull().default(''),
    shipDate: date('ship_date', { mode: 'string' }),
    expectedDate: date('expected_date', { mode: 'string' }),
    expectedKey: date('expected_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(expected_date, 'infinity'::date)`),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    notes: text('notes').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('shipments_number_uq').on(t.firmId, t.number),
    index('shipments_carrier_idx').on(t.firmId, t.carrierKey, t.id),
    index('shipments_expected_idx').on(t.firmId, t.expectedKey, t.id),
    index('shipments_created_idx').on(t.firmId, t.createdAt, t.id),
    index('shipments_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('shipments_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('shipments_direction_check', oneOf('direction', SHIPMENT_DIRECTIONS)),
    check('shipments_status_check', oneOf('status', SHIPMENT_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'restrict' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('shipment_lines_shipment_idx').on(t.shipmentId),
    index('shipment_lines_order_idx').on(t.purchaseOrderId),
    check('shipment_lines_quantity_check', sql`quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);

// A purchase order a shipment carries stays while the shipment does.
registerReference(KINDS.purchase_order, {
  table: shipmentLines,
  column: shipmentLines.purchaseOrderId,
  noun: 'shipment line',
});
