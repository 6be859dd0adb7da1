import type { Customer, Order, Product, Quote } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../../test/helpers';
import { storeVisitor } from '../../../../test/store-visitor';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
const slug = 'harbor-and-pine-interiors';
const at = (path: string) => `/store/${slug}/${path}`;
const CASEY = 'customer@demo.test';

const visitor = (ip = '198.51.100.40') => storeVisitor(t.app, slug, ip);
const signedIn = (email: string, password = DEMO_PASSWORD, ip?: string) => visitor(ip).signIn(email, password);

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });

/** Another customer of the same firm, with a store login (the demo password). */
async function otherCustomer(email: string) {
  const user = await db.query(
    `INSERT INTO users (firm_id, kind, email, first_name, last_name, password_hash)
     VALUES ($1, 'customer', $2, 'Other', 'Tester', (SELECT password_hash FROM users WHERE email = 'owner@demo.test'))
     RETURNING id`,
    [HARBOR_PINE_ID, email],
  );
  await db.query(
    `INSERT INTO customers (firm_id, first_name, last_name, user_id, primary_email) VALUES ($1, 'Other', 'Tester', $2, $3)`,
    [HARBOR_PINE_ID, user.rows[0].id, email],
  );
}

let caseyCustomer: string;
let products: Product[];

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  caseyCustomer = (
    await db.query('SELECT id FROM customers WHERE user_id = (SELECT id FROM users WHERE email = $1)', [CASEY])
  ).rows[0].id;
  products = [];
  for (const [i, price] of [1_000, 2_000, 3_000].entries())
    products.push(
      (await api('POST', '/products', { name: `Portal tile ${i}`, unit: 'box', priceCents: price })).json(),
    );
  await otherCustomer('other-portal@demo.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

const item = (p: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item: { type: 'product', id: p._id },
  quantity,
  ...extra,
});

async function sentQuote(lines: unknown[]): Promise<Quote> {
  const q = (await api('POST', '/quotes', { customer: caseyCustomer, lines })).json() as Quote;
  const sent = await api('POST', `/quotes/${q._id}/mark-sent`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json() as Quote;
}

describe('the customer’s quotes and proposals', () => {
  it('accepts a sent quote with their choices: it becomes a draft order, and staff are told', async () => {
    const [a, b, c] = products as [Product, Product, Product];
    const q = await sentQuote([
      item(a, 10, { group: 'Floor', chosen: true }),
      item(b, 10, { group: 'Floor', chosen: false }),
      item(c, 1, { optional: true }),
    ]);
    const casey = await signedIn(CASEY);
    const account = await casey.get('account');
    expect(account.body).toContain(`href="${at(`account/quotes/${q._id}`)}">${q.number}</a>`);
    expect(account.body).toContain('Waiting for your answer');
    const page = await casey.get(`account/quotes/${q._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Accept this quote');
    // The page's own form posts where the routes below answer.
    expect(page.body).toContain(`action="${at('account/quotes/accept')}"`);
    expect(page.body).toContain(`name="quote" value="${q._id}"`);
    expect(page.body).toContain(`formaction="${at('account/quotes/decline')}"`);
    expect(page.body).toContain(`name="chosen:Floor" value="${q.lines[1]!.id}"`);

    // Two lines of one group: the quote's own rule refuses it on the page, and nothing changes.
    const bad = await casey.post('account/quotes/accept', {
      quote: q._id,
      'chosen:Floor': [q.lines[0]!.id, q.lines[1]!.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose exactly one line of “Floor”: 2 are chosen.');
    expect((await db.query('SELECT status FROM quotes WHERE id = $1', [q._id])).rows[0].status).toBe('sent');

    const ok = await casey.post('account/quotes/accept', {
      quote: q._id,
      'chosen:Floor': q.lines[1]!.id,
      selected: q.lines[2]!.id,
    });
    expect(ok.statusCode, ok.body).toBe(303);
    const after = (await api('GET', `/quotes/${q._id}`)).json() as Quote;
    expect(after.status).toBe('accepted');
    const order = (await api('GET', `/orders/${after.order!._id}`)).json() as Order;
    expect(order.status).toBe('draft');
    // At the quote's prices (Casey's account's price level), with the chosen and ticked lines only.
    expect(q.lines[1]!.unitPriceCents).toBe(1_800);
    expect(order.lines.map((l) => [l.name, l.quantity, l.unitPriceCents])).toEqual([
      [b.name, 10, q.lines[1]!.unitPriceCents],
      [c.name, 1, q.lines[2]!.unitPriceCents],
    ]);
    const done = await casey.get(ok.headers.location!.replace(`/store/${slug}/`, ''));
    expect(done.body).toContain(`You accepted ${q.number}: it is now order ${order.number}`);
    const told = await db.query(`SELECT count(*)::int AS n FROM notifications WHERE message LIKE $1`, [
      `%accepted ${q.number} in the store: draft order ${order.number}.`,
    ]);
    expect(told.rows[0].n).toBeGreaterThan(0);
    // Decided: no second answer.
    const again = await casey.post('account/quotes/decline', { quote: q._id });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`${q.number} was already accepted.`);
  });

  it('shows nobody else’s quote, and a signed-out visitor is sent to sign in', async () => {
    const q = await sentQuote([item(products[0]!, 1)]);
    const other = await signedIn('other-portal@demo.test', DEMO_PASSWORD, '198.51.100.41');
    expect((await other.get(`account/quotes/${q._id}`)).statusCode).toBe(404);
    expect((await other.get('account/quotes/not-an-id')).statusCode).toBe(404);
    const refused = await other.post('account/quotes/decline', { quote: q._id });
    expect(refused.statusCode).toBe(404);
    expect((await db.query('SELECT status FROM quotes WHERE id = $1', [q._id])).rows[0].status).toBe('sent');
    const signedOut = await visitor().get(`account/quotes/${q._id}`);
    expect([signedOut.statusCode, signedOut.headers.location]).toEqual([303, at('account')]);
    // Casey declines it.
    const casey = await signedIn(CASEY);
    expect((await casey.post('account/quotes/decline', { quote: q._id })).statusCode).toBe(303);
    expect((await db.query('SELECT status FROM quotes WHERE id = $1', [q._id])).rows[0].status).toBe('declined');
  });
});

describe('the customer’s details and password', () => {
  it('saves their name, phone and address through their record, and refuses bad input per field', async () => {
    const casey = await signedIn(CASEY);
    const page = await casey.get('account/details');
    expect(page.body).toContain(`You sign in as ${CASEY}`);
    const before = (await api('GET', `/customers/${caseyCustomer}`)).json() as Customer;
    const bad = await casey.post('account/details', {
      firstName: '',
      lastName: '<b>Morgan</b>',
      phone: 'call me',
      line1: '12 Harbor St',
      city: 'Portland',
      country: 'US',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter your first name.');
    expect(bad.body).toContain('Enter a phone number like (207) 555-0134.');
    expect(bad.body).toContain('value="&lt;b&gt;Morgan&lt;/b&gt;"');
    expect(((await api('GET', `/customers/${caseyCustomer}`)).json() as Customer).version).toBe(before.version);

    const ok = await casey.post('account/details', {
      firstName: 'Casey',
      lastName: 'Morgan-Reed',
      phone: '(207) 555-0199',
      line1: '12 Harbor St',
      line2: '',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
      country: 'US',
    });
    expect([ok.statusCode, ok.headers.location]).toEqual([
      303,
      `${at('account/details')}?done=Your%20details%20are%20saved.`,
    ]);
    const after = (await api('GET', `/customers/${caseyCustomer}`)).json() as Customer;
    expect(after.lastName).toBe('Morgan-Reed');
    expect(after.phones[0]!.number).toBe('(207) 555-0199');
    expect(after.addresses[0]).toMatchObject({
      line1: '12 Harbor St',
      city: 'Portland',
      region: 'ME',
      postalCode: '04101',
    });
    // What the firm keeps of them stays: their notes, tags and salesperson.
    expect([after.notes, after.tags, after.assignedTo]).toEqual([before.notes, before.tags, before.assignedTo]);
    const log = (await api('GET', `/customers/${caseyCustomer}/logs`)).json().items as { action: string }[];
    expect(log[0]!.action).toBe('update');
  });

  it('changes the password with the current one, and a forgotten one by an emailed link that works once', async () => {
    const v = await signedIn('other-portal@demo.test', DEMO_PASSWORD, '198.51.100.42');
    const wrong = await v.post('account/password', {
      current_password: 'not-it',
      new_password: 'a-brand-new-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The current password is incorrect.');
    const changed = await v.post('account/password', {
      current_password: DEMO_PASSWORD,
      new_password: 'a-brand-new-password',
    });
    expect(changed.statusCode).toBe(303);
    await signedIn('other-portal@demo.test', 'a-brand-new-password', '198.51.100.43');

    // Forgotten: the same answer for an address with no login here, and a link for one with.
    const stranger = await visitor('198.51.100.44').post('account/forgot', { email: 'nobody@nowhere.test' });
    const asked = await visitor('198.51.100.44').post('account/forgot', { email: 'other-portal@demo.test' });
    expect([stranger.statusCode, asked.statusCode]).toEqual([200, 200]);
    expect(asked.body).toContain('we have sent it a link');
    const staffAsked = await visitor('198.51.100.44').post('account/forgot', { email: 'owner@demo.test' });
    expect(staffAsked.statusCode).toBe(200);
    const mails = await db.query(
      `SELECT to_address, text_body FROM email_outbox WHERE text_body LIKE '%/account/reset/%' ORDER BY created_at`,
    );
    // Only the store customer was written to; staff use the app's own reset.
    expect(mails.rows.map((r) => r.to_address)).toEqual(['other-portal@demo.test']);
    const token = (mails.rows[0].text_body as string).match(/\/store\/[^/]+\/account\/reset\/([A-Za-z0-9_-]+)/)![1]!;
    const form = await visitor().get(`account/reset/${token}`);
    expect(form.body).toContain('For other-portal@demo.test.');
    expect(form.headers['referrer-policy']).toBe('no-referrer');
    const short = await visitor().post('account/reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    const reset = await visitor().post('account/reset', { token, password: 'the-reset-password' });
    expect([reset.statusCode, reset.headers.location]).toEqual([303, `${at('account')}?reset=1`]);
    await signedIn('other-portal@demo.test', 'the-reset-password', '198.51.100.45');
    // Used once: the link no longer works.
    const used = await visitor().post('account/reset', { token, password: 'yet-another-password' });
    expect(used.statusCode).toBe(400);
    expect(used.body).toContain('This link is not valid any more');
  });
});

describe('favorites into a proposal', () => {
  it('drafts a proposal of the customer’s favorites the store shows, in one section, at their prices', async () => {
    const favorites = (await api('GET', `/customers/${caseyCustomer}/favorites`)).json() as {
      items: { productId: string; inStore: boolean; priceCents: number | null }[];
    };
    const shown = favorites.items.filter((f) => f.inStore);
    expect(shown.length).toBeGreaterThan(0);
    const made = await api('POST', `/customers/${caseyCustomer}/favorites/proposal`);
    expect(made.statusCode, made.body).toBe(201);
    const proposal = (await api('GET', `/proposals/${made.json()._id}`)).json() as {
      status: string;
      number: string;
      sections: { title: string; lines: { unitPriceCents: number }[] }[];
    };
    expect([proposal.status, proposal.number]).toEqual(['draft', made.json().number]);
    expect(proposal.sections.map((s) => s.title)).toEqual(['From your favorites in our store']);
    expect(proposal.sections[0]!.lines.map((l) => l.unitPriceCents).sort()).toEqual(
      shown.map((f) => f.priceCents).sort(),
    );
    // Someone who may not write proposals may not make one this way either.
    const warehouse = await signIn(t.app, 'warehouse@demo.test');
    const refused = await call(t.app, {
      method: 'POST',
      url: `/api/v1/customers/${caseyCustomer}/favorites/proposal`,
      cookie: warehouse,
    });
    expect(refused.statusCode).toBe(403);
  });
});
