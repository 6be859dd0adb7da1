import { KINDS, type Shipment, type ShipmentRow, shipmentInputSchema, trackingUrl } from '@atelier/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { buildSearchText, likePattern } from '../../platform/lists/list';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType } from '../../platform/records/lifecycle';
import { itemViewSql } from '../stock';
import { purchaseOrderLines, purchaseOrders } from './purchase-orders.table';
import { receivePurchaseOrder } from './receiving.service';
import { shipmentLines, shipments } from './shipments.table';

type Input = z.output<typeof shipmentInputSchema>;
type Row = typeof shipments.$inferSelect;

const nameOf = (row: { number: number }) => `Shipment ${row.number}`;
const purchaseOrdersText = sql<string>`COALESCE((SELECT string_agg(DISTINCT po.prefix || po.number, ', ')
  FROM ${shipmentLines} sl JOIN ${purchaseOrders} po ON po.id = sl.purchase_order_id
  WHERE sl.shipment_id = ${qualified(shipments.id)}), '')`;
const linesJson = sql<Shipment['lines']>`COALESCE((SELECT json_agg(json_build_object(
    'line', sl.line_id, 'purchaseOrder', json_build_object('_id', po.id, 'name', po.prefix || po.number),
    'item', CASE WHEN l.item_id IS NULL THEN json_build_object('_id', NULL, 'name', l.name, 'sku', l.vendor_sku)
      ELSE json_build_object('_id', l.item_id, 'name', ${itemViewSql('l')} ->> 'name', 'sku', ${itemViewSql('l')} ->> 'sku') END,
    'quantity', sl.quantity_e4 / 10000.0, 'remaining', GREATEST(l.quantity_e4 - l.received_e4, 0) / 10000.0)
    ORDER BY po.number, l.position)
  FROM ${shipmentLines} sl JOIN ${purchaseOrderLines} l ON l.id = sl.line_id JOIN ${purchaseOrders} po ON po.id = sl.purchase_order_id
  WHERE sl.shipment_id = ${qualified(shipments.id)}), '[]'::json)`;

// What an outbound shipment carries is kept by the orders module (shipment_order_lines, which
// refers to orders and to shipments): read here by the table's name, since orders build on
// purchasing and not the other way round.
const orderLinesJson = sql<Shipment['orderLines']>`COALESCE((SELECT json_agg(json_build_object(
    'line', s.order_line_id, 'order', json_build_object('_id', o.id, 'name', o.prefix || o.number),
    'name', l.name, 'sku', l.sku, 'quantity', s.quantity_e4 / 10000.0) ORDER BY o.number, l.position)
  FROM shipment_order_lines s JOIN order_lines l ON l.id = s.order_line_id JOIN orders o ON o.id = s.order_id
  WHERE s.shipment_id = ${qualified(shipments.id)}), '[]'::json)`;
const ordersOf = sql`COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('_id', o.id, 'name', o.prefix || o.number))
  FROM shipment_order_lines s JOIN orders o ON o.id = s.order_id WHERE s.shipment_id = ${qualified(shipments.id)}), '[]'::json)`;
const ordersText = sql<string>`COALESCE((SELECT string_agg(DISTINCT o.prefix || o.number, ', ')
  FROM shipment_order_lines s JOIN orders o ON o.id = s.order_id WHERE s.shipment_id = ${qualified(shipments.id)}), '')`;

/** The purchase-order lines given, each the firm's and on an order still open. */
async function checkLines(db: Executor, input: Input) {
  if (input.direction === 'outbound' && input.lines.length)
    throw badRequest('An outbound shipment carries orders, not purchase-order lines.', {
      lines: 'Only an inbound shipment carries purchase-order lines.',
    });
  const ids = input.lines.map((l) => l.line);
  const found = new Map(
    (ids.length
      ? await db
          .select({
            id: purchaseOrderLines.id,
            order: purchaseOrderLines.purchaseOrderId,
            status: purchaseOrders.status,
          })
          .from(purchaseOrderLines)
          .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
          .where(inArray(purchaseOrderLines.id, ids))
      : []
    ).map((r) => [r.id, r]),
  );
  const errors: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    const line = found.get(l.line);
    if (!line) errors[`lines.${i}.line`] = 'Choose a line of one of the firm’s purchase orders.';
    else if (line.status === 'cancelled' || line.status === 'draft')
      errors[`lines.${i}.line`] = `Its purchase order is ${line.status === 'draft' ? 'a draft' : 'cancelled'}.`;
  });
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the lines.',
      errors,
    );
  return found;
}

/** Shipments: freight in (carrying purchase-order lines) or out, tracked to delivery. */
export const shipmentType = defineRecordType<typeof shipments, typeof shipmentInputSchema, Shipment, ShipmentRow>({
  kind: KINDS.shipment,
  table: shipments,
  input: shipmentInputSchema,
  title: nameOf,
  search: {
    title: sql<string>`'Shipment ' || ${shipments.number}`,
    subtitle: sql<string>`concat_ws(' · ', ${shipments.carrier}, NULLIF(${shipments.trackingNumber}, ''))`,
    text: shipments.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before?.status === 'delivered') throw conflict(`${nameOf(before)} was delivered: it can no longer be changed.`);
    if (before && before.direction === 'outbound' && input.direction === 'inbound') {
      const [carried] = (
        await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM shipment_order_lines WHERE shipment_id = ${before.id}`,
        )
      ).rows;
      if (carried?.n)
        throw badRequest(`${nameOf(before)} carries orders to customers: it stays outbound.`, {
          direction: 'It carries orders to customers: it stays outbound.',
        });
    }
    await checkLines(db, input);
    const number = before?.number ?? (await nextNumber(db, actor.firmId, 'shipment'));
    return {
      number,
      direction: input.direction,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      shipDate: input.shipDate,
      expectedDate: input.expectedDate,
      notes: input.notes,
      searchText: buildSearchText([nameOf({ number }), input.carrier, input.trackingNumber, input.notes]),
    };
  },
  afterWrite: async (db, row, _before, input) => {
    if (!input) return;
    const found = await checkLines(db, input);
    await db.delete(shipmentLines).where(eq(shipmentLines.shipmentId, row.id));
    if (input.lines.length)
      await db.insert(shipmentLines).values(
        input.lines.map((l) => ({
          firmId: row.firmId,
          shipmentId: row.id,
          purchaseOrderId: found.get(l.line)!.order,
          lineId: l.line,
          quantityE4: Math.round(l.quantity * 10_000),
        })),
      );
  },
  audited: (r: Row) => ({
    direction: r.direction,
    status: r.status,
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    shipDate: r.shipDate,
    expectedDate: r.expectedDate,
    notes: r.notes,
  }),
  extra: {
    lines: linesJson,
    purchaseOrders: sql`COALESCE((SELECT json_agg(DISTINCT jsonb_build_object('_id', po.id, 'name', po.prefix || po.number))
      FROM ${shipmentLines} sl JOIN ${purchaseOrders} po ON po.id = sl.purchase_order_id
      WHERE sl.shipment_id = ${qualified(shipments.id)}), '[]'::json)`,
    orderLines: orderLinesJson,
    orders: ordersOf,
  },
  detail: (r, extra) => ({
    number: r.number,
    name: nameOf(r),
    direction: r.direction,
    status: r.status,
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    trackingUrl: trackingUrl(r.carrier, r.trackingNumber),
    shipDate: r.shipDate,
    expectedDate: r.expectedDate,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    notes: r.notes,
    lines: extra.lines as Shipment['lines'],
    purchaseOrders: extra.purchaseOrders as Shipment['purchaseOrders'],
    orderLines: extra.orderLines as Shipment['orderLines'],
    orders: extra.orders as Shipment['orders'],
  }),
  list: {
    rowFields: {
      name: sql<string>`'Shipment ' || ${shipments.number}`,
      purchaseOrders: purchaseOrdersText,
      orders: ordersText,
    },
    defaultSort: '-created',
    search: (q) => sql`${shipments.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
  refuseDelete: (row) => (row.status === 'delivered' ? `${nameOf(row)} was delivered: it stays on record.` : null),
  transitions: {
    'mark-in-transit': {
      refuse: (row) =>
        row.status === 'booked' || row.status === 'exception'
          ? null
          : `${nameOf(row)} is ${row.status.replace('_', ' ')}.`,
      set: () => ({ status: 'in_transit' }),
    },
    'mark-exception': {
      refuse: (row) => (row.status === 'delivered' ? `${nameOf(row)} was delivered.` : null),
      set: () => ({ status: 'exception' }),
    },
    'mark-delivered': {
      // An inbound shipment with lines is delivered by receiving it, which also takes its stock in.
      refuse: (row) => (row.status === 'delivered' ? `${nameOf(row)} was already delivered.` : null),
      set: () => ({ status: 'delivered', deliveredAt: new Date() }),
    },
  },
});

/**
 * POST /shipments/{id}/receive: everything an inbound shipment carries is received on its
 * purchase orders in one step (each order's receipt, into its warehouse), and it is delivered.
 */
export async function receiveShipment(db: Executor, actor: Actor, id: string, confirmOverReceipt: boolean) {
  const row = await shipmentType.findRow(db, id, true);
  if (row.direction !== 'inbound') throw conflict(`${nameOf(row)} is outbound: there is nothing to receive.`);
  if (row.status === 'delivered') throw conflict(`${nameOf(row)} was already delivered.`);
  const lines = await db.select().from(shipmentLines).where(eq(shipmentLines.shipmentId, id));
  if (!lines.length) throw conflict(`${nameOf(row)} carries no purchase-order lines: mark it as delivered instead.`);
  const byOrder = new Map<string, typeof lines>();
  for (const l of lines) byOrder.set(l.purchaseOrderId, [...(byOrder.get(l.purchaseOrderId) ?? []), l]);
  // An order for a job with no warehouse of its own was shipped to the job's site: it arrives there.
  const toSite = new Set(
    (
      await db
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(
          and(
            inArray(purchaseOrders.id, [...byOrder.keys()]),
            isNull(purchaseOrders.warehouseId),
            isNotNull(purchaseOrders.customerJobId),
          ),
        )
    ).map((o) => o.id),
  );
  for (const [order, carried] of byOrder)
    await receivePurchaseOrder(db, actor, order, {
      lines: carried.map((l) => ({ line: l.lineId, quantity: l.quantityE4 / 10_000 })),
      note: `Arrived on ${nameOf(row)}`,
      deliveredToSite: toSite.has(order),
      confirmOverReceipt,
    });
  await shipmentType.transition(db, actor, id, 'mark-delivered');
  return shipmentType.get(db, actor, id);
}
