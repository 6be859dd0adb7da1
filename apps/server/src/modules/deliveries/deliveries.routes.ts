import {
  deliveryRouteSchema,
  KIND_SCHEMAS,
  KINDS,
  stopDeliverSchema,
  stopFailSchema,
  toDeliverSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { deliveryRouteType } from './deliveries.service';
import { routeSheetPdf } from './route-sheet';
import { myRoutes, stopDeliver, stopFail, stopOut, toDeliver } from './stops';

const kind = KINDS.delivery_route;
const access = permission(kind.codes.modify, kind.feature);
const stopParams = z.object({ id: z.string(), stop: z.string() });

// A driver works their own routes without code 83: these routes check the module and who is
// asking themselves (planners with 83 may work any route).
export const deliveryRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/mine`,
    summary: "The signed-in employee's own routes from yesterday on (the driver's phone view)",
    access: SIGNED_IN,
    response: z.array(deliveryRouteSchema),
    handler: ({ db, actor }) => myRoutes(db, actor),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/to-deliver`,
    summary: 'Confirmed orders with lines left to deliver that no planned stop carries',
    access,
    response: toDeliverSchema,
    handler: ({ db }) => toDeliver(db),
  }),
  ...recordTypeRoutes(deliveryRouteType),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/sheet`,
    summary: 'The printable route sheet: stops in order and what to load',
    access,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const route = await deliveryRouteType.get(db, actor, params.id);
      return pdfReply(reply, `${route.number} route sheet`, await routeSheetPdf(db, actor.firmId, deps.storage, route));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/stops/:stop/out`,
    summary: 'The driver leaves for a stop',
    access: SIGNED_IN,
    params: stopParams,
    response: KIND_SCHEMAS.delivery_route.detail,
    handler: ({ db, actor, params }) => stopOut(db, actor, params.id, params.stop),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/stops/:stop/deliver`,
    summary: 'Proof of delivery: the stop is delivered and its order lines handed over (once per Idempotency-Key)',
    access: SIGNED_IN,
    params: stopParams,
    body: stopDeliverSchema,
    response: KIND_SCHEMAS.delivery_route.detail,
    handler: ({ db, actor, deps, params, body, req }) =>
      stopDeliver(db, actor, deps.storage, params.id, params.stop, body, idempotencyKeyOf(req.headers)),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/stops/:stop/fail`,
    summary: 'A stop could not be delivered: its lines are to deliver again',
    access: SIGNED_IN,
    params: stopParams,
    body: stopFailSchema,
    response: KIND_SCHEMAS.delivery_route.detail,
    handler: ({ db, actor, params, body }) => stopFail(db, actor, params.id, params.stop, body),
  }),
];
