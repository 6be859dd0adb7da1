import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config';

/**
 * The cart lives in the visitor's browser, in a cookie of the store's own path: a visitor needs
 * no account to fill one, and it holds only what was chosen (product, variant, how many, the
 * measure), never a price: every page and the checkout price it afresh on the server.
 */
export const CART_COOKIE = 'atelier_cart';
/** A cookie holds about 4 kB: thirty lines fit with room to spare. */
export const MAX_CART_LINES = 30;
const MAX_QUANTITY = 10_000;

export type CartLine = {
  productId: string;
  variantId: string | null;
  /** Units, or pieces of a measured product. */
  quantity: number;
  /** A measured product's width and length in inches (length alone when priced by length). */
  width: number | null;
  length: number | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const num = (text: string | undefined) => {
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 && n <= 100_000 ? n : null;
};

/** The cart a request's cookie holds; a line that is not well formed is dropped. */
export function readCart(req: FastifyRequest): CartLine[] {
  const raw = req.cookies[CART_COOKIE];
  if (!raw || raw.length > 6000) return [];
  const lines: CartLine[] = [];
  for (const part of raw.split('~').slice(0, MAX_CART_LINES)) {
    const [productId, variantId, quantity, width, length] = part.split('_');
    const q = num(quantity);
    if (!productId || !UUID.test(productId) || (variantId && !UUID.test(variantId)) || !q || q > MAX_QUANTITY) continue;
    lines.push({ productId, variantId: variantId || null, quantity: q, width: num(width), length: num(length) });
  }
  return lines;
}

/** Keeps the cart for this store only (its path), for 30 days; an empty cart removes the cookie. */
export function writeCart(reply: FastifyReply, slug: string, lines: CartLine[], config: Config): void {
  const options = {
    path: `/store/${slug}/`,
    sameSite: 'lax',
    secure: config.session.secureCookie,
    httpOnly: true,
  } as const;
  if (!lines.length) {
    reply.clearCookie(CART_COOKIE, options);
    return;
  }
  const value = lines
    .slice(0, MAX_CART_LINES)
    .map((l) => [l.productId, l.variantId ?? '', l.quantity, l.width ?? '', l.length ?? ''].join('_'))
    .join('~');
  reply.setCookie(CART_COOKIE, value, { ...options, maxAge: 30 * 24 * 3600 });
}

/** The same item (and the same measure) adds to its line; anything else is a new line. */
export function addToCart(lines: CartLine[], line: CartLine): CartLine[] | 'full' {
  const same = lines.findIndex(
    (l) =>
      l.productId === line.productId &&
      l.variantId === line.variantId &&
      l.width === line.width &&
      l.length === line.length,
  );
  if (same >= 0) {
    const next = [...lines];
    const had = next[same] as CartLine;
    next[same] = { ...had, quantity: Math.min(MAX_QUANTITY, had.quantity + line.quantity) };
    return next;
  }
  if (lines.length >= MAX_CART_LINES) return 'full';
  return [...lines, line];
}
