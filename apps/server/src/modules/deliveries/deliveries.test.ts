import type { Customer, DeliveryRoute, ItemStock, Order, Product, ToDeliver, Warehouse } from '@atelier/contracts';
import { P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  errorOf,
  signIn,
  staffMember,
  startTestApp,
  type TestApp,
  TINY_PNG,
  upload,
} from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;
let driver: { id: string; cookie: string };
let stranger: { id: string; cookie: string };
let home: Warehouse;
let customer: Customer;
let n = 0;

const SIGNATURE = `data:image/png;base64,${TINY_PNG.toString('base64')}`;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = owner,
  headers?: Record<string, string>,
) => call(t.app, { method, url: `/api/v1${url}`, cookie, body, ...(headers ? { headers } : {}) });
const today = () => new Date().toISOString().slice(0, 10);

async function stockedProduct(quantity: number): Promise<Product> {
  const p = (
    await api('POST', '/products', { name: `Delivered vanity ${++n}`, unit: 'each', priceCents: 50_000 })
  ).json() as Product;
  const r = await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: p._id },
    warehouse: home._id,
    quantity,
    note: 'Opening count',
  });
  expect(r.statusCode, r.body).toBe(200);
  return p;
}
async function confirmedOrder(lines: { p: Product; quantity: number }[]): Promise<Order> {
  const made = await api('POST', '/orders', {
    customer: customer._id,
    warehouse: home._id,
    fulfilment: 'delivery',
    lines: lines.map((l) => ({ item: { type: 'product', id: l.p._id }, quantity: l.quantity })),
  });
  expect(made.statusCode, made.body).toBe(201);
  const confirmed = await api('POST', `/orders/${made.json()._id}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json() as Order;
}
const onHand = async (p: Product) => {
  const s = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
  return s.levels.find((l) => l.warehouse._id === home._id)?.onHand ?? 0;
};
async function plan(stops: unknown[], extra: Record<string, unknown> = {}) {
  const r = await api('POST', '/delivery-routes', {
    date: today(),
    driver: driver.id,
    vehicle: 'Van 1',
    stops,
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as DeliveryRoute;
}
const stopStep = (
  route: DeliveryRoute,
  stop: number,
  name: string,
  body?: unknown,
  cookie = driver.cookie,
  headers?: Record<string, string>,
) => api('POST', `/delivery-routes/${route._id}/stops/${route.stops[stop]!._id}/${name}`, body, cookie, headers);

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  // A driver and a colleague, neither with code 83.
  driver = await staffMember(t, owner, db, 'driver@demo.test', [P.MODIFY_ORDERS]);
  stranger = await staffMember(t, owner, db, 'stranger@demo.test', [P.MODIFY_ORDERS]);
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  customer = (
    await api('POST', '/customers', {
      firstName: 'Delivery',
      lastName: 'Client',
      phones: [{ label: 'Mobile', number: '+1 415 555 0100' }],
      addresses: [{ kind: 'shipping', line1: '9 Harbor Rd', city: 'Portland', region: 'ME', postalCode: '04101' }],
    })
  ).json();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('delivery routes', () => {
  it('plan an order’s lines into ordered stops, never more than is left to deliver', async () => {
    const a = await stockedProduct(10);
    const b = await stockedProduct(10);
    const order = await confirmedOrder([
      { p: a, quantity: 3 },
      { p: b, quantity: 2 },
    ]);
    const waiting = (await api('GET', '/delivery-routes/to-deliver')).json() as ToDeliver;
    expect(waiting.find((w) => w.order._id === order._id)!.lines.map((l) => l.quantity)).toEqual([3, 2]);

    const route = await plan([
      {
        order: order._id,
        lines: [{ line: order.lines[0]!.id, quantity: 2 }],
        windowStart: '09:00',
        windowEnd: '11:00',
      },
    ]);
    expect(route.number).toMatch(/^DR-\d+$/);
    expect([route.status, route.stops[0]!.address?.line1, route.stops[0]!.customer.phone]).toEqual([
      'scheduled',
      '9 Harbor Rd',
      '+1 415 555 0100',
    ]);
    const rest = (await api('GET', '/delivery-routes/to-deliver')).json() as ToDeliver;
    expect(rest.find((w) => w.order._id === order._id)!.lines.map((l) => l.quantity)).toEqual([1, 2]);

    const tooMuch = await api('POST', '/delivery-routes', {
      date: today(),
      stops: [{ order: order._id, lines: [{ line: order.lines[0]!.id, quantity: 2 }] }],
    });
    expect([tooMuch.statusCode, errorOf(tooMuch).fields]).toEqual([
      400,
      { 'stops.0.lines.0.quantity': `Only 1 of ${a.name} is left to deliver.` },
    ]);
    const draft = (
      await api('POST', '/orders', {
        customer: customer._id,
        lines: [{ item: { type: 'product', id: a._id }, quantity: 1 }],
      })
    ).json() as Order;
    const notYet = await api('POST', '/delivery-routes', { date: today(), stops: [{ order: draft._id }] });
    expect(errorOf(notYet).fields).toEqual({
      'stops.0.order': `${draft.number} is a draft: confirm it before planning its delivery.`,
    });
    // Another firm (without the module) reaches nothing; within a firm, row-level security hides the rest.
    expect(
      (await api('POST', '/delivery-routes', { date: today(), stops: [{ order: order._id }] }, cedar)).statusCode,
    ).toBe(403);

    // Reordering: a second stop (the rest), then the two swapped.
    const both = await api('PUT', `/delivery-routes/${route._id}`, {
      date: today(),
      driver: driver.id,
      stops: [
        { order: order._id },
        { id: route.stops[0]!._id, order: order._id, lines: [{ line: order.lines[0]!.id, quantity: 2 }] },
      ],
      version: route.version,
    });
    expect(both.statusCode, both.body).toBe(200);
    const swapped = both.json() as DeliveryRoute;
    expect(swapped.stops.map((s) => s.lines.map((l) => l.quantity))).toEqual([[1, 2], [2]]);
    expect(swapped.stops[1]!._id).toBe(route.stops[0]!._id);
  });

  it('are driven by their driver without code 83: proof of delivery posts the stock and fulfils the order, once', async () => {
    const a = await stockedProduct(5);
    const order = await confirmedOrder([{ p: a, quantity: 2 }]);
    const route = await plan([{ order: order._id }]);

    const told = (await api('GET', '/notifications', undefined, driver.cookie)).json() as {
      message: string;
      link: string;
    }[];
    expect(told.find((m) => m.message.startsWith(`You drive ${route.number}`))?.link).toBe('/o/deliveries/mine');
    const mine = (await api('GET', '/delivery-routes/mine', undefined, driver.cookie)).json() as DeliveryRoute[];
    expect(mine.map((r) => r._id)).toContain(route._id);
    expect((await api('GET', `/delivery-routes/${route._id}`, undefined, driver.cookie)).statusCode).toBe(403);
    expect((await stopStep(route, 0, 'out', undefined, stranger.cookie)).statusCode).toBe(404);
    expect(((await api('GET', '/delivery-routes/mine', undefined, stranger.cookie)).json() as unknown[]).length).toBe(
      0,
    );

    const out = await stopStep(route, 0, 'out');
    expect(out.statusCode, out.body).toBe(200);
    expect((out.json() as DeliveryRoute).status).toBe('in_progress');

    const photo = (await upload(t.app, driver.cookie, 'porch.png', TINY_PNG)).json() as { _id: string };
    const badSignature = await stopStep(route, 0, 'deliver', {
      recipientName: 'Sam',
      signature: 'data:image/png;base64,AAAA',
    });
    expect(errorOf(badSignature).fields).toEqual({
      signature: 'Sign in the box: the signature must be a drawn image.',
    });
    const proof = {
      recipientName: 'Sam Client',
      notes: 'Left in the garage.',
      photos: [photo._id],
      signature: SIGNATURE,
      damages: [{ line: order.lines[0]!.id, quantity: 1, note: 'Corner chipped', photos: [] }],
    };
    const key = { 'idempotency-key': 'proof-1' };
    const [first, second] = await Promise.all([
      stopStep(route, 0, 'deliver', proof, driver.cookie, key),
      stopStep(route, 0, 'deliver', proof, driver.cookie, key),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    const done = second.json() as DeliveryRoute;
    expect(done.status).toBe('completed');
    const stop = done.stops[0]!;
    expect([
      stop.status,
      stop.proof?.recipientName,
      stop.proof?.photos.length,
      stop.proof?.signatureUrl !== null,
    ]).toEqual(['delivered', 'Sam Client', 1, true]);
    expect(stop.proof!.damages).toEqual([
      { line: order.lines[0]!.id, name: a.name, quantity: 1, note: 'Corner chipped', photos: [] },
    ]);
    expect(await onHand(a)).toBe(3);
    const fulfilled = (await api('GET', `/orders/${order._id}`)).json() as Order;
    expect(fulfilled.status).toBe('fulfilled');
    const again = await stopStep(route, 0, 'deliver', proof, driver.cookie, { 'idempotency-key': 'proof-2' });
    expect([again.statusCode, errorOf(again).message]).toEqual([409, 'This stop was already delivered.']);
    const sheet = await api('GET', `/delivery-routes/${route._id}/sheet`);
    expect([sheet.statusCode, sheet.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(sheet.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('put a failed stop’s lines back to deliver, and refuse delivering a cancelled order', async () => {
    const a = await stockedProduct(5);
    const order = await confirmedOrder([{ p: a, quantity: 1 }]);
    const route = await plan([{ order: order._id }]);
    const noReason = await stopStep(route, 0, 'fail', { reason: '' });
    expect(errorOf(noReason).fields).toEqual({ reason: 'Say why it could not be delivered.' });
    const failed = await stopStep(route, 0, 'fail', { reason: 'Nobody home' });
    expect((failed.json() as DeliveryRoute).stops[0]!).toMatchObject({
      status: 'failed',
      failureReason: 'Nobody home',
    });
    const back = ((await api('GET', '/delivery-routes/to-deliver')).json() as ToDeliver).find(
      (w) => w.order._id === order._id,
    );
    expect([back?.failedBefore, back?.lines[0]?.quantity]).toEqual([true, 1]);

    const next = await plan([{ order: order._id }]);
    await api('POST', `/orders/${order._id}/cancel`, { reason: 'Changed their mind' });
    const refused = await stopStep(next, 0, 'deliver', { recipientName: 'Sam' });
    expect([refused.statusCode, errorOf(refused).message]).toEqual([
      409,
      `${order.number} was cancelled: nothing on it is delivered.`,
    ]);
    expect(await onHand(a)).toBe(5);
  });

  it('keep a driven stop and refuse deleting a driven route', async () => {
    const a = await stockedProduct(5);
    const order = await confirmedOrder([{ p: a, quantity: 1 }]);
    const route = await plan([{ order: order._id }]);
    const out = (await stopStep(route, 0, 'out')).json() as DeliveryRoute;
    const dropped = await api('PUT', `/delivery-routes/${route._id}`, {
      date: today(),
      stops: [],
      version: out.version,
    });
    expect(dropped.statusCode).toBe(409);
    const gone = await api('DELETE', `/delivery-routes/${route._id}`);
    expect(gone.statusCode).toBe(409);
  });
});
