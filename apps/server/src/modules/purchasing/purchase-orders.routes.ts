import { KIND_SCHEMAS, KINDS, P, purchaseReceiveSchema, vendorAnalyticsSchema } from '@atelier/contracts';
import { z } from 'zod';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { purchaseOrderType } from './purchase-orders.service';
import { receivePurchaseOrder, reverseReceipt } from './receiving.service';
import { purchaseOrderPdf, sendPurchaseOrder } from './send.service';
import { vendorAnalytics } from './vendor-analytics.service';

const kind = KINDS.purchase_order;
// Receiving is part of keeping purchase orders (57): whoever keeps them takes deliveries in.
const modify = permission(kind.codes.modify);
const detail = KIND_SCHEMAS.purchase_order.detail;

export const purchaseOrderRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${KINDS.vendor.apiPath}/:id/analytics`,
    summary: 'A vendor’s spend per month, on-time rate and average lead time, from real receipts',
    // The vendor's tab (29), about purchase orders (57): both.
    access: permission(KINDS.vendor.codes.modify),
    params: idParams,
    response: vendorAnalyticsSchema,
    handler: ({ db, actor, params }) => {
      assertAllowed(modify, actor);
      return vendorAnalytics(db, params.id);
    },
  }),
  ...recordTypeRoutes(purchaseOrderType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/receive`,
    summary: 'Receive quantities of its lines into a warehouse (stock comes in at landed cost)',
    access: modify,
    params: idParams,
    body: purchaseReceiveSchema,
    response: detail,
    handler: ({ db, actor, params, body }) => receivePurchaseOrder(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary: 'Email the order to its vendor as a PDF (a draft becomes sent; an edited one goes as revised)',
    access: permission(P.SEND_PURCHASE_ORDERS),
    params: idParams,
    response: detail,
    handler: ({ db, actor, deps, params }) => {
      assertAllowed(modify, actor);
      return sendPurchaseOrder(db, actor, deps.storage, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The order as a PDF, to download or print',
    access: modify,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const order = await purchaseOrderType.get(db, actor, params.id);
      const pdf = await purchaseOrderPdf(db, actor, deps.storage, order);
      return pdfReply(reply, order.number, pdf);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/receipts/:receiptId/reverse`,
    summary: 'Reverse a receipt: its stock leaves again at the cost it came in at',
    access: modify,
    params: z.object({ id: z.string(), receiptId: z.string() }),
    response: detail,
    handler: ({ db, actor, params }) => reverseReceipt(db, actor, params.id, params.receiptId),
  }),
];
