import type { ItemStock, Product, PurchaseOrder, Vendor, Warehouse } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let home: Warehouse;
let vendor: Vendor;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const product = async (costCents = 100) =>
  (
    await api('POST', '/products', { name: `PO tile ${++n}`, unit: 'box', priceCents: 4_000, costCents })
  ).json() as Product;
const line = (p: Product, quantity: number, unitCost?: number) => ({
  item: { type: 'product', id: p._id },
  quantity,
  ...(unitCost === undefined ? {} : { unitCost }),
});
const create = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await api('POST', '/purchase-orders', { vendor: vendor._id, warehouse: home._id, lines, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as PurchaseOrder;
};
const sent = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const po = await create(lines, extra);
  const r = await api('POST', `/purchase-orders/${po._id}/mark-sent`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as PurchaseOrder;
};
const receive = (po: PurchaseOrder, lines: { line: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  api('POST', `/purchase-orders/${po._id}/receive`, { lines, ...extra });
const stock = async (p: Product) => {
  const s = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
  return { onHand: s.levels.find((l) => l.warehouse._id === home._id)?.onHand ?? 0, average: s.levels[0]?.averageCost };
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  vendor = (await api('POST', '/vendors', { name: 'PO Test Supply', email: 'orders@po.example' })).json();
});
afterAll(async () => {
  await t.close();
});

describe('purchase orders', () => {
  it('are numbered, cost from the vendor’s item, and land freight on the lines to the cent', async () => {
    const a = await product(100);
    const b = await product(300);
    await api('POST', '/vendor-items', { vendor: vendor._id, product: a._id, costCents: 90, vendorSku: 'PT-A' });
    const po = await create([line(a, 3), line(b, 1, 250.5)], { freightCents: 100 });
    expect(po.number).toMatch(/^PO-\d+$/);
    expect(po.status).toBe('draft');
    // 3 × $0.90 (the vendor's) = $2.70; 1 × $2.505 = $2.51 (half up); freight $1.00 by value: 52¢ and 48¢.
    expect(po.lines.map((l) => [l.vendorSku, l.unitCost, l.totalCents, l.landedUnitCost])).toEqual([
      ['PT-A', 90, 270, 107.33],
      ['', 250.5, 251, 299],
    ]);
    expect([po.subtotalCents, po.totalCents]).toEqual([521, 621]);
    const next = await create([line(a, 1)]);
    expect(Number(next.number.slice(3))).toBe(Number(po.number.slice(3)) + 1);
  });

  it('ships an order for a job to its site, and receives it there without moving stock', async () => {
    const job = (
      await api('POST', '/customer-jobs', {
        name: 'Porch rebuild',
        site: { line1: '9 Ocean Ave', city: 'Portland', region: 'ME', postalCode: '04101' },
      })
    ).json() as { _id: string };
    const a = await product();
    const before = await stock(a);
    const made = await api('POST', '/purchase-orders', {
      vendor: vendor._id,
      customerJob: job._id,
      lines: [line(a, 4)],
    });
    expect(made.statusCode, made.body).toBe(201);
    const po = made.json() as PurchaseOrder;
    expect(po).toMatchObject({
      warehouse: null,
      customerJob: { _id: job._id, name: 'Porch rebuild' },
      shipTo: { line1: '9 Ocean Ave', city: 'Portland', country: 'US' },
    });
    await api('POST', `/purchase-orders/${po._id}/mark-sent`);
    const got = await receive(po, [{ line: po.lines[0]!.id, quantity: 4 }], { deliveredToSite: true });
    expect(got.statusCode, got.body).toBe(200);
    expect((got.json() as PurchaseOrder).receipts[0]).toMatchObject({ warehouse: null, deliveredToSite: true });
    expect((got.json() as PurchaseOrder).status).toBe('received');
    expect(await stock(a)).toEqual(before);
    // Reversed, it takes nothing out of stock either.
    const receipt = (got.json() as PurchaseOrder).receipts[0]!._id;
    const reversed = await api('POST', `/purchase-orders/${po._id}/receipts/${receipt}/reverse`);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await stock(a)).toEqual(before);
    // The job's purchase orders, and the job is kept while it has them.
    const mine = (await api('GET', `/purchase-orders?filter[job][]=${job._id}`)).json();
    expect(mine.items.map((r: { _id: string }) => r._id)).toEqual([po._id]);
    expect((await api('DELETE', `/customer-jobs/${job._id}`)).statusCode).toBe(409);
  });

  it('refuses a site delivery for an order of no job, and a job without a site address to ship to', async () => {
    const a = await product();
    const po = await sent([line(a, 1)]);
    const refused = await receive(po, [{ line: po.lines[0]!.id, quantity: 1 }], { deliveredToSite: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toHaveProperty('deliveredToSite');
    const bare = (await api('POST', '/customer-jobs', { name: 'No site yet' })).json() as { _id: string };
    const noSite = await api('POST', '/purchase-orders', {
      vendor: vendor._id,
      customerJob: bare._id,
      lines: [line(a, 1)],
    });
    expect(noSite.statusCode).toBe(400);
    expect(errorOf(noSite).fields).toHaveProperty('shipTo');
  });

  it('takes lines that are no catalog item (a name, the vendor’s SKU, a cost), kept as they are through an edit', async () => {
    const a = await product(100);
    const missing = await api('POST', '/purchase-orders', {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [line(a, 1), { quantity: 1 }, { name: 'Custom vanity', quantity: 1 }],
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({
      'lines.1.item': 'Choose an item, or say what the line is.',
      'lines.1.name': 'Say what the line is, or choose an item.',
      'lines.1.unitCost': 'Enter the cost.',
      'lines.2.unitCost': 'Enter the cost.',
    });
    const po = await create([
      line(a, 2),
      { item: null, name: 'Custom vanity', vendorSku: 'CV-36', quantity: 1, unitCost: 50_000 },
    ]);
    expect(po.lines.map((l) => [l.item?._id ?? null, l.name, l.vendorSku, l.totalCents])).toEqual([
      [a._id, a.name, '', 200],
      [null, 'Custom vanity', 'CV-36', 50_000],
    ]);
    // Saved again as the page reads it: the same lines, in place.
    const again = await api('PUT', `/purchase-orders/${po._id}`, {
      vendor: vendor._id,
      warehouse: home._id,
      lines: po.lines.map((l) => ({
        id: l.id,
        item: l.item ? { type: l.item.type, id: l.item._id } : null,
        name: l.item ? '' : l.name,
        vendorSku: l.item ? '' : l.vendorSku,
        quantity: l.quantity,
        unitCost: l.unitCost,
      })),
      version: po.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as PurchaseOrder).lines).toEqual(po.lines);
    expect((await api('GET', `/purchase-orders?q=CV-36`)).json().items.map((r: { _id: string }) => r._id)).toEqual([
      po._id,
    ]);
    const pdf = await api('GET', `/purchase-orders/${po._id}/pdf`);
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);

    // Sent and received: the item comes into stock, the special order counts as arrived only.
    const before = await stock(a);
    await api('POST', `/purchase-orders/${po._id}/mark-sent`);
    const shipment = await api('POST', '/shipments', {
      carrier: 'UPS',
      lines: [{ line: po.lines[1]!.id, quantity: 1 }],
    });
    expect(shipment.statusCode, shipment.body).toBe(201);
    expect(shipment.json().lines[0].item).toEqual({ _id: null, name: 'Custom vanity', sku: 'CV-36' });
    const got = await receive(po, [
      { line: po.lines[0]!.id, quantity: 2 },
      { line: po.lines[1]!.id, quantity: 1 },
    ]);
    expect(got.statusCode, got.body).toBe(200);
    expect((got.json() as PurchaseOrder).status).toBe('received');
    expect((await stock(a)).onHand).toBe(before.onHand + 2);
  });

  it('gives 50 concurrent creates 50 distinct numbers', async () => {
    const a = await product();
    const made = await Promise.all(
      Array.from({ length: 50 }, () =>
        api('POST', '/purchase-orders', { vendor: vendor._id, warehouse: home._id, lines: [line(a, 1)] }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(made.map((r) => (r.json() as PurchaseOrder).number)).size).toBe(50);
  });

  it('receives in parts at landed cost, into stock, and is received when all has come', async () => {
    const a = await product(1_000);
    const b = await product(1_000);
    const po = await sent([line(a, 10, 10), line(b, 5, 20)], { freightCents: 200 });
    // Freight $2.00 by value: $1.00 of $2.00 to each line.
    expect(po.lines.map((l) => l.landedUnitCost)).toEqual([20, 40]);
    const [la, lb] = po.lines;
    let r = await receive(po, [{ line: la!.id, quantity: 4 }]);
    expect(r.statusCode, r.body).toBe(200);
    let got = r.json() as PurchaseOrder;
    expect([got.status, got.linesReceived, got.lines[0]!.received, got.lines[0]!.remaining]).toEqual([
      'partially_received',
      0,
      4,
      6,
    ]);
    expect(await stock(a)).toEqual({ onHand: 4, average: 20 });
    r = await receive(po, [
      { line: la!.id, quantity: 6 },
      { line: lb!.id, quantity: 5 },
    ]);
    got = r.json() as PurchaseOrder;
    expect([got.status, got.linesReceived, got.receipts.length]).toEqual(['received', 2, 2]);
    expect(await stock(b)).toEqual({ onHand: 5, average: 40 });
    // The movements name the order.
    const moves = (await api('GET', `/stock/products/${a._id}/movements`)).json();
    expect(moves.items[0].source).toEqual({ type: 'purchase_order', _id: po._id, label: po.number });
  });

  it('asks before receiving more than is left, and lets exactly one of two take the last', async () => {
    const a = await product();
    const po = await sent([line(a, 5, 10)]);
    const id = po.lines[0]!.id;
    const over = await receive(po, [{ line: id, quantity: 6 }]);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(
      `Only 5 of ${a.name} are left to receive on ${po.number}: confirm to receive more than was ordered.`,
    );
    expect((await receive(po, [{ line: id, quantity: 3 }])).statusCode).toBe(200);
    const both = await Promise.all([
      receive(po, [{ line: id, quantity: 2 }]),
      receive(po, [{ line: id, quantity: 2 }]),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(both.find((r) => r.statusCode === 409)!).message).toBe(
      `None of ${a.name} are left to receive on ${po.number}: confirm to receive more than was ordered.`,
    );
    const confirmed = await receive(po, [{ line: id, quantity: 1 }], { confirmOverReceipt: true });
    expect(confirmed.statusCode).toBe(200);
    expect((confirmed.json() as PurchaseOrder).lines[0]!.received).toBe(6);
    expect((await stock(a)).onHand).toBe(6);
  });

  it('refuses bad receipts with a clear message and changes nothing', async () => {
    const a = await product();
    const draft = await create([line(a, 5)]);
    const id = draft.lines[0]!.id;
    expect(errorOf(await receive(draft, [{ line: id, quantity: 1 }])).message).toBe(
      `${draft.number} is a draft: send it, or mark it as sent, before receiving against it.`,
    );
    await api('POST', `/purchase-orders/${draft._id}/mark-sent`);
    const zero = await receive(draft, [{ line: id, quantity: 0 }]);
    expect(errorOf(zero).fields).toEqual({ 'lines.0.quantity': 'Use more than 0.' });
    const negative = await receive(draft, [{ line: id, quantity: -2 }]);
    expect(negative.statusCode).toBe(400);
    const cedarHome = ((await api('GET', '/warehouses', undefined, cedar)).json() as Warehouse[])[0]!;
    const elsewhere = await receive(draft, [{ line: id, quantity: 1 }], { warehouse: cedarHome._id });
    expect(errorOf(elsewhere).fields).toEqual({ warehouse: 'Choose one of the firm’s warehouses.' });
    const stranger = await receive(draft, [{ line: cedarHome._id, quantity: 1 }]);
    expect(errorOf(stranger).fields).toEqual({ 'lines.0.line': 'Not a line of this order.' });
    // Another firm cannot see it, let alone receive on it.
    const foreign = await api(
      'POST',
      `/purchase-orders/${draft._id}/receive`,
      { lines: [{ line: id, quantity: 1 }] },
      cedar,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await receive(draft, [{ line: id, quantity: 1 }])).statusCode).toBe(200);
    expect((await api('POST', `/purchase-orders/${draft._id}/cancel`)).statusCode).toBe(200);
    const cancelled = await receive(draft, [{ line: id, quantity: 1 }]);
    expect(errorOf(cancelled).message).toBe(`${draft.number} was cancelled: nothing more arrives on it.`);
    expect((await stock(a)).onHand).toBe(1);
  });

  it('cancels only what is open, deletes only drafts, and edits a sent order as a new revision', async () => {
    const a = await product();
    const b = await product();
    const po = await sent([line(a, 2, 10), line(b, 2, 10)]);
    await receive(po, [{ line: po.lines[0]!.id, quantity: 2 }]);
    const del = await api('DELETE', `/purchase-orders/${po._id}`);
    expect(errorOf(del).message).toBe(`${po.number} was sent: only a draft can be deleted.`);
    const fresh = (await api('GET', `/purchase-orders/${po._id}`)).json() as PurchaseOrder;
    // The received line stays, at least what arrived; the other may change.
    const drop = await api('PUT', `/purchase-orders/${po._id}`, {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [{ ...line(b, 3, 10), id: fresh.lines[1]!.id }],
      version: fresh.version,
    });
    expect(errorOf(drop).message).toBe('A line of which some arrived cannot be taken off.');
    const less = await api('PUT', `/purchase-orders/${po._id}`, {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [
        { ...line(a, 1, 10), id: fresh.lines[0]!.id },
        { ...line(b, 3, 10), id: fresh.lines[1]!.id },
      ],
      version: fresh.version,
    });
    expect(errorOf(less).fields).toEqual({ 'lines.0.quantity': '2 arrived: order at least that many.' });
    const more = await api('PUT', `/purchase-orders/${po._id}`, {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [
        { ...line(a, 2, 10), id: fresh.lines[0]!.id },
        { ...line(b, 3, 10), id: fresh.lines[1]!.id },
      ],
      version: fresh.version,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect([(more.json() as PurchaseOrder).revision, (more.json() as PurchaseOrder).status]).toEqual([
      2,
      'partially_received',
    ]);
    // The lines kept are changed in place: same ids, the new quantities.
    expect((more.json() as PurchaseOrder).lines.map((l) => [l.id, l.quantity, l.received])).toEqual([
      [fresh.lines[0]!.id, 2, 2],
      [fresh.lines[1]!.id, 3, 0],
    ]);
    expect((await api('POST', `/purchase-orders/${po._id}/cancel`)).statusCode).toBe(200);
    const whole = await sent([line(a, 1, 10)]);
    await receive(whole, [{ line: whole.lines[0]!.id, quantity: 1 }]);
    expect(errorOf(await api('POST', `/purchase-orders/${whole._id}/cancel`)).message).toBe(
      `${whole.number} was received in full: there is nothing left to cancel.`,
    );
    const draft = await create([line(a, 1)]);
    expect((await api('DELETE', `/purchase-orders/${draft._id}`)).statusCode).toBe(204);
  });

  it('gives the vendor’s analytics from real receipts: spend this month, lead time, and its orders filtered', async () => {
    const other = (await api('POST', '/vendors', { name: 'Analytics Supply' })).json() as Vendor;
    const a = await product();
    const po = (
      await api('POST', '/purchase-orders', {
        vendor: other._id,
        warehouse: home._id,
        lines: [line(a, 10, 12.5)],
      })
    ).json() as PurchaseOrder;
    await api('POST', `/purchase-orders/${po._id}/mark-sent`);
    await receive(po, [{ line: po.lines[0]!.id, quantity: 10 }]);
    const r = await api('GET', `/vendors/${other._id}/analytics`);
    expect(r.statusCode, r.body).toBe(200);
    const figures = r.json();
    expect(figures.spend).toHaveLength(12);
    expect(figures.spend.at(-1).cents).toBe(125);
    expect(figures.averageLeadDays).toBe(0);
    expect(figures.openOrders).toBe(0);
    const orders = (await api('GET', `/purchase-orders?filter[vendor][]=${other._id}`)).json().items;
    expect(orders.map((o: PurchaseOrder) => o.number)).toEqual([po.number]);
    expect((await api('GET', `/vendors/${other._id}/analytics`, undefined, cedar)).statusCode).toBe(404);
  });

  it('reverses a receipt at its own cost, once, and not when its stock has gone', async () => {
    const a = await product();
    const first = await sent([line(a, 10, 10)]);
    await receive(first, [{ line: first.lines[0]!.id, quantity: 10 }]);
    const second = await sent([line(a, 10, 30)]);
    const got = (await receive(second, [{ line: second.lines[0]!.id, quantity: 10 }])).json() as PurchaseOrder;
    expect(await stock(a)).toEqual({ onHand: 20, average: 20 });
    const receipt = got.receipts[0]!._id;
    const r = await api('POST', `/purchase-orders/${second._id}/receipts/${receipt}/reverse`);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as PurchaseOrder).status).toBe('sent');
    expect(await stock(a)).toEqual({ onHand: 10, average: 10 });
    const again = await api('POST', `/purchase-orders/${second._id}/receipts/${receipt}/reverse`);
    expect(errorOf(again).message).toBe('This receipt was already reversed.');
    // The first delivery has been sold: taking it back would go below zero.
    await api('POST', '/stock/adjustments', {
      item: { type: 'product', id: a._id },
      warehouse: home._id,
      quantity: -8,
      note: 'Sold',
    });
    const firstReceipt = ((await api('GET', `/purchase-orders/${first._id}`)).json() as PurchaseOrder).receipts[0]!._id;
    const gone = await api('POST', `/purchase-orders/${first._id}/receipts/${firstReceipt}/reverse`);
    expect(gone.statusCode).toBe(409);
    expect(errorOf(gone).message).toContain('may not go below zero');
  });
});
