import type { StoreProducts } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../../test/helpers';
import { storeVisitor } from '../../../../test/store-visitor';
import { STORE_COUPON_TRIES_PER_HOUR } from '../checkout';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
const slug = 'harbor-and-pine-interiors';
const at = (path: string) => `/store/${slug}/${path}`;
const visitor = (ip?: string) => storeVisitor(t.app, slug, ip);

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

  it('takes a coupon code for an order: a refused one is said next to its field and kept, guessing is limited', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const made = await call(t.app, {
      method: 'POST',
      url: '/api/v1/coupons',
      cookie: owner,
      body: { code: 'PAGE10', kind: 'percent', percent: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    await db.query("DELETE FROM auth_throttle WHERE key LIKE 'store-coupon:%'");
    const v = visitor('198.51.100.24');
    await v.post('account/sign-in', { email: 'customer@demo.test', password: 'demo-password' });
    await v.post('cart', { productId: product._id, quantity: '4' });
    const cart = await v.get('cart');
    expect(cart.body).toMatch(/<label>Coupon code \(optional\)<input id="coupon" name="coupon" autocomplete="off"/);
    expect(cart.body).toContain('A coupon applies to orders only');
    const orders = async () => (await db.query('SELECT count(*)::int AS n FROM orders')).rows[0].n as number;
    const before = await orders();

    // A wrong code: 400, the coupons module's reason next to the field, the code kept (escaped), nothing made.
    const wrong = await v.post('checkout', { mode: 'order', payment: 'pickup', coupon: 'NOPE"<b>' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('value="NOPE&quot;&lt;b&gt;"');
    expect(wrong.body).toContain('aria-describedby="coupon-error coupon-hint" aria-invalid="true"');
    expect(wrong.body).toContain('<div class="error" id="coupon-error">No coupon has this code.</div>');
    expect(await orders()).toBe(before);
    expect((await v.get('cart')).body).toContain('Cart (1)');

    // The right one: the order takes 10% of its lines off, and the account page says how much.
    const placed = await v.post('checkout', { mode: 'order', payment: 'pickup', coupon: 'page10' });
    expect(placed.statusCode, placed.body.slice(0, 500)).toBe(303);
    const notice = decodeURIComponent(placed.headers.location as string);
    const number = notice.match(/placed=Order (\S+) is placed/)?.[1];
    const { rows } = await db.query(
      `SELECT subtotal_cents::int AS subtotal, coupon_cents::int AS coupon, tax_cents::int AS tax,
              total_cents::int AS total FROM orders WHERE firm_id = $1 AND prefix || number = $2`,
      [HARBOR_PINE_ID, number],
    );
    const order = rows[0]!;
    const off = Math.floor((order.subtotal * 1000 * 2 + 10_000) / 20_000);
    expect(off).toBeGreaterThan(0);
    expect(order.coupon).toBe(off);
    expect(order.total).toBe(order.subtotal - off + order.tax);
    expect(notice).toContain(`(your coupon takes $${(off / 100).toFixed(2)} off)`);

    // Guessing: every checkout naming a code counts (two so far); past the limit, 429 on the field, even for a right code.
    await v.post('cart', { productId: product._id, quantity: '1' });
    for (let i = 2; i < STORE_COUPON_TRIES_PER_HOUR; i++)
      expect((await v.post('checkout', { mode: 'order', payment: 'pickup', coupon: `TRY${i}` })).statusCode).toBe(400);
    const limited = await v.post('checkout', { mode: 'order', payment: 'pickup', coupon: 'PAGE10' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body).toMatch(
      /<div class="error" id="coupon-error">Too many coupon codes tried\. Try again in \d+ minutes?\.<\/div>/,
    );
    expect(limited.body).toContain('value="PAGE10"');
    expect(await orders()).toBe(before + 1);
    // Without a code the order goes through.
    const plain = await v.post('checkout', { mode: 'order', payment: 'pickup', coupon: '' });
    expect(plain.statusCode, plain.body.slice(0, 500)).toBe(303);
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
