import { diffRevisions, KIND_SCHEMAS, KINDS, type OrderRevision, orderRevisionSchema } from '@atelier/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { orderRevisions, orders, orderType } from '../orders';
import { changeOrderPdf, revokeChangeOrderLink, sendChangeOrder } from './change-order-send';
import { changeOrderType } from './change-orders.service';
import { changeOrders } from './change-orders.table';

const kind = KINDS.change_order;
const access = permission(kind.codes.modify);

/** An order's revisions, newest first, each with what changed from the one before and the change order that made it. */
async function orderRevisionsOf(db: Executor, actor: Actor, id: string): Promise<OrderRevision[]> {
  await orderType.findRow(db, id, false, actor);
  const rows = await db
    .select({
      revision: orderRevisions.revision,
      at: orderRevisions.createdAt,
      totalCents: orderRevisions.totalCents,
      lines: orderRevisions.lines,
      changeOrder: sql<{ _id: string; name: string } | null>`(SELECT json_build_object('_id', c.id,
        'name', o.prefix || o.number || ' · change ' || c.sequence)
        FROM ${changeOrders} c JOIN ${orders} o ON o.id = c.order_id WHERE c.id = ${orderRevisions.changeOrderId})`,
    })
    .from(orderRevisions)
    .where(eq(orderRevisions.orderId, id))
    .orderBy(asc(orderRevisions.revision));
  return rows
    .map((r, i) => ({
      revision: r.revision,
      at: r.at.toISOString(),
      totalCents: r.totalCents,
      changeOrder: r.changeOrder,
      changes: i === 0 ? [] : diffRevisions(rows[i - 1]!.lines, r.lines),
    }))
    .reverse();
}

export const changeOrderRoutes: AnyRoute[] = [
  ...recordTypeRoutes(changeOrderType),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/send`,
    summary:
      'Email the change order to the order’s customer as a PDF, with a link to approve it online; a draft becomes sent',
    access,
    params: idParams,
    response: KIND_SCHEMAS.change_order.detail,
    handler: ({ db, actor, deps, params }) =>
      sendChangeOrder(db, actor, { storage: deps.storage, appUrl: deps.config.appUrl }, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/revoke`,
    summary: 'Stop the link sent to approve the change order from working',
    access,
    params: idParams,
    response: KIND_SCHEMAS.change_order.detail,
    handler: ({ db, actor, params }) => revokeChangeOrderLink(db, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/pdf`,
    summary: 'The change order as a PDF, to download, print or have signed',
    access,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const co = await changeOrderType.get(db, actor, params.id);
      const pdf = await changeOrderPdf(db, actor, deps.storage, co);
      return pdfReply(reply, `${co.order.name}-change-${co.sequence}`, pdf);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${KINDS.order.apiPath}/:id/revisions`,
    summary: 'An order’s revisions: as confirmed, then after each approved change order, with what changed',
    access: permission(KINDS.order.codes.modify),
    params: idParams,
    response: z.array(orderRevisionSchema),
    handler: ({ db, actor, params }) => orderRevisionsOf(db, actor, params.id),
  }),
];
