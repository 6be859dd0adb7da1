import type { StoreProducts } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR_PINE_ID, startTestApp, type TestApp } from '../../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
const slug = 'harbor-and-pine-interiors';
const at = (path: string) => `/store/${slug}/${path}`;

/** A browser's cookie jar, for one visitor. */
function visitor(ip = '198.51.100.20') {
  const jar = new Map<string, string>();
  const keep = (headers: Record<string, unknown>) => {
    const set = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
    for (const c of set) {
      const [pair] = c.split(';');
      const [name, value] = pair!.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c) || value === '') jar.delete(name!);
      else jar.set(name!, value!);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    jar,
    get: async (path: string) => {
      const r = await t.app.inject({ method: 'GET', url: at(path), headers: { cookie: cookie() }, remoteAddress: ip });
      keep(r.headers);
      return r;
    },
    post: async (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const r = await t.app.inject({
        method: 'POST',
        url: at(path),
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), ...headers },
        remoteAddress: ip,
      });
      keep(r.headers);
      return r;
    },
  };
}

let product: { _id: string; name: string; priceCents: number | null };

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  const page = (
    await t.app.inject({ method: 'GET', url: `/api/v1/public/store/${slug}/products?q=bar pull` })
  ).json() as StoreProducts;
  // A product sold by the unit, with no variants to choose from.
  const { rows } = await db.query(
    `SELECT p.id FROM products p WHERE p.firm_id = $1 AND p.id = ANY($2::uuid[]) AND p.pricing_mode = 'unit'
       AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) LIMIT 1`,
    [HARBOR_PINE_ID, page.items.map((i) => i._id)],
  );
  product = page.items.find((i) => i._id === rows[0]!.id)!;
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('the cart and the customer’s pages', () => {
  it('a visitor fills a cart kept in their browser, priced by the server, and is asked to sign in to order', async () => {
    const v = visitor();
    const added = await v.post('cart', { productId: product._id, quantity: '3' });
    expect([added.statusCode, added.headers.location]).toEqual([303, at('cart')]);
    // The cookie says what was chosen, never a price.
    expect(v.jar.get('atelier_cart')).toBe(`${product._id}__3__`);
    const cart = await v.get('cart');
    expect(cart.statusCode).toBe(200);
    const total = (product.priceCents! * 3) / 100;
    expect(cart.body).toContain(`$${total.toFixed(2)}`);
    expect(cart.body).toContain('Sign in</a> to place the order');
    expect(cart.body).toContain('Cart (1)');
    // A cookie tampered with (a quantity that is no number, another firm's product) loses that line, nothing else.
    v.jar.set('atelier_cart', `${product._id}__3__~${product._id}__abc__~00000000-0000-4000-8000-000000000000__1__`);
    const tampered = await v.get('cart');
    expect(tampered.body).toContain('No longer in the store');
    expect(tampered.body).toContain(`$${total.toFixed(2)}`);
    // Checking out signed out leads to the sign-in page, which brings them back to the cart.
    const checkout = await v.post('checkout', { mode: 'order', payment: 'pickup' });
    expect([checkout.statusCode, checkout.headers.location]).toEqual([303, at('account?next=cart')]);
  });

  it('a customer signs in, orders to pay on pickup, asks for a quote, and sees both on their account page', async () => {
    const v = visitor('198.51.100.21');
    const wrong = await v.post('account/sign-in', { email: 'customer@demo.test', password: 'nope', next: 'cart' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('value="customer@demo.test"');
    const signedIn = await v.post('account/sign-in', {
      email: 'customer@demo.test',
      password: 'demo-password',
      next: 'cart',
    });
    expect([signedIn.statusCode, signedIn.headers.location]).toEqual([303, at('cart')]);
    expect(v.jar.has('atelier_store')).toBe(true);

    await v.post('cart', { productId: product._id, quantity: '2' });
    // The cart shows the customer's own price (their account's, where the firm prices accounts).
    const shown = (await v.get('cart')).body.match(
      /Total before tax and delivery<\/th><th class="num">\$([\d,.]+)/,
    )?.[1];
    const placed = await v.post('checkout', { mode: 'order', payment: 'pickup', note: 'Pick up Friday' });
    expect(placed.statusCode, placed.body.slice(0, 500)).toBe(303);
    const number = decodeURIComponent(placed.headers.location as string).match(/placed=Order (\S+) is placed/)?.[1];
    expect(number, placed.headers.location as string).toBeTruthy();
    const { rows: orders } = await db.query(
      `SELECT o.status, o.subtotal_cents, u.email FROM orders o JOIN customers c ON c.id = o.customer_id
         JOIN users u ON u.id = c.user_id WHERE o.firm_id = $1 AND o.prefix || o.number = $2`,
      [HARBOR_PINE_ID, number],
    );
    // A draft for the firm to confirm, at the total the cart showed (before tax, which the order adds).
    expect(orders).toEqual([
      {
        status: 'draft',
        subtotal_cents: Math.round(Number(shown!.replace(/,/g, '')) * 100),
        email: 'customer@demo.test',
      },
    ]);
    expect(v.jar.has('atelier_cart')).toBe(false);

    await v.post('cart', { productId: product._id, quantity: '5' });
    const asked = await v.post('checkout', { mode: 'quote', note: 'For the Hale St. kitchen' });
    expect(asked.statusCode, asked.body.slice(0, 500)).toBe(303);
    expect(decodeURIComponent(asked.headers.location as string)).toMatch(/Quote request \S+ is sent/);

    const account = await v.get('account');
    expect(account.body).toContain('Your orders');
    expect(account.body).toMatch(/Your quotes<\/h2><table/);
    await v.post('favorites', { productId: product._id });
    expect((await v.get('account')).body).toContain(`p/${product._id}`);
    const out = await v.post('account/sign-out', {});
    expect(out.statusCode).toBe(303);
    expect((await v.get('account')).body).toContain('<h1>Sign in</h1>');
  });

  it('says what is wrong with a checkout next to it, and makes nothing', async () => {
    const v = visitor('198.51.100.22');
    await v.post('account/sign-in', { email: 'customer@demo.test', password: 'demo-password' });
    const before = (await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    const empty = await v.post('checkout', { mode: 'order', payment: 'pickup' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Your cart is empty');
    await v.post('cart', { productId: product._id, quantity: '1.5' });
    const half = await v.post('checkout', { mode: 'order', payment: 'pickup' });
    expect(half.statusCode).toBe(400);
    expect(half.body).toContain('use a whole number');
    expect((await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before);
  });

  it('refuses a form posted from another site, and the API keeps refusing form bodies', async () => {
    const v = visitor('198.51.100.23');
    const foreign = await v.post('cart', { productId: product._id }, { 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
    const api = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/',
      payload: 'email=owner%40demo.test&password=demo-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(api.statusCode).toBe(415);
  });
});
