import {
  KIND_SCHEMAS,
  KINDS,
  orderFulfilSchema,
  sellableItemQuerySchema,
  sellableItemSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { orderPdf, sendOrder } from './order-send';
import { fulfilOrder } from './order-stock';
import { orderType } from './orders.service';
import { sellableItems } from './sellable.service';

const kind = KINDS.order;
const detail = KIND_SCHEMAS.order.detail;

export const orderRoutes: AnyRoute[] = [
  // Before the record routes: `items` is not an order's id.
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/items`,
    summary: 'Items for an order’s lines by name, SKU or barcode, with their price and what is available',
    access: permission(kind.codes.modify),
    query: sellableItemQuerySchema,
    response: z.array(sellableItemSchema),
    handler: ({ db, actor, query }) => sellableItems(db, actor, query),
  }),
  ...recordTypeRoutes(orderType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/fulfil`,
    summary: 'Hand over what is left of an order (picked up or shipped): stock leaves the warehouse',
    access: permission(kind.codes.modify),
    params: idParams,
    body: orderFulfilSchema,
    response: detail,
    handler: async ({ db, actor, params, body }) => {
      // Shipping makes a shipment record: keeping shipments (18) too.
      if (body.method === 'shipment') assertAllowed(permission(KINDS.shipment.codes.modify), actor);
      const row = await orderType.findRow(db, params.id, true, actor);
      await fulfilOrder(db, actor, row, body);
      return orderType.get(db, actor, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary: 'Email the order to its customer as a PDF (its confirmation once confirmed)',
    access: permission(kind.codes.modify),
    params: idParams,
    response: detail,
    handler: ({ db, actor, deps, params }) => sendOrder(db, actor, deps.storage, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The order as a PDF, to download or print',
    access: permission(kind.codes.modify),
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const order = await orderType.get(db, actor, params.id);
      const pdf = await orderPdf(db, actor, deps.storage, order);
      return pdfReply(reply, order.number, pdf);
    },
  }),
];
