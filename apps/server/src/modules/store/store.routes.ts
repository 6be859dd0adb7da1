import { PUBLIC_STORE_PATH, publicStoreSchema } from '@atelier/contracts';
import { z } from 'zod';
import { PUBLIC } from '../../platform/http/access';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { publicStore, storeLogo } from './public-store';

const slugParams = z.strictObject({ slug: z.string().max(100) });

/** The public store (no session): found by the firm's address, in its firm's scope from then on. */
export const storeRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug`,
    summary: "A firm's product store: its name, banner and logo, and whether visitors see prices",
    access: PUBLIC,
    params: slugParams,
    response: publicStoreSchema,
    handler: ({ db, params }) => publicStore(db, params.slug),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/logo`,
    summary: "The firm's logo, as its store shows it",
    access: PUBLIC,
    produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    params: slugParams,
    handler: ({ db, deps, params, reply }) => storeLogo(db, deps.storage, params.slug, reply),
  }),
];
