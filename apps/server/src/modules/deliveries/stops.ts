import {
  type DeliveryRoute,
  FEATURES,
  hasCode,
  KINDS,
  P,
  type stopDeliverSchema,
  type stopFailSchema,
  type ToDeliver,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { announce } from '../../platform/events/events';
import { drawnSignaturePng } from '../../platform/files/drawn-signature';
import { assertOwnImages, storeMadeFile } from '../../platform/files/files.service';
import { files } from '../../platform/files/files.table';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, HttpError, notFound } from '../../platform/http/errors';
import { onceFor } from '../../platform/idempotency/idempotency';
import { customers } from '../customers';
import { fulfilOrder, orderLines, orders, orderType } from '../orders';
import { deliveryRouteType, LIVE_STOP, refreshRoute, routeNumber } from './deliveries.service';
import { deliveryRoutes, deliveryStopLines, deliveryStops } from './deliveries.table';

type RouteRow = typeof deliveryRoutes.$inferSelect;
const NO_ROUTE = 'This delivery route does not exist.';

/** The module must be on; then a planner (83) may work any route, a driver their own. Others see nothing. */
function assertModule(actor: Actor) {
  const feature = KINDS.delivery_route.feature;
  if (!actor.features.includes(feature))
    throw new HttpError(
      403,
      'feature_disabled',
      `The ${FEATURES[feature].label} module (${feature}) is not enabled for your firm.`,
    );
}

/** The route, locked, if this person may work it (404 as for a missing one otherwise). */
async function workableRoute(db: Executor, actor: Actor, id: string): Promise<RouteRow> {
  assertModule(actor);
  if (!isUuid(id)) throw notFound(NO_ROUTE);
  const [row] = await db.select().from(deliveryRoutes).where(eq(deliveryRoutes.id, id)).for('update');
  if (!row || (!hasCode(actor.codes, P.MODIFY_DELIVERY_ROUTES) && row.driverId !== actor.userId))
    throw notFound(NO_ROUTE);
  return row;
}

/** A route read for someone who may work it (its driver reads the planner's record, without code 83). */
const routeFor = (db: Executor, actor: Actor, id: string): Promise<DeliveryRoute> =>
  deliveryRouteType.get(db, actor, id);

async function stopOf(db: Executor, route: RouteRow, stopId: string) {
  if (!isUuid(stopId)) throw notFound('This stop is not on this route.');
  const [stop] = await db
    .select()
    .from(deliveryStops)
    .where(and(eq(deliveryStops.id, stopId), eq(deliveryStops.routeId, route.id)))
    .for('update');
  if (!stop) throw notFound('This stop is not on this route.');
  return stop;
}

/** GET /delivery-routes/mine: the signed-in employee's routes from yesterday on, for their phone. */
export async function myRoutes(db: Executor, actor: Actor): Promise<DeliveryRoute[]> {
  assertModule(actor);
  const rows = await db
    .select({ id: deliveryRoutes.id })
    .from(deliveryRoutes)
    .where(
      and(
        eq(deliveryRoutes.driverId, actor.userId),
        sql`${deliveryRoutes.date} >= (now() AT TIME ZONE (SELECT f.time_zone FROM firms f WHERE f.id = ${actor.firmId}))::date - 1`,
      ),
    )
    .orderBy(deliveryRoutes.date, deliveryRoutes.number)
    .limit(20);
  return Promise.all(rows.map((r) => routeFor(db, actor, r.id)));
}

/** POST /delivery-routes/{id}/stops/{stop}/out: the driver leaves for this stop. */
export async function stopOut(db: Executor, actor: Actor, routeId: string, stopId: string): Promise<DeliveryRoute> {
  const route = await workableRoute(db, actor, routeId);
  const stop = await stopOf(db, route, stopId);
  if (stop.status !== 'scheduled')
    throw conflict(
      stop.status === 'out' ? 'This stop is already on its way.' : `This stop was already ${stop.status}.`,
    );
  await db.update(deliveryStops).set({ status: 'out', outAt: new Date() }).where(eq(deliveryStops.id, stop.id));
  await refreshRoute(db, route.id);
  await audit(db, actor, route, 'stop-out', { stop: stop.position + 1 });
  return routeFor(db, actor, route.id);
}

/**
 * POST /delivery-routes/{id}/stops/{stop}/fail: not delivered, and why. Its lines are to deliver
 * again (the next route is offered them).
 */
export async function stopFail(
  db: Executor,
  actor: Actor,
  routeId: string,
  stopId: string,
  body: z.output<typeof stopFailSchema>,
): Promise<DeliveryRoute> {
  const route = await workableRoute(db, actor, routeId);
  const stop = await stopOf(db, route, stopId);
  if (stop.status === 'delivered' || stop.status === 'failed') throw conflict(`This stop was already ${stop.status}.`);
  await db
    .update(deliveryStops)
    .set({ status: 'failed', failureReason: body.reason, failedAt: new Date(), recordedBy: actor.userId })
    .where(eq(deliveryStops.id, stop.id));
  await refreshRoute(db, route.id);
  await audit(db, actor, route, 'stop-failed', { stop: stop.position + 1, reason: body.reason });
  return routeFor(db, actor, route.id);
}

/**
 * POST /delivery-routes/{id}/stops/{stop}/deliver: the proof of delivery (recipient, notes,
 * photos, signature, damages), and the order's lines it carried handed over: stock movements
 * posted and the order fulfilled once everything is delivered. Once per Idempotency-Key: a proof
 * sent again (a flaky connection) answers the route as it is, and is stored once.
 */
export async function stopDeliver(
  db: Executor,
  actor: Actor,
  storage: LocalFileStorage,
  routeId: string,
  stopId: string,
  body: z.output<typeof stopDeliverSchema>,
  key: string | null,
): Promise<DeliveryRoute> {
  const route = await workableRoute(db, actor, routeId);
  const deliver = async () => {
    await deliverStop(db, actor, storage, route, stopId, body);
    return stopId;
  };
  if (key) await onceFor(db, actor.firmId, `delivery-proof:${stopId}`, key, body, deliver);
  else await deliver();
  return routeFor(db, actor, route.id);
}

async function deliverStop(
  db: Executor,
  actor: Actor,
  storage: LocalFileStorage,
  route: RouteRow,
  stopId: string,
  body: z.output<typeof stopDeliverSchema>,
) {
  const stop = await stopOf(db, route, stopId);
  if (stop.status === 'delivered' || stop.status === 'failed') throw conflict(`This stop was already ${stop.status}.`);
  const order = await orderType.findRow(db, stop.orderId, true);
  const name = `${order.prefix}${order.number}`;
  if (order.status === 'cancelled') throw conflict(`${name} was cancelled: nothing on it is delivered.`);
  const carried = await db.select().from(deliveryStopLines).where(eq(deliveryStopLines.stopId, stop.id));
  await checkPhotos(db, body);
  const errors: Record<string, string> = {};
  body.damages.forEach((d, i) => {
    const line = carried.find((l) => l.orderLineId === d.line);
    if (!line) errors[`damages.${i}.line`] = 'Not a line of this stop.';
    else if (Math.round(d.quantity * 10_000) > line.quantityE4)
      errors[`damages.${i}.quantity`] = 'More than this stop carries.';
  });
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const signature = body.signature ? await drawnSignaturePng(body.signature) : null;

  // What the stop carried is handed over: the order's own fulfilment posts the stock movements.
  const left = await db
    .select({
      id: orderLines.id,
      leftE4: sql<number>`(${orderLines.quantityE4} - ${orderLines.deliveredE4})::bigint`.mapWith(Number),
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.id,
        carried.map((l) => l.orderLineId),
      ),
    );
  const handed = carried
    .map((l) => ({
      line: l.orderLineId,
      quantity: Math.min(l.quantityE4, left.find((x) => x.id === l.orderLineId)?.leftE4 ?? 0) / 10_000,
    }))
    .filter((l) => l.quantity > 0);
  if (handed.length)
    await fulfilOrder(db, actor, order, {
      method: 'delivery',
      lines: handed,
      note: `Delivered on ${routeNumber(route)}, stop ${stop.position + 1}`,
      shipment: null,
    });

  const signatureFileId = signature
    ? await storeMadeFile(db, storage, actor, {
        entity: { type: KINDS.delivery_route.key, id: route.id },
        name: `${routeNumber(route)}-stop-${stop.position + 1}-signature.png`,
        contentType: 'image/png',
        bytes: signature,
      })
    : null;
  // The photos were uploaded on their own: they now belong to the route (its files, its history).
  const photoIds = [...body.photos, ...body.damages.flatMap((d) => d.photos)];
  if (photoIds.length)
    await db
      .update(files)
      .set({ entityType: KINDS.delivery_route.key, entityId: route.id })
      .where(and(inArray(files.id, photoIds), isNull(files.entityId)));
  await db
    .update(deliveryStops)
    .set({
      status: 'delivered',
      recipientName: body.recipientName,
      proofNotes: body.notes,
      photoIds: body.photos,
      signatureFileId,
      damages: body.damages.map((d) => ({
        orderLineId: d.line,
        quantityE4: Math.round(d.quantity * 10_000),
        note: d.note,
        photoIds: d.photos,
      })),
      deliveredAt: new Date(),
      recordedBy: actor.userId,
    })
    .where(eq(deliveryStops.id, stop.id));
  await refreshRoute(db, route.id);
  // What came damaged is for whoever handles returns (a return opened for it, linked to the stop).
  if (body.damages.length)
    await announce(db, actor, 'delivery.damaged', {
      stopId: stop.id,
      orderId: order.id,
      route: routeNumber(route),
      damages: body.damages.map((d) => ({
        orderLineId: d.line,
        quantityE4: Math.round(d.quantity * 10_000),
        note: d.note,
      })),
    });
  await audit(db, actor, route, 'stop-delivered', {
    stop: stop.position + 1,
    order: name,
    recipient: body.recipientName,
    ...(body.damages.length ? { damaged: body.damages.length } : {}),
  });
}

/** Every photo named must be one of this firm's uploaded images. */
const checkPhotos = (db: Executor, body: z.output<typeof stopDeliverSchema>) =>
  assertOwnImages(
    db,
    [
      ...body.photos.map((id, i) => ({ id, field: `photos.${i}` })),
      ...body.damages.flatMap((d, i) => d.photos.map((id, j) => ({ id, field: `damages.${i}.photos.${j}` }))),
    ],
    'A photo did not arrive: take it again.',
    'Upload the photo again.',
  );

const audit = (db: Executor, actor: Actor, route: RouteRow, action: string, after: Record<string, unknown>) =>
  recordAudit(db, actor, { entityType: KINDS.delivery_route.key, entityId: route.id, action, after });

/**
 * GET /delivery-routes/to-deliver: confirmed orders delivered by the firm with lines left to
 * deliver that no live stop carries (a failed stop's lines are offered again), oldest first.
 */
export async function toDeliver(db: Executor): Promise<ToDeliver> {
  const { rows } = await db.execute<{
    order_id: string;
    order_name: string;
    customer_id: string;
    customer_name: string;
    ship_to: ToDeliver[number]['address'];
    failed_before: boolean;
    lines: { line: string; name: string; sku: string; unit: string; quantity: number }[];
  }>(sql`
    SELECT o.id AS order_id, o.prefix || o.number AS order_name, c.id AS customer_id, c.name AS customer_name,
           o.ship_to, EXISTS (SELECT 1 FROM ${deliveryStops} fs WHERE fs.order_id = o.id AND fs.status = 'failed') AS failed_before,
           json_agg(json_build_object('line', x.id, 'name', x.name, 'sku', x.sku, 'unit', x.unit,
             'quantity', x.free_e4 / 10000.0) ORDER BY x.position) AS lines
      FROM ${orders} o
      JOIN ${customers} c ON c.id = o.customer_id
      JOIN LATERAL (
        SELECT l.id, l.name, l.sku, l.unit, l.position,
               l.quantity_e4 - l.delivered_e4 - COALESCE((SELECT sum(dl.quantity_e4) FROM ${deliveryStopLines} dl
                 JOIN ${deliveryStops} ds ON ds.id = dl.stop_id
                WHERE dl.order_line_id = l.id AND ds.status IN ${LIVE_STOP}), 0) AS free_e4
          FROM ${orderLines} l
         WHERE l.order_id = o.id AND l.counted AND l.quantity_e4 > l.delivered_e4) x ON x.free_e4 > 0
     WHERE o.status = 'confirmed' AND o.fulfilment = 'delivery'
     GROUP BY o.id, c.id
     ORDER BY o.confirmed_at NULLS LAST, o.number
     LIMIT 200`);
  return rows.map((r) => ({
    order: { _id: r.order_id, name: r.order_name },
    customer: { _id: r.customer_id, name: r.customer_name },
    address: r.ship_to,
    failedBefore: r.failed_before,
    lines: r.lines.map((l) => ({ ...l, quantity: Number(l.quantity) })),
  }));
}
