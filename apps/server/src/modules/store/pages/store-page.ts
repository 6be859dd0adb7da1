import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { PUBLIC } from '../../../platform/http/access';
import { HttpError, notFound } from '../../../platform/http/errors';
import { type AppDeps, defineRoute } from '../../../platform/http/routes';
import { storeCatalog } from '../catalog';
import { type StoreCustomer, storeCustomer, storeToken } from '../customer-session';
import { openStore, publicStoreOf, type Store } from '../public-store';
import { browsing } from '../store.routes';
import { readCart } from './cart-cookie';
import { notFoundContent } from './home';
import { escapeHtml, type Html } from './html';
import { type PageFrame, type PageMeta, page } from './layout';
import type { PageQuery } from './listing';

/** Store pages may be shown inside the app (the staff's own view of their store, /f/product-store), nowhere else. */
const STORE_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** What a page handler makes: its description, its content (given the frame it is drawn in), the menu's category and the search box's words. */
export type Built = {
  meta: PageMeta;
  content: Html | ((frame: PageFrame) => Html);
  category?: string | null;
  query?: string;
};
type Request = { db: Tx; deps: AppDeps; req: FastifyRequest; reply: FastifyReply };
/** A request at a store: its store, and its customer when one is signed in. */
export type StoreRequest = Request & { store: Store; customer: StoreCustomer | null };
/** What a page may answer instead of itself: a 303 elsewhere (a customer's page, signed out, goes to sign in). */
export type Elsewhere = { seeOther: string };
/** A customer's own page asked for by a visitor signed out: the sign-in page, coming back here afterwards is not offered (no open redirects). */
export const signInFirst = (store: Store): Elsewhere => ({ seeOther: `/store/${store.slug}/account` });

/**
 * A page's answer. Returned, never sent here: the route sends it once the request's transaction
 * has committed, so the page after a form (an order placed) always sees what the form did.
 */
function send(reply: FastifyReply, status: number, body: string) {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', STORE_PAGE_POLICY);
  return body;
}

/** A redirect, answered (like a page) after the transaction commits. */
export function redirect(reply: FastifyReply, status: 301 | 303, to: string) {
  reply.code(status).header('location', to);
  return undefined;
}

/** The store around a page: its menus, the customer signed in, the cart's size. */
export async function frameOf(r: Request, store: Store, customer: StoreCustomer | null): Promise<PageFrame> {
  return {
    store: { ...publicStoreOf(store), showsPrices: publicStoreOf(store).showsPrices || customer !== null },
    catalog: await storeCatalog(r.db, store),
    appUrl: r.deps.config.appUrl,
    customer: customer ? { firstName: customer.firstName } : null,
    cartLines: readCart(r.req).length,
  };
}

/** Draws a built page in its store's frame. */
export async function sendStorePage(
  r: Request & { store: Store; customer: StoreCustomer | null; frame?: PageFrame },
  status: number,
  built: Built,
) {
  const frame = r.frame ?? (await frameOf(r, r.store, r.customer));
  const content = typeof built.content === 'function' ? built.content(frame) : built.content;
  return send(r.reply, status, page({ ...frame, category: built.category, query: built.query }, built.meta, content));
}

/**
 * Finds a request's store and customer, then runs the page: an unknown address is a plain 404
 * page, an old one moves to the current (a 301 keeping the rest of the link), and a missing
 * category or product is the store's own 404 page rather than the API's JSON.
 */
export async function withStore(
  r: Request & { slug: string },
  run: (store: Store, customer: StoreCustomer | null) => Promise<unknown>,
) {
  let store: Store;
  try {
    store = await openStore(r.db, r.slug);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return send(
      r.reply,
      404,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>No store here</title></head><body><main><h1>No store here</h1><p>${escapeHtml(error.message)}</p></main></body></html>`,
    );
  }
  if (store.slug !== r.slug) {
    const rest = r.req.url.slice(`/store/${r.slug}`.length);
    return redirect(r.reply, 301, `/store/${store.slug}${rest}`);
  }
  const customer = await storeCustomer(r.db, store, storeToken(r.req), r.deps.config.session.idleSeconds);
  try {
    return await run(store, customer);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    const meta = { title: 'Not found', description: error.message, path: '', noindex: true };
    return sendStorePage({ ...r, store, customer }, 404, {
      meta,
      content: (frame) => notFoundContent(frame, error.message),
    });
  }
}

export type PageInput = {
  db: Tx;
  store: Store;
  customer: StoreCustomer | null;
  frame: PageFrame;
  params: Record<string, string>;
  q: PageQuery;
  req: FastifyRequest;
};

type StoreGet = {
  url: string;
  summary: string;
  params: z.ZodObject;
  produces?: string;
  /** Counted as images against the browsing limit (a shared file), else as pages. */
  images?: true;
};

/**
 * A GET of the store at `/store/{slug}/{url}`, slowed like the catalog's API past its browsing
 * limit, run with its store and the customer signed in (if any).
 */
const storeGet = (
  def: StoreGet,
  run: (
    r: Request & { store: Store; customer: StoreCustomer | null; params: Record<string, string> },
  ) => Promise<unknown>,
) =>
  defineRoute({
    method: 'GET',
    url: `/store/:slug/${def.url}`,
    root: true,
    summary: def.summary,
    access: PUBLIC,
    limit: browsing(def.images ? 'images' : 'pages'),
    params: def.params,
    produces: def.produces ?? 'text/html',
    handler: ({ db, deps, req, reply, params }) => {
      const p = params as Record<string, string> & { slug: string };
      return withStore({ db, deps, req, reply, slug: p.slug }, (store, customer) =>
        run({ db, deps, req, reply, store, customer, params: p }),
      );
    },
  });

/** A GET page of the store: built, then drawn in its frame (or sent elsewhere). */
export const pageRoute = (def: StoreGet & { build: (input: PageInput) => Promise<Built | Elsewhere> }) =>
  storeGet(def, async (r) => {
    const frame = await frameOf(r, r.store, r.customer);
    const built = await def.build({ ...r, frame, q: r.req.query as PageQuery });
    if ('seeOther' in built) return redirect(r.reply, 303, built.seeOther);
    return sendStorePage({ ...r, frame }, 200, built);
  });

/** What a route of the signed-in customer's own is given: the request, the store, the customer, the path's values. */
export type CustomerRun = Request & { store: Store; customer: StoreCustomer; params: Record<string, string> };

/**
 * A GET of the signed-in customer's own (a portal page, a PDF, a shared file): a signed-out
 * visitor is sent to sign in (303), and where the firm lacks the module it needs there is
 * nothing here (the store's 404 page). `run` answers (returned, like a page).
 */
export const customerRoute = (
  def: StoreGet & {
    /** The module it needs, and what its 404 says without it. */
    feature?: { key: string; missing: string };
    run: (input: CustomerRun) => Promise<unknown>;
  },
) =>
  storeGet(def, async (r) => {
    const { customer } = r;
    if (!customer) return redirect(r.reply, 303, signInFirst(r.store).seeOther);
    if (def.feature && !r.store.features.includes(def.feature.key)) throw notFound(def.feature.missing);
    return def.run({ ...r, customer });
  });
