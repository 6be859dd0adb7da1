import {
  PUBLIC_STORE_PATH,
  publicStoreSchema,
  storeCatalogSchema,
  storeProductSchema,
  storeProductsQuerySchema,
  storeProductsSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { reserve } from '../../platform/auth/throttle';
import { PUBLIC } from '../../platform/http/access';
import type { AppDeps } from '../../platform/http/routes';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { storeCatalog, storeImage, storeProduct, storeProducts } from './catalog';
import { openStore, publicStore, storeLogo } from './public-store';

const slugParams = z.strictObject({ slug: z.string().max(100) });
const itemParams = z.strictObject({ slug: z.string().max(100), id: z.string().max(100) });
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * Scraping is slowed, browsing is not: per address a minute, pages and searches up to
 * STORE_PAGES_PER_MINUTE (a person reads a page in seconds), images more (a page shows two dozen,
 * and browsers keep them a day). Counted in PostgreSQL (throttle.ts), so every server agrees.
 */
export const browsing =
  (what: 'pages' | 'images') =>
  ({ db, meta, deps }: { db: Executor; meta: { ip: string }; deps: AppDeps }) =>
    reserve(
      db,
      [
        {
          key: `store-${what}:${meta.ip}`,
          max: what === 'pages' ? deps.config.storeThrottle.pagesPerMinute : deps.config.storeThrottle.imagesPerMinute,
        },
      ],
      60,
      `store ${what} from your address`,
    );

/** The public store (no session): found by the firm's address, in its firm's scope from then on. */
export const storeRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug`,
    summary: "A firm's product store: its name, banner and logo, and whether visitors see prices",
    access: PUBLIC,
    limit: browsing('pages'),
    params: slugParams,
    response: publicStoreSchema,
    handler: ({ db, params }) => publicStore(db, params.slug),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/logo`,
    summary: "The firm's logo, as its store shows it",
    access: PUBLIC,
    limit: browsing('images'),
    produces: IMAGE_TYPES,
    params: slugParams,
    handler: ({ db, deps, params, reply }) => storeLogo(db, deps.storage, params.slug, reply),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/catalog`,
    summary: "The store's menus: its categories (two levels, with how many products each has), collections and vendors",
    access: PUBLIC,
    limit: browsing('pages'),
    params: slugParams,
    response: storeCatalogSchema,
    handler: async ({ db, params }) => storeCatalog(db, await openStore(db, params.slug)),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/products`,
    summary:
      'A page of the store’s products: by category, collection, vendor or search (typos forgiven), narrowed by filter values, price and stock, with the counts of each facet',
    access: PUBLIC,
    limit: browsing('pages'),
    params: slugParams,
    query: storeProductsQuerySchema,
    response: storeProductsSchema,
    handler: async ({ db, params, query }) => storeProducts(db, await openStore(db, params.slug), query),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/products/:id`,
    summary: 'A product page: images, options and variants with their prices and availability, and its details',
    access: PUBLIC,
    limit: browsing('pages'),
    params: itemParams,
    response: storeProductSchema,
    handler: async ({ db, params }) => storeProduct(db, await openStore(db, params.slug), params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_STORE_PATH}/:slug/images/:id`,
    summary: 'An image (or its thumbnail) of a product the store shows',
    access: PUBLIC,
    limit: browsing('images'),
    produces: IMAGE_TYPES,
    params: itemParams,
    handler: async ({ db, deps, params, reply }) =>
      storeImage(db, deps.storage, await openStore(db, params.slug), params.id, reply),
  }),
];
