import {
  type Address,
  KINDS,
  ROUTE_STATUSES,
  type RouteStatus,
  STOP_STATUSES,
  type StopStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { orderLines, orders } from '../orders';

/** A damaged item noted at the door: the order line, how many, what was seen, its photos. */
export type StopDamage = { orderLineId: string; quantityE4: number; note: string; photoIds: string[] };

/**
 * A delivery route: a day, a driver and a vehicle, and its stops in the order they are driven.
 * Numbered per firm; its status follows its stops (scheduled → in progress → completed).
 */
export const deliveryRoutes = pgTable(
  'delivery_routes',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    prefix: text('prefix').notNull(),
    number: integer('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    vehicle: text('vehicle').notNull().default(''),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<RouteStatus>().notNull().default('scheduled'),
    stopCount: integer('stop_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('delivery_routes_number_uq').on(t.firmId, t.number),
    index('delivery_routes_date_idx').on(t.firmId, t.date, t.id),
    // A driver's own routes (their phone view).
    index('delivery_routes_driver_idx').on(t.firmId, t.driverId, t.date).where(sql`driver_id IS NOT NULL`),
    index('delivery_routes_created_idx').on(t.firmId, t.createdAt, t.id),
    index('delivery_routes_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('delivery_routes_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('delivery_routes_status_check', oneOf('status', ROUTE_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

/** A stop: an order's delivery (some or all of its lines) to an address within a time window. */
export const deliveryStops = pgTable(
  'delivery_stops',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    routeId: uuid('route_id')
      .notNull()
      .references(() => deliveryRoutes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    address: jsonb('address').$type<Address>(),
    windowStart: text('window_start'),
    windowEnd: text('window_end'),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<StopStatus>().notNull().default('scheduled'),
    failureReason: text('failure_reason').notNull().default(''),
    // The proof of delivery.
    recipientName: text('recipient_name'),
    proofNotes: text('proof_notes').notNull().default(''),
    photoIds: uuid('photo_ids').array().notNull().default(sql`'{}'::uuid[]`),
    signatureFileId: uuid('signature_file_id').references(() => files.id, { onDelete: 'restrict' }),
    damages: jsonb('damages').$type<StopDamage[]>().notNull().default(sql`'[]'::jsonb`),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // Who recorded the outcome (the driver, or a planner for them).
    recordedBy: uuid('recorded_by'),
    outAt: timestamp('out_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('delivery_stops_route_idx').on(t.routeId, t.position),
    index('delivery_stops_order_idx').on(t.orderId),
    check('delivery_stops_status_check', oneOf('status', STOP_STATUSES)),
    check(
      'delivery_stops_proof_check',
      sql`status <> 'delivered' OR (recipient_name IS NOT NULL AND delivered_at IS NOT NULL)`,
    ),
    check('delivery_stops_window_check', sql`window_start IS NULL OR window_end IS NULL OR window_end > window_start`),
    firmIsolation(t.firmId),
  ],
);

/** What a stop carries of its order: a line and a quantity (ten-thousandths). */
export const deliveryStopLines = pgTable(
  'delivery_stop_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    stopId: uuid('stop_id')
      .notNull()
      .references(() => deliveryStops.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('delivery_stop_lines_uq').on(t.stopId, t.orderLineId),
    index('delivery_stop_lines_order_line_idx').on(t.orderLineId),
    check('delivery_stop_lines_quantity_check', sql`quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);

registerReference(KINDS.order, { table: deliveryStops, column: deliveryStops.orderId, noun: 'delivery stop' });
