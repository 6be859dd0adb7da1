import { KIND_SCHEMAS, KINDS } from '@atelier/contracts';
import { z } from 'zod';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { receiveShipment, shipmentType } from './shipments.service';

const kind = KINDS.shipment;

export const shipmentRoutes: AnyRoute[] = [
  ...recordTypeRoutes(shipmentType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/receive`,
    summary: 'Receive everything an inbound shipment carries on its purchase orders, and mark it delivered',
    access: permission(kind.codes.modify),
    params: idParams,
    body: z.strictObject({ confirmOverReceipt: z.boolean().default(false) }).default({ confirmOverReceipt: false }),
    response: KIND_SCHEMAS.shipment.detail,
    handler: ({ db, actor, params, body }) => {
      // Receiving takes stock in on purchase orders: their code too (57).
      assertAllowed(permission(KINDS.purchase_order.codes.modify), actor);
      return receiveShipment(db, actor, params.id, body.confirmOverReceipt);
    },
  }),
];
