import { KINDS, returnableLineSchema } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { orderType } from '../orders';
import { returnableLines } from './return-lines';
import { returnType } from './returns.service';
import { vendorClaimType } from './vendor-claims.service';

export const returnRoutes: AnyRoute[] = [
  ...recordTypeRoutes(returnType),
  ...recordTypeRoutes(vendorClaimType),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/returnable',
    summary: "An order's delivered lines: what came back already and what still may",
    access: permission(KINDS.return.codes.modify),
    params: idParams,
    response: z.strictObject({ items: z.array(returnableLineSchema) }),
    handler: async ({ db, params }) => {
      const order = await orderType.findRow(db, params.id);
      return { items: await returnableLines(db, order.id) };
    },
  }),
];
