import { P, warehouseInputSchema, withVersion } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import { createWarehouse, getWarehouse, listWarehouses, updateWarehouse } from './warehouses.service';

const access = permission(P.MODIFY_WAREHOUSES);

export const warehouseRoutes = [
  defineRoute({ method: 'GET', url: '/warehouses', access, handler: ({ db }) => listWarehouses(db) }),
  defineRoute({
    method: 'POST',
    url: '/warehouses',
    access,
    status: 201,
    body: warehouseInputSchema,
    handler: ({ db, actor, body }) => createWarehouse(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouses/:id',
    access,
    params: idParams,
    handler: ({ db, params }) => getWarehouse(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/warehouses/:id',
    access,
    params: idParams,
    body: withVersion(warehouseInputSchema),
    handler: ({ db, actor, params, body }) => updateWarehouse(db, actor, params.id, body),
  }),
];
