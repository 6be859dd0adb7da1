import {
  customerFavoritesSchema,
  favoritesQuoteSchema,
  KINDS,
  P,
  PUBLIC_STORE_PATH,
  storeCheckoutResultSchema,
  storeCheckoutSchema,
  storeFavoriteInputSchema,
  storeFavoriteQuerySchema,
  storeFavoritesSchema,
  storeSessionSchema,
  storeSignInSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { PUBLIC, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { idempotencyKeyOf } from '../../platform/idempotency/idempotency';
import { checkout, reserveCheckoutAttempt, reserveCouponTry } from './checkout';
import {
  clearStoreCookie,
  refuseForeign,
  requireStoreCustomer,
  reserveStoreSignIn,
  setStoreCookie,
  storeCustomer,
  storeSession,
  storeSignIn,
  storeSignOut,
  storeToken,
} from './customer-session';
import {
  addStoreFavorite,
  customerFavorites,
  draftFromFavorites,
  listStoreFavorites,
  removeStoreFavorite,
} from './favorites';
import { openStore } from './public-store';
import { browsing } from './store.routes';

const slugParams = z.strictObject({ slug: z.string().max(100) });
const productParams = z.strictObject({ slug: z.string().max(100), productId: z.string().max(100) });
const base = `${PUBLIC_STORE_PATH}/:slug`;

/** Reading the session and favorites counts against the store's pages a minute (decision 0050). */
const browsingPages = browsing('pages');

/**
 * The store's customer side (decision 0052): sign-in with the store's own cookie, favorites and
 * checkout for the customer signed in, and the staff's view of a customer's favorites.
 */
export const storeCustomerRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: `${base}/session`,
    summary: 'A customer of the store’s firm signs in at its store (the store’s own cookie)',
    access: PUBLIC,
    params: slugParams,
    body: storeSignInSchema,
    response: storeSessionSchema,
    limit: ({ db, deps, meta, body }) => reserveStoreSignIn(db, deps.config, body.email, meta.ip),
    handler: async ({ db, deps, meta, params, body, req, reply }) => {
      refuseForeign(req, deps.config);
      const store = await openStore(db, params.slug);
      const { token, session } = await storeSignIn(db, deps.config, store, meta, body);
      setStoreCookie(reply, token, deps.config);
      return session;
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${base}/session`,
    summary: 'Who is signed in at this store, if anyone',
    access: PUBLIC,
    limit: browsingPages,
    params: slugParams,
    response: storeSessionSchema,
    handler: async ({ db, deps, params, req }) => storeSession(db, deps.config, await openStore(db, params.slug), req),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${base}/session`,
    summary: 'Sign out of the store',
    access: PUBLIC,
    params: slugParams,
    status: 204,
    handler: async ({ db, deps, params, req, reply }) => {
      refuseForeign(req, deps.config);
      await storeSignOut(db, deps.config, await openStore(db, params.slug), req);
      clearStoreCookie(reply, deps.config);
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${base}/favorites`,
    summary: 'The signed-in customer’s favorites that the store shows, at their prices',
    access: PUBLIC,
    limit: browsingPages,
    params: slugParams,
    response: storeFavoritesSchema,
    handler: async ({ db, deps, params, req }) => {
      const store = await openStore(db, params.slug);
      return listStoreFavorites(db, store, await requireStoreCustomer(db, deps.config, store, req));
    },
  }),
  defineRoute({
    method: 'PUT',
    url: `${base}/favorites/:productId`,
    summary: 'Keep a product (or one of its variants) among the signed-in customer’s favorites',
    access: PUBLIC,
    params: productParams,
    body: storeFavoriteInputSchema,
    response: storeFavoritesSchema,
    handler: async ({ db, deps, params, body, req }) => {
      refuseForeign(req, deps.config);
      const store = await openStore(db, params.slug);
      const customer = await requireStoreCustomer(db, deps.config, store, req);
      return addStoreFavorite(db, store, customer, params.productId, body.variantId);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: `${base}/favorites/:productId`,
    summary: 'Let a favorite go',
    access: PUBLIC,
    params: productParams,
    query: storeFavoriteQuerySchema,
    response: storeFavoritesSchema,
    handler: async ({ db, deps, params, query, req }) => {
      refuseForeign(req, deps.config);
      const store = await openStore(db, params.slug);
      const customer = await requireStoreCustomer(db, deps.config, store, req);
      return removeStoreFavorite(db, store, customer, params.productId, query.variantId ?? null);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/checkout`,
    summary:
      'The signed-in customer’s cart becomes a draft order (pay on pickup, or on account terms) or a quote request; priced here, never from the request',
    access: PUBLIC,
    params: slugParams,
    body: storeCheckoutSchema,
    status: 201,
    response: storeCheckoutResultSchema,
    limit: async ({ db, deps, meta, params, body, req }) => {
      await reserveCheckoutAttempt(db, meta.ip);
      if (!body.coupon) return;
      refuseForeign(req, deps.config); // another site's post burns no customer's tries
      // A coupon try counts here, in the limit's own transaction: kept when the checkout is refused.
      const store = await openStore(db, params.slug);
      const customer = await storeCustomer(db, store, storeToken(req), deps.config.session.idleSeconds);
      if (customer) await reserveCouponTry(db, meta.ip, customer.customerId);
    },
    handler: async ({ db, deps, meta, params, body, req }) => {
      refuseForeign(req, deps.config);
      const store = await openStore(db, params.slug);
      const customer = await requireStoreCustomer(db, deps.config, store, req);
      return checkout(db, store, customer, body, { ip: meta.ip, idempotencyKey: idempotencyKeyOf(req.headers) });
    },
  }),
  // Staff: a customer's favorites, and a draft quote of them.
  defineRoute({
    method: 'GET',
    url: '/customers/:id/favorites',
    summary: 'What a customer keeps among their favorites in the store, at their prices',
    access: permission(P.MODIFY_USERS, 'product_store'),
    params: idParams,
    response: customerFavoritesSchema,
    handler: ({ db, actor, params }) => customerFavorites(db, actor, params.id),
  }),
  ...(['quote', 'proposal'] as const).map((kind) =>
    defineRoute({
      method: 'POST',
      url: `/customers/:id/favorites/${kind}`,
      summary: `A draft ${kind} of the customer’s favorites the store still shows, at their prices`,
      access: permission(KINDS[kind].codes.modify, KINDS[kind].feature),
      params: idParams,
      status: 201,
      response: favoritesQuoteSchema,
      handler: ({ db, actor, params }) => draftFromFavorites(db, actor, params.id, kind),
    }),
  ),
];
