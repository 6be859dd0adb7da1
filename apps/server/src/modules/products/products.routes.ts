import { priceMeasureSchema, priceQuoteSchema } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { priceProduct, productType } from './products.service';

export const productRoutes: AnyRoute[] = [
  ...recordTypeRoutes(productType),
  defineRoute({
    method: 'POST',
    url: '/products/:id/price',
    summary: 'Price what was measured',
    access: permission(productType.entity.permission),
    params: idParams,
    body: priceMeasureSchema,
    response: priceQuoteSchema,
    // A read: order lines and the product page ask it; nothing is written.
    handler: ({ db, actor, params, body }) => priceProduct(db, actor, params.id, body),
  }),
];
