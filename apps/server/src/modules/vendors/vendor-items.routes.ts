import {
  SETTINGS_KINDS,
  vendorItemInputSchema,
  vendorItemSchema,
  vendorItemsQuerySchema,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import {
  createVendorItem,
  deleteVendorItem,
  getVendorItem,
  listVendorItems,
  updateVendorItem,
} from './vendor-items.service';

const kind = SETTINGS_KINDS.vendorItem;
const access = permission(kind.codes.modify);

export const vendorItemRoutes = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    summary: 'A vendor’s items, or the vendors of a product or material',
    access,
    query: vendorItemsQuerySchema,
    response: z.array(vendorItemSchema),
    handler: ({ db, query }) => listVendorItems(db, query),
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Add what a vendor sells',
    access,
    status: 201,
    body: vendorItemInputSchema,
    response: vendorItemSchema,
    handler: ({ db, actor, body }) => createVendorItem(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    summary: 'Read a vendor item',
    access,
    params: idParams,
    response: vendorItemSchema,
    handler: ({ db, params }) => getVendorItem(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    summary: 'Edit a vendor item',
    access,
    params: idParams,
    body: withVersion(vendorItemInputSchema),
    response: vendorItemSchema,
    handler: ({ db, actor, params, body }) => updateVendorItem(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${kind.apiPath}/:id`,
    summary: 'Remove a vendor item',
    access,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteVendorItem(db, actor, params.id),
  }),
];
