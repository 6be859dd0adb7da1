import { collectionMemberSchema, collectionMembersSchema, productCollectionSchema } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { collectionMembers, collectionType, productCollections, setCollectionMembers } from './collections.service';

const access = permission(collectionType.entity.permission);

export const collectionRoutes: AnyRoute[] = [
  ...recordTypeRoutes(collectionType),
  defineRoute({
    method: 'GET',
    url: '/collections/:id/products',
    summary: 'The products in a collection now',
    access,
    params: idParams,
    response: z.array(collectionMemberSchema),
    handler: ({ db, params }) => collectionMembers(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/collections/:id/products',
    summary: 'A hand-picked collection’s products, in order',
    access,
    params: idParams,
    body: collectionMembersSchema,
    response: z.array(collectionMemberSchema),
    handler: ({ db, actor, params, body }) => setCollectionMembers(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/products/:id/collections',
    summary: 'The collections a product is in now',
    access,
    params: idParams,
    response: z.array(productCollectionSchema),
    handler: ({ db, params }) => productCollections(db, params.id),
  }),
];
