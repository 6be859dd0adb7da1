import {
  type Company,
  type CompanyAnalytics,
  type Customer,
  type CustomerAnalytics,
  type EmployeeAnalytics,
  type Order,
  P,
  type Product,
  type Quote,
  type Warehouse,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;
let home: Warehouse;
let account: Company;
let alice: Customer;
let bob: Customer;
let outsider: Customer;
let tile: Product;
let sink: Product;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const product = async (priceCents: number) => {
  const p = (
    await api('POST', '/products', { name: `Analysed item ${++n}`, sku: `SA-${n}`, unit: 'box', priceCents })
  ).json() as Product;
  const r = await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: p._id },
    warehouse: home._id,
    quantity: 100,
    note: 'Opening count',
  });
  expect(r.statusCode, r.body).toBe(200);
  return p;
};
const customer = async (firstName: string, company: string | null) =>
  (await api('POST', '/customers', { firstName, lastName: 'Analysed', company })).json() as Customer;
const item = (p: Product, quantity: number) => ({ item: { type: 'product', id: p._id }, quantity });
const order = async (who: Customer, lines: unknown[], cookie = owner) => {
  const r = await api('POST', '/orders', { customer: who._id, warehouse: home._id, lines }, cookie);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Order;
};
const confirmed = async (who: Customer, lines: unknown[], cookie = owner) => {
  const o = await order(who, lines, cookie);
  const r = await api('POST', `/orders/${o._id}/confirm`, undefined, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as Order;
};
/** The 15th of the month `back` months ago, at noon UTC: in that month in any time zone. */
const monthsAgo = (back: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 15, 12));
};
const netOf = (o: Order, p: Product) =>
  o.lines.filter((l) => l.item?._id === p._id).reduce((sum, l) => sum + l.netCents, 0);

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  account = (await api('POST', '/companies', { name: 'Analysed Interiors', type: 'trade' })).json();
  alice = await customer('Alice', account._id);
  bob = await customer('Bob', account._id);
  outsider = await customer('Olive', null);
  tile = await product(2_500);
  sink = await product(40_000);
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('an account’s analytics', () => {
  let recent: Order;
  let older: Order;

  beforeAll(async () => {
    recent = await confirmed(alice, [item(tile, 4)]);
    older = await confirmed(bob, [
      item(sink, 1),
      item(tile, 2),
      { name: 'Installation', quantity: 3, unitPriceCents: 9_500, taxClass: 'Labour' },
    ]);
    await db.query('UPDATE orders SET confirmed_at = $2 WHERE id = $1', [older._id, monthsAgo(2)]);
    // Neither a draft nor a cancelled order is a sale; nor is an order for someone else.
    await order(alice, [item(sink, 5)]);
    const undone = await confirmed(bob, [item(sink, 3)]);
    expect((await api('POST', `/orders/${undone._id}/cancel`, { reason: 'Changed their mind' })).statusCode).toBe(200);
    await confirmed(outsider, [item(sink, 2)]);
  });

  it('sums its confirmed orders by the month they were confirmed, leaving out drafts and cancelled ones', async () => {
    const r = await api('GET', `/companies/${account._id}/analytics`);
    expect(r.statusCode, r.body).toBe(200);
    const a = r.json() as CompanyAnalytics;
    expect(a.sales).toHaveLength(12);
    const month = (d: Date) => d.toISOString().slice(0, 7);
    expect(a.sales.at(-1)).toEqual({ month: a.sales.at(-1)!.month, cents: recent.totalCents, orders: 1 });
    expect(a.sales.find((m) => m.month === month(monthsAgo(2)))).toEqual({
      month: month(monthsAgo(2)),
      cents: older.totalCents,
      orders: 1,
    });
    expect(a.sales.reduce((s, m) => s + m.cents, 0)).toBe(recent.totalCents + older.totalCents);
    expect(a.sales.reduce((s, m) => s + m.orders, 0)).toBe(2);

    const lifetime = recent.totalCents + older.totalCents;
    const thisYear = a.sales.at(-1)!.month.slice(0, 4);
    expect(a.figures).toEqual({
      orders: 2,
      lifetimeCents: lifetime,
      yearCents: recent.totalCents + (month(monthsAgo(2)).startsWith(thisYear) ? older.totalCents : 0),
      averageCents: Math.round(lifetime / 2),
      lastOrderAt: expect.any(String),
    });
    expect(Date.parse(a.figures.lastOrderAt!)).toBe(Date.parse(recent.confirmedAt!));
  });

  it('ranks the items sold by revenue before tax; a free-text line is no product', async () => {
    const a = (await api('GET', `/companies/${account._id}/analytics`)).json() as CompanyAnalytics;
    expect(a.topProducts).toEqual([
      {
        type: 'product',
        _id: sink._id,
        productId: sink._id,
        materialId: null,
        name: sink.name,
        sku: sink.sku,
        unit: 'box',
        quantity: 1,
        revenueCents: netOf(older, sink),
      },
      {
        type: 'product',
        _id: tile._id,
        productId: tile._id,
        materialId: null,
        name: tile.name,
        sku: tile.sku,
        unit: 'box',
        quantity: 6,
        revenueCents: netOf(recent, tile) + netOf(older, tile),
      },
    ]);
  });

  it('is empty, not made up, for an account with no sales', async () => {
    const quiet = (await api('POST', '/companies', { name: 'Quiet Account', type: 'retail' })).json() as Company;
    const a = (await api('GET', `/companies/${quiet._id}/analytics`)).json() as CompanyAnalytics;
    expect(a.sales.every((m) => m.cents === 0 && m.orders === 0)).toBe(true);
    expect(a.figures).toEqual({ orders: 0, lifetimeCents: 0, yearCents: 0, averageCents: null, lastOrderAt: null });
    expect(a.topProducts).toEqual([]);
  });

  it('needs 17 and the orders permission, and is 404 to another firm', async () => {
    const ordersOnly = await staffMember(t, owner, db, 'orders-only@demo.test', [P.MODIFY_ORDERS]);
    const analyticsOnly = await staffMember(t, owner, db, 'analytics-only@demo.test', [P.VIEW_ANALYTICS]);
    const both = await staffMember(t, owner, db, 'analyst@demo.test', [P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    const url = `/companies/${account._id}/analytics`;
    for (const cookie of [ordersOnly.cookie, analyticsOnly.cookie]) {
      const r = await api('GET', url, undefined, cookie);
      expect([r.statusCode, errorOf(r).code]).toEqual([403, 'forbidden']);
    }
    expect((await api('GET', url, undefined, both.cookie)).statusCode).toBe(200);
    const elsewhere = await api('GET', url, undefined, cedar);
    expect([elsewhere.statusCode, errorOf(elsewhere).code]).toEqual([404, 'not_found']);
    expect((await api('GET', '/companies/not-an-id/analytics')).statusCode).toBe(404);
  });
});

describe('a customer’s purchase figures', () => {
  it('are what they bought: lifetime, orders, average and last order, by month', async () => {
    const buyer = await customer('Bea', null);
    const first = await confirmed(buyer, [item(tile, 1)]);
    const second = await confirmed(buyer, [item(sink, 1)]);
    await order(buyer, [item(sink, 2)]);
    const r = await api('GET', `/customers/${buyer._id}/analytics`);
    expect(r.statusCode, r.body).toBe(200);
    const c = r.json() as CustomerAnalytics;
    const lifetime = first.totalCents + second.totalCents;
    expect(c.figures).toMatchObject({ orders: 2, lifetimeCents: lifetime, averageCents: Math.round(lifetime / 2) });
    expect(Date.parse(c.figures.lastOrderAt!)).toBe(Date.parse(second.confirmedAt!));
    expect(c.sales.at(-1)).toMatchObject({ cents: lifetime, orders: 2 });
  });

  it('need users analytics (10) as well as orders, and are 404 to another firm', async () => {
    const url = `/customers/${alice._id}/analytics`;
    const analyst = await staffMember(t, owner, db, 'no-users-analytics@demo.test', [
      P.MODIFY_ORDERS,
      P.VIEW_ANALYTICS,
      P.MODIFY_USERS,
    ]);
    expect((await api('GET', url, undefined, analyst.cookie)).statusCode).toBe(403);
    const allowed = await staffMember(t, owner, db, 'users-analytics@demo.test', [
      P.MODIFY_ORDERS,
      P.VIEW_USER_ANALYTICS,
    ]);
    const r = await api('GET', url, undefined, allowed.cookie);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as CustomerAnalytics).figures.orders).toBe(1);
    expect((await api('GET', url, undefined, cedar)).statusCode).toBe(404);
  });
});

describe('an employee’s analytics', () => {
  it('count the orders they took and list their open quotes, soonest to lapse first', async () => {
    const seller = await staffMember(t, owner, db, 'seller@demo.test', [P.MODIFY_ORDERS, P.MODIFY_QUOTES]);
    const sold = await confirmed(outsider, [item(tile, 3)], seller.cookie);
    await order(outsider, [item(tile, 1)], seller.cookie);
    const quote = async (validUntil: string | null) => {
      const r = await api(
        'POST',
        '/quotes',
        { customer: outsider._id, lines: [item(sink, 1)], ...(validUntil ? { validUntil } : {}) },
        seller.cookie,
      );
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as Quote;
    };
    const later = await quote(null);
    const soon = await quote(null);
    await db.query('UPDATE quotes SET valid_until = valid_until - 1 WHERE id = $1', [soon._id]);
    expect((await api('POST', `/quotes/${later._id}/mark-sent`, undefined, seller.cookie)).statusCode).toBe(200);
    const declined = await quote(null);
    await api('POST', `/quotes/${declined._id}/mark-sent`, undefined, seller.cookie);
    expect((await api('POST', `/quotes/${declined._id}/decline`, undefined, seller.cookie)).statusCode).toBe(200);
    // Lapsed yesterday, before the job runner got to it: no longer open.
    const lapsed = await quote(null);
    await db.query("UPDATE quotes SET status = 'sent', valid_until = CURRENT_DATE - 30 WHERE id = $1", [lapsed._id]);
    // Someone else's quote is theirs.
    await api('POST', '/quotes', { customer: outsider._id, lines: [item(sink, 1)] });

    const r = await api('GET', `/employees/${seller.id}/analytics`);
    expect(r.statusCode, r.body).toBe(200);
    const e = r.json() as EmployeeAnalytics;
    expect(e.figures).toMatchObject({ orders: 1, lifetimeCents: sold.totalCents, averageCents: sold.totalCents });
    expect(e.sales.at(-1)).toMatchObject({ cents: sold.totalCents, orders: 1 });
    expect(e.openQuotes).toEqual({
      count: 2,
      totalCents: soon.totalCents + later.totalCents,
      items: [
        {
          _id: soon._id,
          number: soon.number,
          status: 'draft',
          customer: { _id: outsider._id, name: outsider.name },
          totalCents: soon.totalCents,
          validUntil: expect.any(String),
        },
        {
          _id: later._id,
          number: later.number,
          status: 'sent',
          customer: { _id: outsider._id, name: outsider.name },
          totalCents: later.totalCents,
          validUntil: later.validUntil,
        },
      ],
    });

    // Without the quotes code the sales still show, and the quotes are left out rather than refused.
    const analyst = await staffMember(t, owner, db, 'employee-analyst@demo.test', [P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    const seen = await api('GET', `/employees/${seller.id}/analytics`, undefined, analyst.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as EmployeeAnalytics).openQuotes).toBeNull();
    expect((seen.json() as EmployeeAnalytics).figures.orders).toBe(1);
  });

  it('need 17 and the orders permission, and are 404 for another firm’s employee or a customer', async () => {
    const ordersOnly = await staffMember(t, owner, db, 'orders-clerk@demo.test', [P.MODIFY_ORDERS]);
    const me = ordersOnly.id;
    expect((await api('GET', `/employees/${me}/analytics`, undefined, ordersOnly.cookie)).statusCode).toBe(403);
    expect((await api('GET', `/employees/${me}/analytics`, undefined, cedar)).statusCode).toBe(404);
    // A store login is a user too, but no employee.
    expect((await api('GET', `/employees/${alice._id}/analytics`)).statusCode).toBe(404);
  });
});
