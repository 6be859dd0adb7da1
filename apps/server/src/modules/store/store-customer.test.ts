import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CEDAR_ROW_ID,
  call,
  DEMO_PASSWORD,
  errorOf,
  HARBOR_PINE_ID,
  signIn,
  startTestApp,
  type TestApp,
} from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { STORE_COUPON_TRIES_PER_HOUR } from './checkout';
import { storePrices } from './prices';
import { openStore } from './public-store';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedarOwner: string;

const HARBOR = 'harbor-and-pine-interiors';
const CEDAR = 'cedar-row-kitchens';
const CASEY = 'customer@demo.test';

type Req = { cookie?: string; ip?: string; headers?: Record<string, string> };
const api = (method: string, url: string, body?: unknown, r: Req = {}) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: r.cookie, body, ip: r.ip, headers: r.headers });
const storeApi = (method: string, slug: string, path: string, body?: unknown, r: Req = {}) =>
  api(method, `/public/store/${slug}${path}`, body, r);

/** The store cookie a browser would send after signing in at a store. */
function storeCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'atelier_store');
  if (!cookie) throw new Error(`No store cookie (status ${response.statusCode}: ${response.body})`);
  return `atelier_store=${cookie.value}`;
}
const storeSignIn = async (slug: string, email: string, password = DEMO_PASSWORD, ip?: string) =>
  storeCookie(await storeApi('POST', slug, '/session', { email, password }, { ip }));

const one = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db.query(text, values)).rows[0] as T;

let casey: string; // Casey's store cookie at Harbor & Pine
let caseyCustomer: string;
let caseyUser: string;
let plain: { id: string; price: number }; // an active product without variants, sold each
let other: string; // another active product without variants
let cedarProduct: string;

/** A customer login of a firm with the demo password, made straight in the database. */
async function customerLogin(firmId: string, email: string, first: string) {
  const user = await one<{ id: string }>(
    `INSERT INTO users (firm_id, kind, email, first_name, last_name, password_hash)
     VALUES ($1, 'customer', $2, $3, 'Tester', (SELECT password_hash FROM users WHERE email = 'owner@demo.test'))
     RETURNING id`,
    [firmId, email, first],
  );
  const customer = await one<{ id: string }>(
    `INSERT INTO customers (firm_id, first_name, last_name, user_id, emails, primary_email)
     VALUES ($1, $2, 'Tester', $3, $4::jsonb, $5) RETURNING id`,
    [firmId, first, user.id, JSON.stringify([{ label: 'Personal', email }]), email],
  );
  return { userId: user.id, customerId: customer.id };
}

const withFeatures = async (firmId: string, change: 'add' | 'remove', feature: string) =>
  db.query(
    change === 'add'
      ? 'UPDATE firms SET features = array_append(array_remove(features, $2), $2) WHERE id = $1'
      : 'UPDATE firms SET features = array_remove(features, $2) WHERE id = $1',
    [firmId, feature],
  );

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedarOwner = await signIn(t.app, 'owner@cedar.test');
  await withFeatures(CEDAR_ROW_ID, 'add', 'product_store');
  const simple = `FROM products p WHERE p.firm_id = $1 AND p.status = 'active' AND p.archived_at IS NULL
    AND p.unit = 'each' AND p.pricing_mode = 'unit'
    AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`;
  const rows = (await db.query(`SELECT p.id, p.price_cents ${simple} ORDER BY p.name LIMIT 2`, [HARBOR_PINE_ID])).rows;
  plain = { id: rows[0].id, price: Number(rows[0].price_cents) };
  other = rows[1].id;
  // Cedar Row has a product of its own.
  cedarProduct = (
    await one<{ id: string }>(
      `INSERT INTO products (firm_id, sku, name, unit, price_cents, tax_class)
       VALUES ($1, 'CEDAR-1', 'Cedar shaker door', 'each', 9900, 'Standard') RETURNING id`,
      [CEDAR_ROW_ID],
    )
  ).id;
  const login = await one<{ user: string; customer: string }>(
    `SELECT u.id AS user, c.id AS customer FROM users u JOIN customers c ON c.user_id = u.id WHERE u.email = $1`,
    [CASEY],
  );
  caseyUser = login.user;
  caseyCustomer = login.customer;
  casey = await storeSignIn(HARBOR, CASEY);
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('signing in at a store', () => {
  it('opens a store session in its own cookie, never the staff app’s', async () => {
    const r = await storeApi('POST', HARBOR, '/session', { email: 'Customer@Demo.test', password: DEMO_PASSWORD });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ customer: { firstName: 'Casey', lastName: 'Morgan', email: CASEY } });
    const cookie = r.cookies.find((c) => c.name === 'atelier_store');
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(r.cookies.some((c) => c.name === 'atelier_session')).toBe(false);
    const me = await storeApi('GET', HARBOR, '/session', undefined, { cookie: casey });
    expect(me.json()).toEqual({ customer: { firstName: 'Casey', lastName: 'Morgan', email: CASEY } });
    expect((await storeApi('GET', HARBOR, '/session')).json()).toEqual({ customer: null });
  });

  it('refuses a wrong password and another firm’s customer with the same 401', async () => {
    await customerLogin(CEDAR_ROW_ID, 'cedar.buyer@example.test', 'Cedric');
    const attempts = [
      [HARBOR, CASEY, 'wrong password'],
      [CEDAR, CASEY, DEMO_PASSWORD], // Casey buys at Harbor & Pine only
      [HARBOR, 'cedar.buyer@example.test', DEMO_PASSWORD], // Cedric buys at Cedar Row only
      [HARBOR, 'owner@demo.test', DEMO_PASSWORD], // staff are not store customers
      [HARBOR, 'nobody@example.test', DEMO_PASSWORD],
    ] as const;
    for (const [slug, email, password] of attempts) {
      const r = await storeApi('POST', slug, '/session', { email, password }, { ip: '10.9.0.1' });
      expect(r.statusCode, `${slug} ${email}`).toBe(401);
      expect(errorOf(r).message).toBe('The email address or password is incorrect.');
      expect(r.cookies.some((c) => c.name === 'atelier_store')).toBe(false);
    }
    // Cedric signs in at his own firm's store.
    expect(await storeSignIn(CEDAR, 'cedar.buyer@example.test')).toMatch(/^atelier_store=/);
  });

  it('slows guessing: per address, like staff sign-in', async () => {
    const ip = '10.9.0.2';
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++)
      status = (await storeApi('POST', HARBOR, '/session', { email: CASEY, password: `guess ${i}` }, { ip }))
        .statusCode;
    expect(status).toBe(429);
    const r = await storeApi('POST', HARBOR, '/session', { email: CASEY, password: DEMO_PASSWORD }, { ip });
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });

  it('keeps the store and the staff app apart, and each store to its firm', async () => {
    const token = casey.split('=')[1]!;
    const staffToken = owner.split('=')[1]!;
    // A store session in the staff app's cookie is signed out there.
    expect((await api('GET', '/auth/', undefined, { cookie: `atelier_session=${token}` })).statusCode).toBe(401);
    expect((await api('GET', '/notifications', undefined, { cookie: `atelier_session=${token}` })).statusCode).toBe(
      401,
    );
    // A staff session in the store's cookie is nobody at the store.
    const asStaff = await storeApi('GET', HARBOR, '/session', undefined, { cookie: `atelier_store=${staffToken}` });
    expect(asStaff.json()).toEqual({ customer: null });
    // Harbor & Pine's store cookie at Cedar Row's store: signed out.
    expect((await storeApi('GET', CEDAR, '/session', undefined, { cookie: casey })).json()).toEqual({ customer: null });
    expect((await storeApi('GET', CEDAR, '/favorites', undefined, { cookie: casey })).statusCode).toBe(401);
    // The staff cookie never opens the store.
    expect((await storeApi('GET', HARBOR, '/favorites', undefined, { cookie: owner })).statusCode).toBe(401);
  });

  it('signs out, and the cookie opens nothing after', async () => {
    const cookie = await storeSignIn(HARBOR, CASEY);
    expect((await storeApi('DELETE', HARBOR, '/session', undefined, { cookie })).statusCode).toBe(204);
    expect((await storeApi('GET', HARBOR, '/session', undefined, { cookie })).json()).toEqual({ customer: null });
    expect((await storeApi('GET', HARBOR, '/favorites', undefined, { cookie })).statusCode).toBe(401);
  });

  it('refuses a state change with the store cookie from another site', async () => {
    const r = await storeApi(
      'PUT',
      HARBOR,
      `/favorites/${plain.id}`,
      {},
      {
        cookie: casey,
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(r.statusCode).toBe(403);
  });
});

describe('favorites', () => {
  it('are kept per customer, only for products the store shows, and never seen by another customer or firm', async () => {
    const put = await storeApi('PUT', HARBOR, `/favorites/${plain.id}`, {}, { cookie: casey });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().items.some((f: { productId: string }) => f.productId === plain.id)).toBe(true);
    // Again: nothing changes.
    const again = await storeApi('PUT', HARBOR, `/favorites/${plain.id}`, {}, { cookie: casey });
    expect(again.json().items.filter((f: { productId: string }) => f.productId === plain.id)).toHaveLength(1);

    // Another customer of the firm sees none of Casey's.
    await customerLogin(HARBOR_PINE_ID, 'dana@example.test', 'Dana');
    const dana = await storeSignIn(HARBOR, 'dana@example.test');
    expect((await storeApi('GET', HARBOR, '/favorites', undefined, { cookie: dana })).json()).toEqual({ items: [] });
    // Dana removing Casey's product removes nothing of Casey's.
    await storeApi('DELETE', HARBOR, `/favorites/${plain.id}`, undefined, { cookie: dana });
    const mine = (await storeApi('GET', HARBOR, '/favorites', undefined, { cookie: casey })).json();
    expect(mine.items.some((f: { productId: string }) => f.productId === plain.id)).toBe(true);

    // Another firm's product, a draft and an unknown id: not in the store.
    for (const id of [cedarProduct, '019a0000-0000-7000-8000-00000000dead', 'not-an-id']) {
      const r = await storeApi('PUT', HARBOR, `/favorites/${id}`, {}, { cookie: casey });
      expect(r.statusCode, id).toBe(404);
    }
    const cedric = await storeSignIn(CEDAR, 'cedar.buyer@example.test');
    expect((await storeApi('PUT', CEDAR, `/favorites/${plain.id}`, {}, { cookie: cedric })).statusCode).toBe(404);
    expect((await storeApi('GET', CEDAR, '/favorites', undefined, { cookie: cedric })).json()).toEqual({ items: [] });
    // Signed out: 401.
    expect((await storeApi('PUT', HARBOR, `/favorites/${plain.id}`, {})).statusCode).toBe(401);
    expect((await storeApi('GET', HARBOR, '/favorites')).statusCode).toBe(401);
  });

  it('hides a favorite whose product leaves the store, and lets one go', async () => {
    await storeApi('PUT', HARBOR, `/favorites/${other}`, {}, { cookie: casey });
    await db.query("UPDATE products SET status = 'draft' WHERE id = $1", [other]);
    try {
      const list = (await storeApi('GET', HARBOR, '/favorites', undefined, { cookie: casey })).json();
      expect(list.items.some((f: { productId: string }) => f.productId === other)).toBe(false);
      // Staff still see it, marked as no longer in the store.
      const staff = (await api('GET', `/customers/${caseyCustomer}/favorites`, undefined, { cookie: owner })).json();
      expect(staff.items.find((f: { productId: string }) => f.productId === other)).toMatchObject({ inStore: false });
    } finally {
      await db.query("UPDATE products SET status = 'active' WHERE id = $1", [other]);
    }
    const removed = await storeApi('DELETE', HARBOR, `/favorites/${other}`, undefined, { cookie: casey });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.some((f: { productId: string }) => f.productId === other)).toBe(false);
  });

  it('staff see a customer’s favorites and turn them into a draft quote at the customer’s prices', async () => {
    const list = await api('GET', `/customers/${caseyCustomer}/favorites`, undefined, { cookie: owner });
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().items.filter((f: { inStore: boolean }) => f.inStore);
    expect(shown.length).toBeGreaterThan(0);
    // Another firm's staff: not their customer.
    expect(
      (await api('GET', `/customers/${caseyCustomer}/favorites`, undefined, { cookie: cedarOwner })).statusCode,
    ).toBe(404);
    const made = await api('POST', `/customers/${caseyCustomer}/favorites/quote`, undefined, { cookie: owner });
    expect(made.statusCode, made.body).toBe(201);
    const quote = (await api('GET', `/quotes/${made.json()._id}`, undefined, { cookie: owner })).json();
    expect(quote).toMatchObject({ status: 'draft', number: made.json().number, customer: { _id: caseyCustomer } });
    expect(quote.lines).toHaveLength(shown.length);
  });
});

describe('prices', () => {
  let company: string;
  beforeAll(async () => {
    company = (
      await one<{ id: string }>('SELECT id FROM companies WHERE firm_id = $1 ORDER BY name LIMIT 1', [HARBOR_PINE_ID])
    ).id;
    await db.query('UPDATE customers SET company_id = $2 WHERE id = $1', [caseyCustomer, company]);
    const set = await api(
      'PUT',
      `/companies/${company}/prices`,
      { prices: [{ item: { type: 'product', id: plain.id }, priceCents: 1234 }] },
      { cookie: owner },
    );
    expect(set.statusCode, set.body).toBe(200);
    await storeApi('PUT', HARBOR, `/favorites/${plain.id}`, {}, { cookie: casey });
  });
  const favoritePrice = async () =>
    (await storeApi('GET', HARBOR, '/favorites', undefined, { cookie: casey }))
      .json()
      .items.find((f: { productId: string }) => f.productId === plain.id).priceCents;

  it('are the account’s with the wholesale module on, the list price with it off', async () => {
    expect(await favoritePrice()).toBe(1234);
    await withFeatures(HARBOR_PINE_ID, 'remove', 'wholesale');
    try {
      expect(await favoritePrice()).toBe(plain.price);
    } finally {
      await withFeatures(HARBOR_PINE_ID, 'add', 'wholesale');
    }
  });

  it('are the list price for visitors, or none when the store shows prices to customers signed in', async () => {
    const variant = await one<{ id: string; product_id: string; price: string }>(
      `SELECT v.id, v.product_id, COALESCE(v.price_cents, p.price_cents) AS price FROM product_variants v
         JOIN products p ON p.id = v.product_id
        WHERE p.firm_id = $1 AND p.status = 'active' AND p.archived_at IS NULL AND v.archived_at IS NULL LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    const items = [
      { productId: plain.id },
      { productId: variant.product_id, variantId: variant.id },
      { productId: cedarProduct },
      { productId: plain.id, variantId: variant.id }, // another product's variant
      { productId: 'nonsense' },
    ];
    const prices = (customer: { companyId: string | null } | null) =>
      inScope(t.database.db, { firmId: null }, async (tx) =>
        storePrices(tx, await openStore(tx, HARBOR), customer, items),
      );
    expect((await prices(null)).map((p) => p?.priceCents ?? 'not shown')).toEqual([
      plain.price,
      Number(variant.price),
      'not shown',
      'not shown',
      'not shown',
    ]);
    await api('PUT', '/settings/storeSettings', { prices: 'signed_in' }, { cookie: owner });
    try {
      expect((await prices(null)).slice(0, 2).map((p) => p?.priceCents)).toEqual([null, null]);
      expect((await prices({ companyId: company })).slice(0, 2).map((p) => p?.priceCents)).toEqual([
        1234,
        expect.any(Number),
      ]);
    } finally {
      await api('PUT', '/settings/storeSettings', { prices: 'everyone' }, { cookie: owner });
    }
  });

  it('recompute a cart: a price in the request is ignored', async () => {
    const r = await storeApi(
      'POST',
      HARBOR,
      '/checkout',
      {
        mode: 'order',
        payment: 'pickup',
        lines: [{ productId: plain.id, quantity: 2, unitPriceCents: 1, priceCents: 1, totalCents: 2 }],
      },
      { cookie: casey },
    );
    expect(r.statusCode, r.body).toBe(201);
    const order = (await api('GET', `/orders/${r.json().id}`, undefined, { cookie: owner })).json();
    expect(order.lines[0]).toMatchObject({ unitPriceCents: 1234, quantity: 2 });
    expect(r.json().totalCents).toBe(order.totalCents);
  });
});

describe('checkout', () => {
  const order = (lines: unknown[], extra: Record<string, unknown> = {}, r: Req = { cookie: casey }) =>
    storeApi('POST', HARBOR, '/checkout', { mode: 'order', payment: 'pickup', lines, ...extra }, r);

  it('is for customers signed in', async () => {
    const r = await order([{ productId: plain.id, quantity: 1 }], {}, {});
    expect(r.statusCode).toBe(401);
  });

  it('makes a draft order, pay on pickup, written and audited as the customer', async () => {
    const r = await order([{ productId: plain.id, quantity: 3 }], { note: 'Ring the bell.' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ kind: 'order', number: expect.any(String) });
    const made = (await api('GET', `/orders/${r.json().id}`, undefined, { cookie: owner })).json();
    expect(made).toMatchObject({ status: 'draft', fulfilment: 'pickup', customer: { _id: caseyCustomer } });
    expect(made.notes).toContain('pay on pickup');
    expect(made.notes).toContain('Ring the bell.');
    const audit = await one<{ actor_id: string }>(
      "SELECT actor_id FROM audit_log WHERE entity_id = $1 AND action = 'create'",
      [r.json().id],
    );
    expect(audit.actor_id).toBe(caseyUser);
  });

  it('refuses another firm’s product, a draft or archived one, and a quantity its unit does not sell, per line', async () => {
    const archived = (
      await one<{ id: string }>(
        `SELECT p.id FROM products p WHERE p.firm_id = $1 AND p.id <> ALL($2::uuid[]) AND p.unit = 'each'
          AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id) ORDER BY p.name DESC LIMIT 1`,
        [HARBOR_PINE_ID, [plain.id, other]],
      )
    ).id;
    await db.query('UPDATE products SET archived_at = now() WHERE id = $1', [archived]);
    await db.query("UPDATE products SET status = 'draft' WHERE id = $1", [other]);
    try {
      const r = await order([
        { productId: cedarProduct, quantity: 1 },
        { productId: other, quantity: 1 },
        { productId: archived, quantity: 1 },
        { productId: plain.id, quantity: 1.5 },
      ]);
      expect(r.statusCode).toBe(400);
      expect(errorOf(r).fields).toMatchObject({
        'lines.0.productId': 'This product is not in the store.',
        'lines.1.productId': 'This product is not in the store.',
        'lines.2.productId': 'This product is not in the store.',
        'lines.3.quantity': expect.stringContaining('whole number'),
      });
      const zero = await order([{ productId: plain.id, quantity: 0 }]);
      expect(zero.statusCode).toBe(400);
      expect(errorOf(zero).fields?.['lines.0.quantity']).toBe('Use more than 0.');
      const huge = await order([{ productId: plain.id, quantity: 1e9 }]);
      expect(errorOf(huge).fields?.['lines.0.quantity']).toBe('Use at most 10,000.');
    } finally {
      await db.query('UPDATE products SET archived_at = NULL WHERE id = $1', [archived]);
      await db.query("UPDATE products SET status = 'active' WHERE id = $1", [other]);
    }
  });

  it('sells a product with options as one of them', async () => {
    const variant = await one<{ id: string; product_id: string }>(
      `SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE p.firm_id = $1 AND p.status = 'active' AND p.archived_at IS NULL AND v.archived_at IS NULL
          AND p.pricing_mode = 'unit' AND p.unit = 'each' LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    const bare = await order([{ productId: variant.product_id, quantity: 1 }]);
    expect(bare.statusCode).toBe(400);
    expect(Object.keys(errorOf(bare).fields ?? {})).toEqual(['lines.0.variantId']);
    const fav = await storeApi('PUT', HARBOR, `/favorites/${variant.product_id}`, {}, { cookie: casey });
    expect(fav.statusCode).toBe(400);
    const kept = await storeApi(
      'PUT',
      HARBOR,
      `/favorites/${variant.product_id}`,
      { variantId: variant.id },
      {
        cookie: casey,
      },
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const r = await order([{ productId: variant.product_id, variantId: variant.id, quantity: 2 }]);
    expect(r.statusCode, r.body).toBe(201);
    const made = (await api('GET', `/orders/${r.json().id}`, undefined, { cookie: owner })).json();
    expect(made.lines[0].item).toMatchObject({ type: 'variant', _id: variant.id });
  });

  it('lets only customers with an account pay on its terms', async () => {
    await customerLogin(HARBOR_PINE_ID, 'erin@example.test', 'Erin');
    const erin = await storeSignIn(HARBOR, 'erin@example.test');
    const r = await order([{ productId: plain.id, quantity: 1 }], { payment: 'account' }, { cookie: erin });
    expect(r.statusCode).toBe(400);
    expect(errorOf(r).fields).toEqual({ payment: 'Choose to pay on pickup.' });
    // Casey's account (set above) pays on its terms.
    const ok = await order([{ productId: plain.id, quantity: 1 }], { payment: 'account' });
    expect(ok.statusCode, ok.body).toBe(201);
    const made = (await api('GET', `/orders/${ok.json().id}`, undefined, { cookie: owner })).json();
    const terms = await one<{ days: number }>(
      'SELECT payment_terms_days AS days FROM companies c JOIN customers u ON u.company_id = c.id WHERE u.id = $1',
      [caseyCustomer],
    );
    expect(made.paymentTermsDays).toBe(terms.days);
  });

  it('makes a quote request a draft quote for staff, and tells those who may see quotes', async () => {
    const r = await storeApi(
      'POST',
      HARBOR,
      '/checkout',
      { mode: 'quote', note: 'For the lake house.', lines: [{ productId: plain.id, quantity: 4 }] },
      { cookie: casey },
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().kind).toBe('quote');
    const quote = (await api('GET', `/quotes/${r.json().id}`, undefined, { cookie: owner })).json();
    expect(quote).toMatchObject({ status: 'draft', customer: { _id: caseyCustomer } });
    expect(quote.notes).toContain('For the lake house.');
    const told = await db.query('SELECT user_id, message, link FROM notifications WHERE link = $1', [
      `/o/quotes/${r.json().id}`,
    ]);
    expect(told.rows.length).toBeGreaterThan(0);
    expect(told.rows[0].message).toBe(`Casey Morgan asked for a quote in the store: ${r.json().number}.`);
    // Only staff who may see quotes.
    const codes = await db.query(
      `SELECT u.kind, bool_or(r.codes && ARRAY[21, 100, 999]) AS may FROM users u
        LEFT JOIN user_roles ur ON ur.user_id = u.id LEFT JOIN roles r ON r.id = ur.role_id
       WHERE u.id = ANY($1::uuid[]) GROUP BY u.id, u.kind`,
      [told.rows.map((x) => x.user_id)],
    );
    expect(codes.rows.every((x) => x.kind === 'staff' && x.may)).toBe(true);
  });

  it('happens once per Idempotency-Key', async () => {
    const body = { mode: 'order', payment: 'pickup', lines: [{ productId: plain.id, quantity: 1 }] };
    const headers = { 'idempotency-key': 'cart-42' };
    const a = await storeApi('POST', HARBOR, '/checkout', body, { cookie: casey, headers });
    const b = await storeApi('POST', HARBOR, '/checkout', body, { cookie: casey, headers });
    expect(a.statusCode, a.body).toBe(201);
    expect(b.json()).toEqual(a.json());
  });

  it('takes at most 10 orders and quote requests an hour from a customer', async () => {
    await db.query("DELETE FROM auth_throttle WHERE key LIKE 'store-checkout%'");
    await customerLogin(HARBOR_PINE_ID, 'flood@example.test', 'Flo');
    const flo = await storeSignIn(HARBOR, 'flood@example.test');
    const line = [{ productId: plain.id, quantity: 1 }];
    for (let i = 0; i < 10; i++) {
      const r = await storeApi(
        'POST',
        HARBOR,
        '/checkout',
        { mode: 'quote', lines: line },
        { cookie: flo, ip: `10.8.0.${i}` },
      );
      expect(r.statusCode, r.body).toBe(201);
    }
    const r = await storeApi(
      'POST',
      HARBOR,
      '/checkout',
      { mode: 'quote', lines: line },
      { cookie: flo, ip: '10.8.1.1' },
    );
    expect(r.statusCode).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
    const quotes = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM quotes q JOIN customers c ON c.id = q.customer_id JOIN users u ON u.id = c.user_id WHERE u.email = $1',
      ['flood@example.test'],
    );
    expect(quotes.n).toBe(10);
  });
});

describe('coupons at checkout', () => {
  type Totals = { subtotal: number; coupon: number; code: string | null; tax: number; total: number };
  const totalsOf = (id: string) =>
    one<Totals>(
      `SELECT subtotal_cents::int AS subtotal, coupon_cents::int AS coupon, coupon_code AS code,
              tax_cents::int AS tax, total_cents::int AS total FROM orders WHERE id = $1`,
      [id],
    );
  const documentsOf = async (customerId: string) =>
    one<{ orders: number; quotes: number }>(
      `SELECT (SELECT count(*)::int FROM orders WHERE customer_id = $1) AS orders,
              (SELECT count(*)::int FROM quotes WHERE customer_id = $1) AS quotes`,
      [customerId],
    );
  const coupon = async (body: Record<string, unknown>) => {
    const r = await api('POST', '/coupons', body, { cookie: owner });
    expect(r.statusCode, r.body).toBe(201);
  };
  const checkoutAs = (cookie: string, ip: string, extra: Record<string, unknown>) =>
    storeApi(
      'POST',
      HARBOR,
      '/checkout',
      { mode: 'order', payment: 'pickup', lines: [{ productId: plain.id, quantity: 3 }], ...extra },
      { cookie, ip },
    );
  /** A customer of Harbor & Pine with no account (list prices), signed in from `ip`. */
  const newCustomer = async (email: string, ip: string) => {
    const login = await customerLogin(HARBOR_PINE_ID, email, 'Coupon');
    return { ...login, cookie: await storeSignIn(HARBOR, email, DEMO_PASSWORD, ip) };
  };

  beforeAll(async () => {
    await coupon({ code: 'STORE10', kind: 'percent', percent: 10 });
    await coupon({ code: 'GONE5', kind: 'percent', percent: 5, startsOn: '2001-01-01', endsOn: '2001-12-31' });
  });

  it('prices an order with a valid code: its total is lower by exactly the coupon’s cents', async () => {
    const ip = '10.20.0.1';
    const c = await newCustomer('coupon-one@example.test', ip);
    const plainOrder = await checkoutAs(c.cookie, ip, {});
    expect(plainOrder.statusCode, plainOrder.body).toBe(201);
    // Lower case and padded: the code is trimmed and matched whatever its case.
    const r = await checkoutAs(c.cookie, ip, { coupon: '  store10 ' });
    expect(r.statusCode, r.body).toBe(201);
    const without = await totalsOf(plainOrder.json().id);
    const withCoupon = await totalsOf(r.json().id);
    const subtotal = plain.price * 3;
    // 10% of the lines, rounded half up.
    const off = Math.floor((subtotal * 1000 * 2 + 10_000) / 20_000);
    expect(off).toBeGreaterThan(0);
    expect(without).toMatchObject({ subtotal, coupon: 0, code: null });
    expect(withCoupon).toMatchObject({ subtotal, coupon: off, code: 'store10' });
    // The total is what the lines come to less the coupon, plus the tax on what is left.
    expect(withCoupon.total).toBe(subtotal - off + withCoupon.tax);
    expect(without.total - withCoupon.total).toBe(off + (without.tax - withCoupon.tax));
    expect(r.json()).toMatchObject({ kind: 'order', couponCents: off, totalCents: withCoupon.total });
    expect(plainOrder.json().couponCents).toBe(0);
  });

  it('refuses a code that does not apply with the coupons module’s reason on `coupon`, and makes nothing', async () => {
    const ip = '10.20.0.2';
    const c = await newCustomer('coupon-two@example.test', ip);
    const wrong = await checkoutAs(c.cookie, ip, { coupon: 'NOSUCHCODE' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ coupon: 'No coupon has this code.' });
    const ended = await checkoutAs(c.cookie, ip, { coupon: 'GONE5' });
    expect(errorOf(ended).fields).toEqual({ coupon: 'This coupon ended on 2001-12-31.' });
    // Longer than any code (but within the field's 40): the same answer, no 500.
    const long = await checkoutAs(c.cookie, ip, { coupon: 'X'.repeat(36) });
    expect([long.statusCode, errorOf(long).fields]).toEqual([400, { coupon: 'No coupon has this code.' }]);
    const tooLong = await checkoutAs(c.cookie, ip, { coupon: 'X'.repeat(41) });
    expect(errorOf(tooLong).fields?.coupon).toBe('Use at most 40 characters.');
    // Quotes take no coupon: the form says so, and no quote is made.
    const quote = await storeApi(
      'POST',
      HARBOR,
      '/checkout',
      { mode: 'quote', coupon: 'STORE10', lines: [{ productId: plain.id, quantity: 1 }] },
      { cookie: c.cookie, ip },
    );
    expect(quote.statusCode).toBe(400);
    expect(errorOf(quote).fields?.coupon).toContain('orders only');
    expect(await documentsOf(c.customerId)).toEqual({ orders: 0, quotes: 0 });
    // An empty code is no code.
    const blank = await checkoutAs(c.cookie, ip, { coupon: '   ' });
    expect(blank.statusCode, blank.body).toBe(201);
    expect((await totalsOf(blank.json().id)).coupon).toBe(0);
  });

  it(`counts every checkout naming a coupon, refused or not: the 11th try in an hour is a 429, even with a right code`, async () => {
    expect(STORE_COUPON_TRIES_PER_HOUR).toBe(10);
    const guessIp = '10.21.0.1';
    const guesser = await newCustomer('coupon-guesser@example.test', guessIp);
    for (let i = 0; i < STORE_COUPON_TRIES_PER_HOUR; i++) {
      const r = await checkoutAs(guesser.cookie, guessIp, { coupon: `GUESS${i}` });
      expect([r.statusCode, errorOf(r).fields]).toEqual([400, { coupon: 'No coupon has this code.' }]);
    }
    const right = await checkoutAs(guesser.cookie, guessIp, { coupon: 'STORE10' });
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).message).toMatch(/^Too many coupon codes tried\. Try again in \d+ minutes?\.$/);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // Per customer: another address does not help the guesser.
    const moved = await checkoutAs(guesser.cookie, '10.21.0.2', { coupon: 'STORE10' });
    expect(moved.statusCode).toBe(429);
    expect(await documentsOf(guesser.customerId)).toEqual({ orders: 0, quotes: 0 });
    // A checkout without a coupon does not count against this limit.
    const plainOrder = await checkoutAs(guesser.cookie, guessIp, {});
    expect(plainOrder.statusCode, plainOrder.body).toBe(201);

    // Another customer at another address is not blocked by these guesses...
    const otherIp = '10.22.0.1';
    const other = await newCustomer('coupon-other@example.test', otherIp);
    const fine = await checkoutAs(other.cookie, otherIp, { coupon: 'STORE10' });
    expect(fine.statusCode, fine.body).toBe(201);
    expect((await totalsOf(fine.json().id)).coupon).toBeGreaterThan(0);
    // ...but at the guessing address they are: per address, so many logins cannot share one guesser's tries.
    const sameAddress = await checkoutAs(other.cookie, guessIp, { coupon: 'STORE10' });
    expect(sameAddress.statusCode).toBe(429);
    expect(await documentsOf(other.customerId)).toEqual({ orders: 1, quotes: 0 });
  });
});
