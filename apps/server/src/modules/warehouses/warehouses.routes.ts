import { SETTINGS_KINDS, warehouseInputSchema, warehouseSchema, withVersion } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import { createWarehouse, getWarehouse, listWarehouses, updateWarehouse } from './warehouses.service';

const kind = SETTINGS_KINDS.warehouse;
const access = permission(kind.codes.modify);

export const warehouseRoutes = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    access,
    response: z.array(warehouseSchema),
    handler: ({ db }) => listWarehouses(db),
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    access,
    status: 201,
    body: warehouseInputSchema,
    response: warehouseSchema,
    handler: ({ db, actor, body }) => createWarehouse(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    access,
    params: idParams,
    response: warehouseSchema,
    handler: ({ db, params }) => getWarehouse(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    access,
    params: idParams,
    body: withVersion(warehouseInputSchema),
    response: warehouseSchema,
    handler: ({ db, actor, params, body }) => updateWarehouse(db, actor, params.id, body),
  }),
];
