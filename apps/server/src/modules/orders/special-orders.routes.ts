import {
  KINDS,
  purchaseSuggestionsSchema,
  specialOrderPurchaseSchema,
  specialOrderPurchasesSchema,
} from '@atelier/contracts';
import { assertAllowed, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { buySpecialOrders, purchaseSuggestions } from './special-orders';

const kind = KINDS.order;
// Buying an order's special orders makes purchase orders: keeping those (57) too.
const buying = permission(KINDS.purchase_order.codes.modify);

export const specialOrderRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id/purchase-suggestions`,
    summary: 'A confirmed order’s special-order lines to buy, by vendor, and those bought with their purchase order',
    access: permission(kind.codes.modify),
    params: idParams,
    response: purchaseSuggestionsSchema,
    handler: ({ db, actor, params }) => {
      assertAllowed(buying, actor);
      return purchaseSuggestions(db, actor, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/purchase-orders`,
    summary: 'Draft purchase orders, one per vendor, for a confirmed order’s special-order lines not yet bought',
    access: permission(kind.codes.modify),
    status: 201,
    params: idParams,
    body: specialOrderPurchaseSchema,
    response: specialOrderPurchasesSchema,
    handler: ({ db, actor, params, body }) => {
      assertAllowed(buying, actor);
      return buySpecialOrders(db, actor, params.id, body);
    },
  }),
];
