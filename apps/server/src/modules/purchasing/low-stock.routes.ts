import {
  KINDS,
  lowStockOrderSchema,
  lowStockOrdersSchema,
  lowStockPageSchema,
  lowStockQuerySchema,
} from '@atelier/contracts';
import { assertAllowed, permission } from '../../platform/http/access';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { materialsAccess, mayUseMaterials } from '../stock';
import { listLowStock, orderLowStock } from './low-stock.service';

// Low stock is the products' page (spec: code 1; materials' rows with their module and code 34);
// making purchase orders from it also needs theirs (57).
const products = permission(KINDS.product.codes.modify);

export const lowStockRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/low-stock',
    summary: 'Items at or below their reorder point on forecast, per warehouse, with what to order from whom',
    access: products,
    query: lowStockQuerySchema,
    response: lowStockPageSchema,
    handler: ({ db, actor, query }) => listLowStock(db, query, mayUseMaterials(actor)),
  }),
  defineRoute({
    method: 'POST',
    url: '/low-stock/purchase-orders',
    summary: 'Draft purchase orders from low stock: one per preferred vendor and warehouse',
    access: permission(KINDS.purchase_order.codes.modify),
    status: 201,
    body: lowStockOrderSchema,
    response: lowStockOrdersSchema,
    handler: ({ db, actor, body }) => {
      assertAllowed(products, actor);
      if (body.rows.some((r) => r.item.type === 'material')) assertAllowed(materialsAccess, actor);
      return orderLowStock(db, actor, body);
    },
  }),
];
