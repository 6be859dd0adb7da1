import { randomUUID } from 'node:crypto';
import {
  type Address,
  type DeliveryRoute,
  type DeliveryRouteRow,
  deliveryRouteInputSchema,
  KINDS,
} from '@atelier/contracts';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { badRequest, conflict } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { buildSearchText, likePattern } from '../../platform/lists/list';
import { notify } from '../../platform/notifications/notifications.service';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { defineRecordType } from '../../platform/records/lifecycle';
import { personColumn } from '../../platform/records/record-table';
import { activeStaffOrNone } from '../../platform/records/records';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { orderLines, orders } from '../orders';
import { deliveryRoutes, deliveryStopLines, deliveryStops } from './deliveries.table';

type Input = z.output<typeof deliveryRouteInputSchema>;
type Row = typeof deliveryRoutes.$inferSelect;

export const routeNumber = (row: { prefix: string; number: number }) => `${row.prefix}${row.number}`;
const numberText = sql<string>`(${deliveryRoutes.prefix} || ${deliveryRoutes.number})`;
const driverRef = personColumn(deliveryRoutes.driverId);

/** Stops still to be driven or on their way: what they carry is planned, not "to deliver". */
export const LIVE_STOP = sql.raw(`('scheduled', 'out')`); // constant SQL: two status words

/** A stop as planned: its id (kept or new), its order, address, window, notes and lines. */
type PlannedStop = {
  id: string;
  keep: boolean;
  orderId: string;
  address: Address | null;
  windowStart: string | null;
  windowEnd: string | null;
  notes: string;
  lines: { orderLineId: string; quantityE4: number }[];
};
const planned = new WeakMap<Input, PlannedStop[]>();

const fmt = (e4: number) => (e4 / 10_000).toLocaleString('en-US', { maximumFractionDigits: 4 });

/**
 * The route's stops checked against its orders: each order this firm's and confirmed (a draft is
 * not delivered, a cancelled one never), each line the order's, and no more of a line than is
 * left to deliver once the other routes' live stops are counted. A stop already on its way,
 * delivered or failed stays as it was. 400s name the field (`stops.2.lines.0.quantity`).
 */
async function planStops(db: Executor, input: Input, before: Row | null): Promise<PlannedStop[]> {
  const existing = before
    ? await db
        .select({ id: deliveryStops.id, status: deliveryStops.status, orderId: deliveryStops.orderId })
        .from(deliveryStops)
        .where(eq(deliveryStops.routeId, before.id))
    : [];
  const mine = new Map(existing.map((s) => [s.id, s]));
  const errors: Record<string, string> = {};
  input.stops.forEach((s, i) => {
    if (s.id && !mine.has(s.id)) errors[`stops.${i}.id`] = 'Not a stop of this route.';
  });
  const named = new Set(input.stops.flatMap((s) => (s.id ? [s.id] : [])));
  const dropped = existing.filter((s) => s.status !== 'scheduled' && !named.has(s.id));
  if (dropped.length)
    throw conflict('A stop already on its way, delivered or failed stays on its route: keep it in the list.');

  const orderIds = [...new Set(input.stops.map((s) => s.order))];
  const found = orderIds.length
    ? await db
        .select({
          id: orders.id,
          name: sql<string>`${orders.prefix} || ${orders.number}`,
          status: orders.status,
          shipTo: orders.shipTo,
        })
        .from(orders)
        .where(inArray(orders.id, orderIds))
    : [];
  const byOrder = new Map(found.map((o) => [o.id, o]));
  const lines = orderIds.length
    ? await db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          name: orderLines.name,
          leftE4: sql<number>`(${orderLines.quantityE4} - ${orderLines.deliveredE4})::bigint`.mapWith(Number),
          // Planned on other routes' live stops (this route's own are planned again here).
          plannedE4: sql<number>`COALESCE((SELECT sum(dl.quantity_e4) FROM ${deliveryStopLines} dl
              JOIN ${deliveryStops} ds ON ds.id = dl.stop_id
             WHERE dl.order_line_id = ${qualified(orderLines.id)} AND ds.status IN ${LIVE_STOP}
               AND ds.route_id IS DISTINCT FROM ${before?.id ?? null}::uuid), 0)::bigint`.mapWith(Number),
        })
        .from(orderLines)
        .where(and(inArray(orderLines.orderId, orderIds), eq(orderLines.counted, true)))
        .orderBy(orderLines.position)
    : [];
  // What this route's plan takes of each line, across its stops.
  const taken = new Map<string, number>();
  // Stops naming their lines take them first; a stop taking "all that is left" takes the rest.
  const sequence = input.stops.map((s, i) => ({ s, i })).sort((a, b) => Number(!a.s.lines) - Number(!b.s.lines));
  const made: PlannedStop[] = new Array(input.stops.length);
  for (const { s, i } of sequence) made[i] = planOne(s, i);
  function planOne(s: Input['stops'][number], i: number): PlannedStop {
    const was = s.id ? mine.get(s.id) : undefined;
    const keep = !!was && was.status !== 'scheduled';
    const order = byOrder.get(s.order);
    if (keep) {
      if (was!.orderId !== s.order) errors[`stops.${i}.order`] = 'A stop already driven keeps its order.';
      return {
        id: s.id!,
        keep,
        orderId: s.order,
        address: s.address,
        windowStart: s.windowStart,
        windowEnd: s.windowEnd,
        notes: s.notes,
        lines: [],
      };
    }
    if (!order) errors[`stops.${i}.order`] = 'Choose an order from the list.';
    else if (order.status !== 'confirmed')
      errors[`stops.${i}.order`] =
        order.status === 'draft'
          ? `${order.name} is a draft: confirm it before planning its delivery.`
          : `${order.name} is ${order.status}: there is nothing to deliver.`;
    const own = lines.filter((l) => l.orderId === s.order);
    const wanted = s.lines
      ? s.lines.map((l, j) => {
          const line = own.find((o) => o.id === l.line);
          if (!line) errors[`stops.${i}.lines.${j}.line`] = 'Not a line of this order.';
          return { orderLineId: l.line, quantityE4: Math.round(l.quantity * 10_000), at: j };
        })
      : own
          .map((l) => ({ orderLineId: l.id, quantityE4: l.leftE4 - l.plannedE4 - (taken.get(l.id) ?? 0), at: -1 }))
          .filter((l) => l.quantityE4 > 0);
    for (const w of wanted) {
      const line = own.find((o) => o.id === w.orderLineId);
      if (!line) continue;
      const free = line.leftE4 - line.plannedE4 - (taken.get(line.id) ?? 0);
      if (w.quantityE4 > free && w.at >= 0)
        errors[`stops.${i}.lines.${w.at}.quantity`] =
          free > 0
            ? `Only ${fmt(free)} of ${line.name} ${free === 10_000 ? 'is' : 'are'} left to deliver.`
            : `${line.name} is planned or delivered in full.`;
      taken.set(line.id, (taken.get(line.id) ?? 0) + w.quantityE4);
    }
    if (order && order.status === 'confirmed' && !wanted.length)
      errors[`stops.${i}.order`] = `${order.name} has nothing left to deliver.`;
    return {
      id: s.id ?? randomUUID(),
      keep,
      orderId: s.order,
      address: s.address ?? order?.shipTo ?? null,
      windowStart: s.windowStart,
      windowEnd: s.windowEnd,
      notes: s.notes,
      lines: wanted.map(({ orderLineId, quantityE4 }) => ({ orderLineId, quantityE4 })),
    };
  }
  const stops = made;
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted stops.',
      errors,
    );
  return stops;
}

const stopsJson = sql`COALESCE((SELECT json_agg(json_build_object(
    '_id', s.id, 'position', s.position, 'status', s.status,
    'order', json_build_object('_id', o.id, 'name', o.prefix || o.number, 'status', o.status),
    'customer', json_build_object('_id', c.id, 'name', c.name,
        'phone', COALESCE((SELECT p->>'number' FROM jsonb_array_elements(c.phones) p LIMIT 1), '')),
    'address', s.address, 'windowStart', s.window_start, 'windowEnd', s.window_end, 'notes', s.notes,
    'lines', COALESCE((SELECT json_agg(json_build_object('_id', dl.id, 'line', ol.id, 'name', ol.name, 'sku', ol.sku,
          'unit', ol.unit, 'quantity', dl.quantity_e4 / 10000.0) ORDER BY ol.position)
        FROM ${deliveryStopLines} dl JOIN ${orderLines} ol ON ol.id = dl.order_line_id WHERE dl.stop_id = s.id), '[]'::json),
    'failureReason', s.failure_reason,
    'proof', CASE WHEN s.status <> 'delivered' THEN NULL ELSE json_build_object(
        'recipientName', s.recipient_name, 'notes', s.proof_notes,
        'deliveredAt', to_char(s.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'photos', COALESCE((SELECT json_agg(json_build_object('_id', f, 'url', '/api/v1/files/' || f)) FROM unnest(s.photo_ids) f), '[]'::json),
        'signatureUrl', CASE WHEN s.signature_file_id IS NULL THEN NULL ELSE '/api/v1/files/' || s.signature_file_id END,
        'damages', COALESCE((SELECT json_agg(json_build_object('line', d->>'orderLineId',
              'name', (SELECT l.name FROM ${orderLines} l WHERE l.id = (d->>'orderLineId')::uuid),
              'quantity', (d->>'quantityE4')::bigint / 10000.0, 'note', d->>'note',
              'photos', COALESCE((SELECT json_agg(json_build_object('_id', f, 'url', '/api/v1/files/' || f))
                 FROM jsonb_array_elements_text(d->'photoIds') f), '[]'::json)))
            FROM jsonb_array_elements(s.damages) d), '[]'::json),
        'recordedBy', (SELECT json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name))
            FROM ${users} u WHERE u.id = s.recorded_by)) END)
    ORDER BY s.position)
  FROM ${deliveryStops} s JOIN ${orders} o ON o.id = s.order_id JOIN ${customers} c ON c.id = o.customer_id
  WHERE s.route_id = ${qualified(deliveryRoutes.id)}), '[]'::json)`;

/**
 * Delivery routes: planned by holders of code 83 (a day, a driver, a vehicle, ordered stops),
 * driven by their driver, each stop delivered with its proof or failed (decision 0040).
 */
export const deliveryRouteType = defineRecordType<
  typeof deliveryRoutes,
  typeof deliveryRouteInputSchema,
  DeliveryRoute,
  DeliveryRouteRow
>({
  kind: KINDS.delivery_route,
  table: deliveryRoutes,
  input: deliveryRouteInputSchema,
  title: (row) => routeNumber(row),
  search: {
    title: numberText,
    subtitle: sql<string>`concat_ws(' · ', to_char(${deliveryRoutes.date}, 'Mon DD, YYYY'),
      (SELECT trim(u.first_name || ' ' || u.last_name) FROM ${users} u WHERE u.id = ${qualified(deliveryRoutes.driverId)}))`,
    text: deliveryRoutes.searchText,
  },
  columns: async (db, actor, input, before) => {
    if (before?.status === 'completed') throw conflict(`${routeNumber(before)} was driven: it no longer changes.`);
    const driverId = input.driver ? await activeStaffOrNone(db, input.driver) : null;
    if (input.driver && !driverId)
      throw badRequest('Choose a driver who works here.', { driver: 'Choose a driver from the list.' });
    const stops = await planStops(db, input, before);
    planned.set(input, stops);
    const numbered = before
      ? { prefix: before.prefix, number: before.number }
      : {
          prefix: (await getSettingsGroup(db, actor.firmId, 'deliverySettings')).prefix,
          number: await nextNumber(db, actor.firmId, 'delivery_route'),
        };
    const [driver] = driverId
      ? await db
          .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
          .from(users)
          .where(eq(users.id, driverId))
      : [];
    return {
      ...numbered,
      date: input.date,
      driverId,
      vehicle: input.vehicle,
      notes: input.notes,
      stopCount: stops.length,
      searchText: buildSearchText([routeNumber(numbered), driver?.name ?? '', input.vehicle, input.notes]),
    };
  },
  afterWrite: async (db, row, before, input) => {
    if (!input) return;
    // A driver newly given the route hears of it, with a link to their phone view.
    if (row.driverId && row.driverId !== before?.driverId && row.driverId !== row.updatedBy)
      await notify(
        db,
        row.firmId,
        row.driverId,
        `You drive ${routeNumber(row)} on ${row.date}: ${row.stopCount} ${row.stopCount === 1 ? 'stop' : 'stops'}.`,
        `${KINDS.delivery_route.webPath}/mine`,
      );
    const stops = planned.get(input)!;
    const ids = stops.map((s) => s.id);
    // Scheduled stops left out go (with their lines); those kept take their new place.
    await db
      .delete(deliveryStops)
      .where(and(eq(deliveryStops.routeId, row.id), ids.length ? notInArray(deliveryStops.id, ids) : sql`true`));
    if (!stops.length) return refreshRoute(db, row.id);
    await db
      .insert(deliveryStops)
      .values(
        stops.map((s, position) => ({
          id: s.id,
          firmId: row.firmId,
          routeId: row.id,
          position,
          orderId: s.orderId,
          address: s.address,
          windowStart: s.windowStart,
          windowEnd: s.windowEnd,
          notes: s.notes,
        })),
      )
      .onConflictDoUpdate({
        target: deliveryStops.id,
        set: {
          position: sql`excluded.position`,
          address: sql`excluded.address`,
          windowStart: sql`excluded.window_start`,
          windowEnd: sql`excluded.window_end`,
          notes: sql`excluded.notes`,
        },
      });
    const replanned = stops.filter((s) => !s.keep);
    if (replanned.length) {
      await db.delete(deliveryStopLines).where(
        inArray(
          deliveryStopLines.stopId,
          replanned.map((s) => s.id),
        ),
      );
      const values = replanned.flatMap((s) =>
        s.lines.map((l) => ({
          firmId: row.firmId,
          stopId: s.id,
          orderLineId: l.orderLineId,
          quantityE4: l.quantityE4,
        })),
      );
      if (values.length) await db.insert(deliveryStopLines).values(values);
    }
    await refreshRoute(db, row.id);
  },
  refuseDelete: (row) =>
    row.status === 'scheduled' ? null : `${routeNumber(row)} was driven: its deliveries stay on record.`,
  audited: (r) => ({
    number: routeNumber(r),
    date: r.date,
    driver: r.driverId,
    vehicle: r.vehicle,
    status: r.status,
    stopCount: r.stopCount,
    deliveredCount: r.deliveredCount,
    notes: r.notes,
  }),
  extra: { driver: driverRef, stops: stopsJson },
  detail: (r, extra) => ({
    number: routeNumber(r),
    name: routeNumber(r),
    date: r.date,
    status: r.status,
    driver: extra.driver as DeliveryRoute['driver'],
    vehicle: r.vehicle,
    notes: r.notes,
    stops: (extra.stops as DeliveryRoute['stops']).map((s) => ({
      ...s,
      lines: s.lines.map((l) => ({ ...l, quantity: Number(l.quantity) })),
      proof: s.proof
        ? { ...s.proof, damages: s.proof.damages.map((d) => ({ ...d, quantity: Number(d.quantity) })) }
        : null,
    })),
  }),
  list: {
    rowFields: { number: numberText, name: numberText, driver: driverRef },
    defaultSort: '-date',
    search: (q) => sql`${deliveryRoutes.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
  },
});

/** The route's status and counts, from its stops: scheduled until one leaves, completed when none is left to drive. */
export async function refreshRoute(db: Executor, routeId: string): Promise<void> {
  await db.execute(sql`
    UPDATE ${deliveryRoutes} r SET
      stop_count = x.stops, delivered_count = x.delivered,
      status = CASE WHEN x.stops > 0 AND x.open = 0 THEN 'completed'
                    WHEN x.started > 0 THEN 'in_progress' ELSE 'scheduled' END
      FROM (SELECT count(*)::int AS stops,
                   count(*) FILTER (WHERE s.status = 'delivered')::int AS delivered,
                   count(*) FILTER (WHERE s.status IN ('scheduled', 'out'))::int AS open,
                   count(*) FILTER (WHERE s.status <> 'scheduled')::int AS started
              FROM ${deliveryStops} s WHERE s.route_id = ${routeId}) x
     WHERE r.id = ${routeId}`);
}
