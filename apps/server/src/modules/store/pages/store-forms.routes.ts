import { quotePrice, storeCheckoutSchema } from '@atelier/contracts';
import { and, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { PUBLIC } from '../../../platform/http/access';
import { HttpError } from '../../../platform/http/errors';
import { type AnyRoute, defineRoute } from '../../../platform/http/routes';
import { products } from '../../products';
import { checkout, reserveCheckoutAttempt, reserveCouponTry } from '../checkout';
import {
  clearStoreCookie,
  refuseForeign,
  reserveStoreSignIn,
  type StoreCustomer,
  setStoreCookie,
  storeSignIn,
  storeSignOut,
} from '../customer-session';
import { addStoreFavorite, listStoreFavorites, removeStoreFavorite } from '../favorites';
import { customerProposals } from '../portal-quotes';
import { storePrices } from '../prices';
import type { Store } from '../public-store';
import { accountContent, customerDocuments, signInContent } from './account-page';
import { addToCart, type CartLine, readCart, writeCart } from './cart-cookie';
import { type CheckoutErrors, cartContent, type PricedLine } from './cart-page';
import { storeHref } from './layout';
import { money } from './parts';
import { type Built, pageRoute, redirect, type StoreRequest, sendStorePage, withStore } from './store-page';

export const one = (v: unknown) => (Array.isArray(v) ? v[0] : v) as string | undefined;
const slug = z.string().max(100);
const form = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The cart's lines priced for this visitor now: each line's price and total, never the cookie's word. */
async function priceCart(
  db: Tx,
  store: Store,
  customer: StoreCustomer | null,
  lines: CartLine[],
): Promise<PricedLine[]> {
  const prices = await storePrices(db, store, customer, lines);
  const measured = lines.filter((_, i) => prices[i] && prices[i]!.pricingMode !== 'unit').map((l) => l.productId);
  const pricing = measured.length
    ? await db
        .select({ id: products.id, min: products.pricingMinE4, inc: products.pricingIncE4 })
        .from(products)
        .where(and(inArray(products.id, measured)))
    : [];
  return lines.map((line, i) => {
    const price = prices[i] ?? null;
    if (!price || price.priceCents === null) return { line, price, totalCents: null, basis: '' };
    const p = pricing.find((r) => r.id === line.productId);
    try {
      const quote = quotePrice(
        {
          unit: price.unit,
          priceCents: price.priceCents,
          pricing: { mode: price.pricingMode, minimum: (p?.min ?? 0) / 10_000, increment: (p?.inc ?? 0) / 10_000 },
          coverage: null,
        },
        price.pricingMode === 'unit'
          ? { quantity: line.quantity }
          : { quantity: line.quantity, width: line.width ?? undefined, length: line.length ?? undefined },
      );
      return {
        line,
        price,
        totalCents: quote.totalCents,
        basis: price.pricingMode === 'unit' ? '' : quote.basis.join(', '),
      };
    } catch {
      return { line, price, totalCents: null, basis: 'Give its measurements on its page.' };
    }
  });
}

/** The cart page, as it is now (with what went wrong with the last checkout, if anything). */
async function cartPage(
  input: { db: Tx; store: Store; customer: StoreCustomer | null; req: FastifyRequest },
  options: { errors?: CheckoutErrors; note?: string; notice?: string; coupon?: string } = {},
): Promise<Built> {
  const lines = await priceCart(input.db, input.store, input.customer, readCart(input.req));
  return {
    meta: { title: 'Your cart', description: 'Your cart', path: 'cart', noindex: true },
    content: (frame) =>
      cartContent(frame, lines, {
        errors: options.errors ?? {},
        quotes: input.store.features.includes('quotes'),
        account: Boolean(input.customer?.companyId),
        note: options.note ?? '',
        coupon: options.coupon ?? '',
        notice: options.notice,
      }),
  };
}

export const back = (reply: FastifyReply, to: string) => redirect(reply, 303, to);

/**
 * A refused form's messages by field (`lines.0.quantity`, `payment`), the first for each: a
 * null-prototype map, its keys the schema's paths; one without a path goes under `fallback`.
 */
export function fieldErrors(error: z.ZodError, fallback: string): Record<string, string> {
  const errors: Record<string, string> = Object.create(null);
  for (const issue of error.issues) errors[issue.path.join('.') || fallback] ??= issue.message;
  return errors;
}

/** A form post of a store page: its store found, cross-site posts refused, then the handler. */
export const formRoute = (
  url: string,
  summary: string,
  handle: (
    input: StoreRequest & {
      fields: Record<string, string | string[]>;
      meta: { ip: string; userAgent: string | undefined };
    },
  ) => Promise<unknown>,
  limit?: AnyRoute['limit'],
) =>
  defineRoute({
    method: 'POST',
    url: `/store/:slug/${url}`,
    root: true,
    form: true,
    summary,
    access: PUBLIC,
    params: z.strictObject({ slug }),
    body: form,
    produces: 'text/html',
    ...(limit ? { limit } : {}),
    handler: async ({ db, deps, req, reply, params, body, meta }) => {
      if (req.headers['sec-fetch-site'] === 'cross-site')
        throw new HttpError(403, 'forbidden', 'This request came from another site and was refused.');
      refuseForeign(req, deps.config);
      return withStore({ db, deps, req, reply, slug: params.slug }, (store, customer) =>
        handle({ db, deps, req, reply, store, customer, fields: body, meta }),
      );
    },
  });

const positive = (text: string | undefined) => {
  const n = Number(text);
  return text && Number.isFinite(n) && n > 0 ? n : null;
};

export const storeFormRoutes: AnyRoute[] = [
  pageRoute({
    url: 'cart',
    summary: 'A store’s cart (HTML): its lines priced now for this visitor, and the way to order or ask for a quote',
    params: z.strictObject({ slug }),
    build: ({ db, store, customer, req }) => cartPage({ db, store, customer, req }),
  }),
  formRoute(
    'cart',
    'Adds a product (a variant, a measure) to the visitor’s cart',
    async ({ db, deps, req, reply, store, customer, fields }) => {
      // The calculator's form names the product in its address (its fields are the measure's).
      const asked = req.query as Record<string, unknown>;
      const productId = one(fields.productId) ?? one(asked.product) ?? '';
      const variantId = one(fields.variantId) || one(asked.variant) || null;
      const line: CartLine = {
        productId,
        variantId,
        quantity: positive(one(fields.quantity)) ?? 1,
        width: positive(one(fields.width)),
        length: positive(one(fields.length)),
      };
      const [price] = await storePrices(db, store, customer, [line]);
      if (!price) return back(reply, storeHref(store, `p/${productId}`));
      const next = addToCart(readCart(req), line);
      if (next === 'full')
        return sendStorePage(
          { db, deps, req, reply, store, customer },
          400,
          await cartPage(
            { db, store, customer, req },
            { notice: 'Your cart is full (30 lines): order these first, or remove some.' },
          ),
        );
      writeCart(reply, store.slug, next, deps.config);
      return back(reply, storeHref(store, 'cart'));
    },
  ),
  formRoute(
    'cart/update',
    'Changes the quantities of the visitor’s cart',
    async ({ deps, req, reply, store, fields }) => {
      const quantities = ([] as string[]).concat(fields.quantity ?? []);
      const lines = readCart(req).flatMap((l, i) => {
        const q = quantities[i] === undefined ? l.quantity : Number(quantities[i]);
        if (!Number.isFinite(q) || q <= 0) return [];
        return [{ ...l, quantity: Math.min(q, 10_000) }];
      });
      writeCart(reply, store.slug, lines, deps.config);
      return back(reply, storeHref(store, 'cart'));
    },
  ),
  formRoute('cart/remove', 'Removes a line of the visitor’s cart', async ({ deps, req, reply, store, fields }) => {
    const at = Number(one(fields.line));
    writeCart(
      reply,
      store.slug,
      readCart(req).filter((_, i) => i !== at),
      deps.config,
    );
    return back(reply, storeHref(store, 'cart'));
  }),
  formRoute(
    'checkout',
    'The signed-in customer’s cart becomes an order (paid on account terms or on pickup) or a quote request',
    async ({ db, deps, req, reply, store, customer, fields, meta }) => {
      if (!customer) return back(reply, storeHref(store, 'account?next=cart'));
      const note = one(fields.note) ?? '';
      const coupon = one(fields.coupon) ?? '';
      const lines = readCart(req).map((l) => ({
        productId: l.productId,
        variantId: l.variantId,
        quantity: l.quantity,
        measure:
          l.width || l.length
            ? { ...(l.width ? { width: l.width } : {}), ...(l.length ? { length: l.length } : {}) }
            : null,
      }));
      const parsed = storeCheckoutSchema.safeParse({
        lines,
        mode: one(fields.mode),
        payment: one(fields.payment),
        note,
        coupon,
      });
      const fail = async (errors: CheckoutErrors, status = 400) =>
        sendStorePage(
          { db, deps, req, reply, store, customer },
          status,
          await cartPage({ db, store, customer, req }, { errors, note, coupon: coupon.slice(0, 200) }),
        );
      if (!parsed.success) return fail(fieldErrors(parsed.error, 'mode'));
      if (parsed.data.coupon) {
        try {
          // Its own savepoint, kept whatever the checkout comes to: guessing codes burns tries.
          await db.transaction((tx) => reserveCouponTry(tx, meta.ip, customer.customerId));
        } catch (error) {
          if (error instanceof HttpError && error.status === 429) {
            for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
            return fail({ coupon: error.message }, 429);
          }
          throw error;
        }
      }
      try {
        // A savepoint: a refused checkout leaves nothing behind, and the page still answers.
        const made = await db.transaction((tx) =>
          checkout(tx, store, customer, parsed.data, { ip: meta.ip, idempotencyKey: null }),
        );
        writeCart(reply, store.slug, [], deps.config);
        const what =
          made.kind === 'order'
            ? `Order ${made.number} is placed${made.couponCents ? ` (your coupon takes ${money(store.firm.currency, made.couponCents)} off)` : ''}: we will confirm it with you.`
            : `Quote request ${made.number} is sent: we will get back to you.`;
        return back(reply, `${storeHref(store, 'account')}?placed=${encodeURIComponent(what)}`);
      } catch (error) {
        if (error instanceof HttpError && error.status === 400) return fail(error.fields ?? { mode: error.message });
        throw error;
      }
    },
    ({ db, meta }) => reserveCheckoutAttempt(db, meta.ip),
  ),
  pageRoute({
    url: 'account',
    summary: 'A store’s account page (HTML): sign-in, or the customer’s orders, quotes and favorites',
    params: z.strictObject({ slug }),
    build: async ({ db, store, customer, q }) => {
      if (!customer)
        return {
          meta: { title: 'Sign in', description: `Sign in to ${store.slug}`, path: 'account', noindex: true },
          content: (frame) =>
            signInContent(frame, {
              next: one(q.next) === 'cart' ? 'cart' : '',
              email: '',
              error: null,
              notice: one(q.reset) ? 'Your password is changed: sign in with it.' : null,
            }),
        };
      const docs = await customerDocuments(db, customer);
      const proposals = await customerProposals(db, customer);
      const favorites = await listStoreFavorites(db, store, customer);
      const placed = one(q.placed)?.slice(0, 200) ?? null;
      return {
        meta: { title: 'Your account', description: 'Your account', path: 'account', noindex: true },
        content: (frame) => accountContent(frame, customer, docs, proposals, favorites, placed),
      };
    },
  }),
  formRoute(
    'account/sign-in',
    'A customer of the store’s firm signs in (the store’s own cookie)',
    async ({ db, deps, req, reply, store, fields, meta }) => {
      const email = (one(fields.email) ?? '').trim().slice(0, 200);
      const password = one(fields.password) ?? '';
      const next = one(fields.next) === 'cart' ? 'cart' : 'account';
      const refused = async (status: number, error: string) =>
        sendStorePage({ db, deps, req, reply, store, customer: null }, status, {
          meta: { title: 'Sign in', description: 'Sign in', path: 'account', noindex: true },
          content: (frame) => signInContent(frame, { next: next === 'cart' ? 'cart' : '', email, error }),
        });
      try {
        // Counted in its own savepoint, kept whatever the password: attempts count even when refused.
        await db.transaction((tx) => reserveStoreSignIn(tx, deps.config, email, meta.ip));
        const { token } = await db.transaction((tx) => storeSignIn(tx, deps.config, store, meta, { email, password }));
        setStoreCookie(reply, token, deps.config);
        return back(reply, storeHref(store, next));
      } catch (error) {
        if (error instanceof HttpError && [400, 401, 403, 429].includes(error.status))
          return refused(error.status, error.message);
        throw error;
      }
    },
  ),
  formRoute('account/sign-out', 'The customer signs out of the store', async ({ db, deps, req, reply, store }) => {
    await storeSignOut(db, deps.config, store, req);
    clearStoreCookie(reply, deps.config);
    return back(reply, storeHref(store));
  }),
  formRoute(
    'favorites',
    'Keeps a product (or a variant) among the signed-in customer’s favorites',
    async ({ db, reply, store, customer, fields }) => {
      const productId = one(fields.productId) ?? '';
      const variantId = one(fields.variantId) || null;
      if (!customer) return back(reply, storeHref(store, 'account'));
      await db
        .transaction((tx) => addStoreFavorite(tx, store, customer, productId, variantId))
        .catch((error) => {
          if (!(error instanceof HttpError && error.status < 500)) throw error;
        });
      return back(reply, `${storeHref(store, `p/${productId}`)}${variantId ? `?variant=${variantId}` : ''}`);
    },
  ),
  formRoute(
    'favorites/remove',
    'Takes a product out of the signed-in customer’s favorites',
    async ({ db, reply, store, customer, fields }) => {
      if (customer)
        await removeStoreFavorite(db, store, customer, one(fields.productId) ?? '', one(fields.variantId) || null);
      return back(reply, storeHref(store, 'account'));
    },
  ),
];
