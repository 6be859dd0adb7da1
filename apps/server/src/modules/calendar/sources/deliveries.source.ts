import { hasCode, P, ROUTE_STATUS_LABELS } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import { deliveryRoutes, deliveryRouteType } from '../../deliveries';
import { type CalendarSource, datedRows, maySeeKind } from '../sources';

/**
 * Delivery routes on their day, for their driver. Planners (83) see every route; anyone else on
 * the staff sees the routes they drive, as their phone view does. Only a route nobody has
 * started moves.
 */
export const deliverySource: CalendarSource = {
  kind: 'delivery_route',
  visible: (actor) => actor.features.includes('delivery_management'),
  rows: (db, actor, window) =>
    datedRows(
      db,
      actor,
      {
        table: deliveryRoutes,
        start: deliveryRoutes.date,
        person: deliveryRoutes.driverId,
        title: sql<string>`${deliveryRoutes.prefix} || ${deliveryRoutes.number}`,
        subtitle: sql<string>`concat_ws(' · ',
          ${deliveryRoutes.stopCount} || CASE WHEN ${deliveryRoutes.stopCount} = 1 THEN ' stop' ELSE ' stops' END,
          NULLIF(${deliveryRoutes.vehicle}, ''))`,
        status: deliveryRoutes.status,
        statusLabels: ROUTE_STATUS_LABELS,
        where: hasCode(actor.codes, P.MODIFY_DELIVERY_ROUTES) ? undefined : eq(deliveryRoutes.driverId, actor.userId),
      },
      window,
    ),
  move: {
    allowed: (actor) => maySeeKind(actor, 'delivery_route'),
    refuse: (row) => (row.state === 'scheduled' ? null : `${row.title} is on the road or driven: it stays on its day.`),
    // The route as its page saves it, on another day: the same driver, vehicle and stops.
    run: async (db, actor, id, version, date) => {
      const route = await deliveryRouteType.get(db, actor, id);
      await deliveryRouteType.update(db, actor, id, {
        date,
        driver: route.driver?._id ?? null,
        vehicle: route.vehicle,
        notes: route.notes,
        stops: route.stops.map((s) => ({
          id: s._id,
          order: s.order._id,
          lines: s.lines.map((l) => ({ line: l.line, quantity: l.quantity })),
          address: s.address,
          windowStart: s.windowStart,
          windowEnd: s.windowEnd,
          notes: s.notes,
        })),
        version,
      });
    },
  },
};
