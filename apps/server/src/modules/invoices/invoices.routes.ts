import { KIND_SCHEMAS, KINDS, orderBillingSchema, P } from '@atelier/contracts';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { orderType } from '../orders';
import { invoicePdf, sendInvoice } from './invoice-send';
import { invoiceType } from './invoices.service';
import { orderBilling } from './order-billing';
import { recurringInvoiceType } from './recurring.service';

const kind = KINDS.invoice;
const detail = KIND_SCHEMAS.invoice.detail;

export const invoiceRoutes: AnyRoute[] = [
  ...recordTypeRoutes(invoiceType),
  ...recordTypeRoutes(recurringInvoiceType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary: 'Email the invoice to its customer as a PDF; a draft is issued by it',
    access: permission(P.SEND_INVOICES),
    params: idParams,
    response: detail,
    handler: ({ db, actor, deps, params }) => sendInvoice(db, actor, deps.storage, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The invoice as a PDF, to download or print',
    access: permission(kind.codes.modify),
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const invoice = await invoiceType.get(db, actor, params.id);
      return pdfReply(reply, invoice.number, await invoicePdf(db, actor, deps.storage, invoice));
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${KINDS.order.apiPath}/:id/billing`,
    summary: 'What an order comes to and what has been invoiced of it (contract, billed, retained, deposit)',
    // Seeing what an order was billed is keeping invoices (60) and seeing the order (5).
    access: permission(kind.codes.modify),
    params: idParams,
    response: orderBillingSchema,
    handler: async ({ db, actor, params }) => {
      assertAllowed(permission(KINDS.order.codes.modify), actor);
      return orderBilling(db, await orderType.findRow(db, params.id, false, actor));
    },
  }),
];
