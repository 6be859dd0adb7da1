import { filterInputSchema, filterSchema, SETTINGS_KINDS, withVersion } from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import { createFilter, deleteFilter, getFilter, listFilters, updateFilter } from './filters.service';

const kind = SETTINGS_KINDS.filter;
const access = permission(kind.codes.modify);

/** DELETE /filters/{id}?removeUsed=true: take its values off the products that carry them. */
const deleteQuery = z.strictObject({
  removeUsed: z
    .enum(['true', 'false'], { error: 'Send true or false.' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const filterRoutes = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    summary: 'The filters (facets), by name, with their values in order',
    // Every staff member picks filter values (a product's form); changing the filters needs 76.
    access: SIGNED_IN,
    response: z.array(filterSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listFilters(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Create a filter',
    access,
    status: 201,
    body: filterInputSchema,
    response: filterSchema,
    handler: ({ db, actor, body }) => createFilter(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    summary: 'Read a filter',
    access,
    params: idParams,
    response: filterSchema,
    handler: ({ db, params }) => getFilter(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    summary: 'Rename a filter, and add, rename, reorder or remove its values',
    access,
    params: idParams,
    body: withVersion(filterInputSchema),
    response: filterSchema,
    handler: ({ db, actor, params, body }) => updateFilter(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${kind.apiPath}/:id`,
    summary: 'Delete a filter (its values taken off products only when asked)',
    access,
    status: 204,
    params: idParams,
    query: deleteQuery,
    handler: ({ db, actor, params, query }) => deleteFilter(db, actor, params.id, query.removeUsed),
  }),
];
