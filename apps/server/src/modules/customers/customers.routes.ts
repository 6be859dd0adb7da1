import { bulkActionSchema, customerInputSchema, customerSettingsSchema, listQuerySchema, P } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { exportCsv } from '../../platform/lists/export';
import { listPage } from '../../platform/lists/list';
import { recordSubRoutes } from '../../platform/records/record-routes';
import {
  archiveCustomer,
  bulkCustomers,
  CUSTOMER_CSV_COLUMNS,
  createCustomer,
  customerKind,
  deleteCustomer,
  findDuplicateCustomers,
  getCustomer,
  listSpecFor,
  setStoreLogin,
  updateConsent,
  updateCustomer,
} from './customers.service';

const modify = permission(P.MODIFY_USERS);
const remove = permission(P.DELETE_USERS);
const settings = permission(P.CUSTOMER_SETTINGS);
const version = z.object({ version: z.number().int().optional() });

export const customerRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/customers',
    access: modify,
    query: listQuerySchema,
    handler: ({ db, actor, query }) => listPage(db, listSpecFor(actor), query),
  }),
  defineRoute({
    method: 'POST',
    url: '/customers',
    access: modify,
    status: 201,
    body: customerInputSchema,
    handler: ({ db, actor, body }) => createCustomer(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/duplicates',
    access: modify,
    query: z.object({
      name: z.string().max(160).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(40).optional(),
      exclude: z.string().optional(),
    }),
    handler: ({ db, query }) => findDuplicateCustomers(db, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/customers/bulk',
    access: modify,
    body: bulkActionSchema,
    handler: ({ db, actor, body }) => bulkCustomers(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/export',
    access: permission(P.EXPORT_USERS),
    stream: true,
    query: listQuerySchema.extend({ format: z.literal('csv', { error: 'Exports are CSV files.' }).default('csv') }),
    handler: async ({ actor, query, scoped, reply }) =>
      exportCsv({
        actor,
        viewPermission: P.MODIFY_USERS,
        spec: listSpecFor(actor),
        query,
        columns: CUSTOMER_CSV_COLUMNS,
        fileName: 'customers',
        scoped,
        reply,
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/customers/:id',
    access: modify,
    params: idParams,
    handler: ({ db, params }) => getCustomer(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/customers/:id',
    access: modify,
    params: idParams,
    body: customerInputSchema.extend(version.shape),
    handler: ({ db, actor, params, body }) => updateCustomer(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/customers/:id/settings',
    access: settings,
    params: idParams,
    body: customerSettingsSchema.extend(version.shape),
    handler: ({ db, actor, params, body }) => updateConsent(db, actor, params.id, body.marketingConsent, body.version),
  }),
  ...(['invite', 'disable', 'enable'] as const).map((action) =>
    defineRoute({
      method: 'POST',
      url: `/customers/:id/login/${action}`,
      access: settings,
      params: idParams,
      handler: ({ db, actor, deps, params }) => setStoreLogin(db, actor, deps, params.id, action),
    }),
  ),
  defineRoute({
    method: 'POST',
    url: '/customers/:id/archive',
    access: remove,
    params: idParams,
    handler: ({ db, actor, params }) => archiveCustomer(db, actor, params.id, true),
  }),
  defineRoute({
    method: 'POST',
    url: '/customers/:id/restore',
    access: remove,
    params: idParams,
    handler: ({ db, actor, params }) => archiveCustomer(db, actor, params.id, false),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/customers/:id',
    access: remove,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteCustomer(db, actor, params.id),
  }),
  ...recordSubRoutes(customerKind),
];
