import type {
  Customer,
  Order,
  Product,
  PurchaseOrder,
  PurchaseSuggestions,
  SpecialOrderPurchases,
  Vendor,
  Warehouse,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;
let home: Warehouse;
let customer: Customer;
let oak: Vendor;
let brass: Vendor;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const special = (vendor: Vendor, name: string, costCents: number, leadTimeDays: number, quantity = 1) => ({
  name,
  quantity,
  unitPriceCents: Math.round(costCents * 2),
  special: { vendor: vendor._id, sku: `${vendor.name.slice(0, 3).toUpperCase()}-${++n}`, costCents, leadTimeDays },
});
/** A confirmed order of a stocked tile (in stock), a free line, and the special lines given. */
const confirmed = async (specials: unknown[], extra: Record<string, unknown> = {}) => {
  const tile = (
    await api('POST', '/products', { name: `Special tile ${++n}`, unit: 'box', priceCents: 4_000, costCents: 1_500 })
  ).json() as Product;
  await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: tile._id },
    warehouse: home._id,
    quantity: 5,
    note: 'Opening count',
  });
  const made = await api('POST', '/orders', {
    customer: customer._id,
    warehouse: home._id,
    lines: [
      { item: { type: 'product', id: tile._id }, quantity: 2 },
      { name: 'Installation', quantity: 1, unitPriceCents: 10_000 },
      ...specials,
    ],
    ...extra,
  });
  expect(made.statusCode, made.body).toBe(201);
  const order = made.json() as Order;
  const done = await api('POST', `/orders/${order._id}/confirm`);
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as Order;
};
const suggestions = async (order: Order, cookie = owner) => {
  const r = await api('GET', `/orders/${order._id}/purchase-suggestions`, undefined, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as PurchaseSuggestions;
};
const buy = (order: Order, body: unknown = {}, cookie = owner) =>
  api('POST', `/orders/${order._id}/purchase-orders`, body, cookie);
/** The firm's today plus `days`, as the server counts it (its time zone). */
const dayIn = async (days: number) =>
  (
    await db.query(
      `SELECT ((now() AT TIME ZONE f.time_zone)::date + $1::int)::text AS day FROM firms f
        WHERE f.id = (SELECT firm_id FROM warehouses WHERE id = $2)`,
      [days, home._id],
    )
  ).rows[0].day as string;

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  customer = (
    await api('POST', '/customers', {
      firstName: 'Special',
      lastName: 'Buyer',
      addresses: [{ kind: 'shipping', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94105' }],
    })
  ).json();
  oak = (await api('POST', '/vendors', { name: 'Oak Millworks', email: 'orders@oak.example' })).json();
  brass = (await api('POST', '/vendors', { name: 'Brass & Co', email: 'orders@brass.example' })).json();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('special-order lines of a confirmed order', () => {
  it('are suggested by vendor, each expected its lead time from today', async () => {
    const order = await confirmed([
      special(oak, 'Custom vanity', 50_000.5, 21),
      special(brass, 'Brass faucet', 12_000, 0, 2),
      special(oak, 'Oak mirror frame', 8_000, 10),
    ]);
    const [, , vanity, faucet, frame] = order.lines;
    const s = await suggestions(order);
    expect(s.bought).toEqual([]);
    // By the vendor's name; each vendor's lines in the order's order.
    expect(s.toBuy.map((g) => [g.vendor.name, g.lines.map((l) => l.line)])).toEqual([
      ['Brass & Co', [faucet!.id]],
      ['Oak Millworks', [vanity!.id, frame!.id]],
    ]);
    expect(s.toBuy[1]!.lines[0]).toEqual({
      line: vanity!.id,
      name: 'Custom vanity',
      vendorSku: vanity!.special!.sku,
      quantity: 1,
      unitCost: 50_000.5,
      leadTimeDays: 21,
      expectedDate: await dayIn(21),
    });
    expect(s.toBuy[0]!.lines[0]).toMatchObject({ quantity: 2, unitCost: 12_000, expectedDate: await dayIn(0) });
  });

  it('suggest nothing to buy while the order is a draft', async () => {
    const made = await api('POST', '/orders', {
      customer: customer._id,
      warehouse: home._id,
      lines: [special(oak, 'Draft vanity', 1_000, 5)],
    });
    const draft = made.json() as Order;
    expect(await suggestions(draft)).toEqual({ toBuy: [], bought: [] });
    const refused = await buy(draft);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([
      409,
      `${draft.number} is a draft: confirm it before buying its special orders.`,
    ]);
  });

  it('are bought as one draft purchase order per vendor, linked to the lines, and never twice', async () => {
    const order = await confirmed([
      special(oak, 'Walnut shelf', 9_000, 14, 3),
      special(brass, 'Brass handle', 1_250.25, 7, 12),
    ]);
    const [, , shelf, handle] = order.lines;

    // Only Brass & Co first.
    const first = await buy(order, { vendors: [brass._id] });
    expect(first.statusCode, first.body).toBe(201);
    const [brassPo] = first.json() as SpecialOrderPurchases;
    expect(first.json()).toHaveLength(1);
    expect([brassPo!.vendor, brassPo!.lines]).toEqual([{ _id: brass._id, name: 'Brass & Co' }, 1]);
    const po = (await api('GET', `/purchase-orders/${brassPo!._id}`)).json() as PurchaseOrder;
    expect(po).toMatchObject({
      status: 'draft',
      vendor: { _id: brass._id },
      warehouse: { _id: home._id },
      notes: `For order ${order.number} (Special Buyer)`,
      expectedDate: await dayIn(7),
      subtotalCents: 15_003,
    });
    expect(po.lines).toEqual([
      expect.objectContaining({
        item: null,
        name: 'Brass handle',
        vendorSku: handle!.special!.sku,
        quantity: 12,
        unitCost: 1_250.25,
        totalCents: 15_003,
        expectedDate: await dayIn(7),
        received: 0,
      }),
    ]);
    let s = await suggestions(order);
    expect(s.toBuy.map((g) => g.vendor.name)).toEqual(['Oak Millworks']);
    expect(s.bought).toEqual([
      {
        line: handle!.id,
        name: 'Brass handle',
        vendor: { _id: brass._id, name: 'Brass & Co' },
        quantity: 12,
        purchaseOrder: { _id: po._id, name: po.number },
      },
    ]);
    const linked = await db.query('SELECT purchase_order_line_id AS pl FROM order_lines WHERE id = $1', [handle!.id]);
    expect(linked.rows[0].pl).toBe(po.lines[0]!.id);

    // Then the rest; a third time there is nothing left to buy.
    const rest = await buy(order);
    expect(rest.statusCode, rest.body).toBe(201);
    expect((rest.json() as SpecialOrderPurchases).map((m) => [m.vendor.name, m.lines])).toEqual([['Oak Millworks', 1]]);
    const again = await buy(order);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/^Nothing is left to buy on /);
    s = await suggestions(order);
    expect([s.toBuy, s.bought.map((b) => b.line)]).toEqual([[], [handle!.id, shelf!.id]]);

    // A draft deleted, or a purchase order cancelled, leaves its lines to buy again.
    expect((await api('DELETE', `/purchase-orders/${po._id}`)).statusCode).toBe(204);
    const oakPo = (rest.json() as SpecialOrderPurchases)[0]!;
    expect((await api('POST', `/purchase-orders/${oakPo._id}/cancel`)).statusCode).toBe(200);
    s = await suggestions(order);
    expect([s.toBuy.map((g) => g.vendor.name), s.bought]).toEqual([['Brass & Co', 'Oak Millworks'], []]);
    expect((await buy(order)).statusCode).toBe(201);
  });

  it('ship to the order’s job site when it has no warehouse', async () => {
    const job = (
      await api('POST', '/customer-jobs', {
        name: 'Kitchen remodel',
        customer: customer._id,
        site: { line1: '4 Elm St', city: 'Portland', region: 'ME', postalCode: '04101' },
      })
    ).json() as { _id: string };
    expect(job._id).toBeTruthy();
    const made = await api('POST', '/orders', {
      customer: customer._id,
      customerJob: job._id,
      lines: [special(oak, 'Site cabinet', 20_000, 30)],
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json() as Order;
    // Without a warehouse of its own the order takes the settings' (none here): the job's site.
    await db.query('UPDATE orders SET warehouse_id = NULL WHERE id = $1', [order._id]);
    expect((await api('POST', `/orders/${order._id}/confirm`)).statusCode).toBe(200);
    const bought = await buy(order);
    expect(bought.statusCode, bought.body).toBe(201);
    const po = (
      await api('GET', `/purchase-orders/${(bought.json() as SpecialOrderPurchases)[0]!._id}`)
    ).json() as PurchaseOrder;
    expect(po).toMatchObject({
      warehouse: null,
      customerJob: { _id: job._id },
      shipTo: { line1: '4 Elm St', city: 'Portland' },
    });
  });
});

describe('a special order’s purchase-order line', () => {
  it('is received, counting what arrived, but posts no stock movement', async () => {
    const order = await confirmed([special(oak, 'Arched door', 70_000, 20, 2)]);
    const [made] = (await buy(order)).json() as SpecialOrderPurchases;
    expect((await api('POST', `/purchase-orders/${made!._id}/mark-sent`)).statusCode).toBe(200);
    const po = (await api('GET', `/purchase-orders/${made!._id}`)).json() as PurchaseOrder;
    const got = await api('POST', `/purchase-orders/${po._id}/receive`, {
      lines: [{ line: po.lines[0]!.id, quantity: 2 }],
    });
    expect(got.statusCode, got.body).toBe(200);
    const after = got.json() as PurchaseOrder;
    expect([after.status, after.lines[0]!.received, after.lines[0]!.remaining]).toEqual(['received', 2, 0]);
    expect(after.receipts[0]!.lines).toEqual([{ line: po.lines[0]!.id, name: 'Arched door', quantity: 2 }]);
    const movements = await db.query('SELECT count(*)::int AS n FROM stock_movements WHERE source_id = $1', [po._id]);
    expect(movements.rows[0].n).toBe(0);
    // Taken back, it moves nothing either.
    const back = await api('POST', `/purchase-orders/${po._id}/receipts/${after.receipts[0]!._id}/reverse`);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as PurchaseOrder).lines[0]!.received).toBe(0);
    const still = await db.query('SELECT count(*)::int AS n FROM stock_movements WHERE source_id = $1', [po._id]);
    expect(still.rows[0].n).toBe(0);
  });
});

describe('buying special orders', () => {
  it('needs the purchase orders code as well as the orders one', async () => {
    const order = await confirmed([special(oak, 'Clerk vanity', 5_000, 3)]);
    const { cookie: clerk } = await staffMember(t, owner, db, 'special-clerk@demo.test', [6]);
    expect((await api('GET', `/orders/${order._id}/purchase-suggestions`, undefined, clerk)).statusCode).toBe(403);
    expect((await buy(order, {}, clerk)).statusCode).toBe(403);
    const { cookie: buyer } = await staffMember(t, owner, db, 'special-buyer@demo.test', [57]);
    expect((await buy(order, {}, buyer)).statusCode).toBe(403);
    const { cookie: both } = await staffMember(t, owner, db, 'special-both@demo.test', [6, 57]);
    expect((await buy(order, {}, both)).statusCode).toBe(201);
  });

  it('is another firm’s order: 404', async () => {
    const order = await confirmed([special(oak, 'Private vanity', 5_000, 3)]);
    expect((await api('GET', `/orders/${order._id}/purchase-suggestions`, undefined, cedar)).statusCode).toBe(404);
    expect((await buy(order, {}, cedar)).statusCode).toBe(404);
    expect((await suggestions(order)).toBuy).toHaveLength(1);
  });
});
