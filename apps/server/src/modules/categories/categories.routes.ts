import {
  categoryDeleteQuerySchema,
  categoryInputSchema,
  categoryMoveSchema,
  categorySchema,
  SETTINGS_KINDS,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  moveCategory,
  updateCategory,
} from './categories.service';

const kind = SETTINGS_KINDS.category;
const access = permission(kind.codes.modify);

export const categoryRoutes = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    summary: 'The category tree, in order',
    // Every staff member picks categories (a product's form); changing them needs 50.
    access: SIGNED_IN,
    response: z.array(categorySchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listCategories(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Create a category',
    access,
    status: 201,
    body: categoryInputSchema,
    response: categorySchema,
    handler: ({ db, actor, body }) => createCategory(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    summary: 'Read a category',
    access,
    params: idParams,
    response: categorySchema,
    handler: ({ db, params }) => getCategory(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    summary: 'Edit a category',
    access,
    params: idParams,
    body: withVersion(categoryInputSchema),
    response: categorySchema,
    handler: ({ db, actor, params, body }) => updateCategory(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: `${kind.apiPath}/:id/move`,
    summary: 'Move a category in the tree',
    access,
    params: idParams,
    body: categoryMoveSchema,
    response: z.array(categorySchema),
    handler: ({ db, actor, params, body }) => moveCategory(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${kind.apiPath}/:id`,
    summary: 'Delete a category, moving its products and subcategories first',
    access,
    status: 204,
    params: idParams,
    query: categoryDeleteQuerySchema,
    handler: ({ db, actor, params, query }) => deleteCategory(db, actor, params.id, query.moveTo),
  }),
];
