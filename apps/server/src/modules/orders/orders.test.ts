import type { Customer, ItemStock, Order, Product, Warehouse } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;
let home: Warehouse;
let customer: Customer;
let n = 0;

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  cookie = owner,
  headers?: Record<string, string>,
) => call(t.app, { method, url: `/api/v1${url}`, cookie, body, ...(headers ? { headers } : {}) });
const product = async (extra: Record<string, unknown> = {}) =>
  (
    await api('POST', '/products', {
      name: `Order tile ${++n}`,
      unit: 'box',
      priceCents: 4_000,
      costCents: 1_500,
      ...extra,
    })
  ).json() as Product;
const item = (p: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item: { type: 'product', id: p._id },
  quantity,
  ...extra,
});
const create = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await api('POST', '/orders', { customer: customer._id, warehouse: home._id, lines, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Order;
};
const stockIn = async (p: Product, quantity: number) => {
  const r = await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: p._id },
    warehouse: home._id,
    quantity,
    note: 'Opening count',
  });
  expect(r.statusCode, r.body).toBe(200);
};
const onHand = async (p: Product) => {
  const s = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
  return s.levels.find((l) => l.warehouse._id === home._id)?.onHand ?? 0;
};
const step = (o: Order, name: string, body?: unknown) => api('POST', `/orders/${o._id}/${name}`, body);

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  customer = (
    await api('POST', '/customers', {
      firstName: 'Order',
      lastName: 'Tester',
      addresses: [{ kind: 'shipping', line1: '1 Market St', city: 'San Francisco', region: 'CA', postalCode: '94105' }],
    })
  ).json();
  const settings = await api('PUT', '/settings/orderSettings', {
    taxRateBps: 500,
    taxRates: [
      { taxClass: 'Standard', jurisdiction: 'CA', rateBps: 725 },
      { taxClass: 'Standard', jurisdiction: '941', rateBps: 863 },
      { taxClass: 'Labour', jurisdiction: '', rateBps: 0 },
    ],
  });
  expect(settings.statusCode, settings.body).toBe(200);
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('pricing an order', () => {
  it('snapshots each line, taxes it where it goes, and sums the lines to the cent', async () => {
    const tile = await product({ priceCents: 1_001, costCents: 412.5, sku: `OT-${n}-A` });
    const order = await create([
      item(tile, 3),
      { name: 'Installation', quantity: 2, unitPriceCents: 12_500, taxClass: 'Labour' },
      {
        name: 'Custom vanity',
        quantity: 1,
        unitPriceCents: 80_000,
        special: {
          vendor: ((await api('GET', '/vendors?limit=1')).json().items[0] as { _id: string })._id,
          costCents: 50_000,
          leadTimeDays: 21,
        },
      },
    ]);
    expect(order.number).toMatch(/^SO-\d+$/);
    expect(order.status).toBe('draft');
    const [a, b, c] = order.lines;
    expect([a!.kind, a!.name, a!.sku, a!.unitPriceCents, a!.unitCost, a!.priceSource]).toEqual([
      'item',
      tile.name,
      tile.sku,
      1_001,
      412.5,
      'List price',
    ]);
    // San Francisco 94105: the ZIP prefix's 8.63 % on goods, labour's 0 %.
    expect(order.lines.map((l) => [l.subtotalCents, l.taxRateBps, l.taxCents])).toEqual([
      [3_003, 863, 259],
      [25_000, 0, 0],
      [80_000, 863, 6_904],
    ]);
    expect([b!.kind, c!.kind, c!.special?.leadTimeDays]).toEqual(['text', 'special', 21]);
    expect(order.subtotalCents).toBe(108_003);
    expect(order.taxCents).toBe(7_163);
    expect(order.totalCents).toBe(115_166);

    // Changing the catalog later leaves the line as it was.
    await api('PUT', `/products/${tile._id}`, { ...tile, priceCents: 2_000, version: tile.version });
    const again = (await api('GET', `/orders/${order._id}`)).json() as Order;
    expect(again.lines[0]!.unitPriceCents).toBe(1_001);
  });

  it('spreads the order discount and a coupon over the lines before tax, and asks a deposit', async () => {
    const tile = await product({ priceCents: 10_000 });
    const code = `SAVE${n}`;
    expect((await api('POST', '/coupons', { code, kind: 'amount', amountCents: 1_001 })).statusCode).toBe(201);
    const order = await create([item(tile, 1), item(tile, 2)], {
      discount: { kind: 'amount', cents: 100 },
      coupon: code,
      shippingCents: 2_500,
      deposit: { kind: 'percent', percent: 50 },
    });
    expect(order.lines.map((l) => l.orderDiscountCents)).toEqual([33, 67]);
    expect(order.lines.map((l) => l.couponCents)).toEqual([334, 667]);
    expect(order.discountCents).toBe(1_101);
    expect(order.lines.map((l) => l.netCents)).toEqual([9_633, 19_266]);
    expect(order.taxCents).toBe(order.lines.reduce((s, l) => s + l.taxCents, 0));
    expect(order.totalCents).toBe(28_899 + order.taxCents + 2_500);
    expect(order.depositCents).toBe(Math.round(order.totalCents / 2 + 0.01 * 0));
  });

  it('works out a measured item’s quantity from its measure', async () => {
    const slab = await product({
      unit: 'sq_ft',
      priceCents: 5_000,
      pricing: { mode: 'area', minimum: 0, increment: 1 },
    });
    const order = await create([item(slab, 2, { measure: { width: 30, length: 40 } })]);
    // 30 × 40 in = 8.33 sq ft, rounded up to 9 per piece, × 2 pieces.
    expect([order.lines[0]!.quantity, order.lines[0]!.pieces, order.lines[0]!.subtotalCents]).toEqual([18, 2, 90_000]);
    expect(order.lines[0]!.basis.length).toBeGreaterThan(0);
  });

  it('charges no tax to a tax-exempt account’s customer', async () => {
    const account = (await api('POST', '/companies', { name: `Exempt Trade ${n}`, type: 'trade' })).json() as {
      _id: string;
      version: number;
    };
    const exempt = await api('PUT', `/companies/${account._id}/financials`, {
      paymentTermsDays: 45,
      creditLimitCents: 0,
      priceLevel: '',
      taxExempt: true,
      taxCertificate: null,
      version: account.version,
    });
    expect(exempt.statusCode, exempt.body).toBe(200);
    const person = (await api('POST', '/customers', { firstName: 'Exempt', company: account._id })).json() as Customer;
    const tile = await product();
    const order = await create([item(tile, 1)], { customer: person._id });
    expect([order.taxExempt, order.taxCents, order.company?._id, order.paymentTermsDays]).toEqual([
      true,
      0,
      account._id,
      45,
    ]);
    // A customer may be exempt on their own too (their settings tab, 12).
    const own = (await api('POST', '/customers', { firstName: 'Exempt on their own' })).json() as Customer;
    const set = await api('PUT', `/customers/${own._id}/settings`, {
      marketingConsent: false,
      taxExempt: true,
      version: own.version,
    });
    expect([set.statusCode, (set.json() as Customer).taxExempt]).toEqual([200, true]);
    const theirs = await create([item(tile, 1)], { customer: own._id });
    expect([theirs.taxExempt, theirs.taxCents]).toEqual([true, 0]);
  });

  it('refuses bad lines with the reason, per field, and changes nothing', async () => {
    const tile = await product({ priceCents: 500 });
    const before = (await api('GET', '/orders?limit=1')).json().total as number;
    const cases: [unknown, string, string][] = [
      [[item(tile, 0)], 'lines.0.quantity', 'Use more than 0.'],
      [[item(tile, -2)], 'lines.0.quantity', 'Use more than 0.'],
      [
        [item(tile, 1, { discount: { kind: 'amount', cents: 501 } })],
        'lines.0.discount',
        'The discount is more than the line comes to ($5.00).',
      ],
      [[item(tile, 1, { unitPriceCents: 100_000_000_001 })], 'lines.0.unitPriceCents', 'That amount is too large.'],
      [
        [item(tile, 1_000_000, { unitPriceCents: 100_000_001 })],
        'lines.0.quantity',
        'This line comes to more than $1,000,000,000.',
      ],
      [[{ quantity: 1 }], 'lines.0.name', 'Say what the line is.'],
    ];
    for (const [lines, field, message] of cases) {
      const r = await api('POST', '/orders', { customer: customer._id, lines });
      expect(r.statusCode, JSON.stringify(lines)).toBe(400);
      expect(errorOf(r).fields?.[field]).toBe(message);
    }
    const expired = `OLD${n}`;
    await api('POST', '/coupons', {
      code: expired,
      kind: 'percent',
      percent: 10,
      startsOn: '2020-01-01',
      endsOn: '2020-12-31',
    });
    const r = await api('POST', '/orders', { customer: customer._id, lines: [item(tile, 1)], coupon: expired });
    expect([r.statusCode, errorOf(r).fields?.coupon]).toEqual([400, 'This coupon ended on 2020-12-31.']);
    const minimum = `MIN${n}`;
    await api('POST', '/coupons', { code: minimum, kind: 'percent', percent: 10, minimumCents: 100_000 });
    const m = await api('POST', '/orders', { customer: customer._id, lines: [item(tile, 1)], coupon: minimum });
    expect(errorOf(m).fields?.coupon).toBe('The order must come to at least $1,000.00 for this coupon.');
    expect((await api('GET', '/orders?limit=1')).json().total).toBe(before);
  });

  it('never sells another firm’s product or to another firm’s customer', async () => {
    const theirs = (
      await api('POST', '/products', { name: 'Cedar only', unit: 'each', priceCents: 100 }, cedar)
    ).json() as Product;
    const r = await api('POST', '/orders', { customer: customer._id, lines: [item(theirs, 1)] });
    expect([r.statusCode, errorOf(r).fields?.['lines.0.item']]).toEqual([
      400,
      'No such product: choose one from the list.',
    ]);
    const s = await api('POST', '/orders', { customer: customer._id, lines: [] }, cedar);
    expect([s.statusCode, errorOf(s).fields?.customer]).toEqual([400, 'Choose a customer from the list.']);
  });
});

describe('numbers and retries', () => {
  it('gives 50 orders made at once 50 different numbers', async () => {
    const made = await Promise.all(
      Array.from({ length: 50 }, () => api('POST', '/orders', { customer: customer._id, lines: [] })),
    );
    expect(made.map((r) => r.statusCode).every((s) => s === 201)).toBe(true);
    expect(new Set(made.map((r) => (r.json() as Order).number)).size).toBe(50);
  });

  it('makes one order for a create retried with the same Idempotency-Key, even at once', async () => {
    const body = { customer: customer._id, notes: `retry ${++n}`, lines: [] };
    const key = { 'idempotency-key': `retry-${n}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => api('POST', '/orders', body, owner, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => (r.json() as Order)._id)).size).toBe(1);
    const list = (await api('GET', `/orders?q=${encodeURIComponent(`retry ${n}`)}`)).json();
    expect(list.total).toBe(1);
    const other = await api('POST', '/orders', { ...body, notes: 'something else' }, owner, key);
    expect(other.statusCode).toBe(422);
    // Another firm's same key is its own.
    const theirs = await api('POST', '/customers', { firstName: 'Cedar buyer' }, cedar);
    const c = await api('POST', '/orders', { customer: theirs.json()._id, lines: [] }, cedar, key);
    expect(c.statusCode).toBe(201);
    // A day on, the key is forgotten (the hourly job), the firm's own only: the same key makes a new order.
    await db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1", [
      key['idempotency-key'],
    ]);
    const { inScope } = await import('../../db/tenancy');
    const { purgeIdempotencyKeys } = await import('../../platform/idempotency/idempotency');
    const { HARBOR_PINE_ID } = await import('../../platform/seeds/seeds');
    const purged = await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
      purgeIdempotencyKeys(tx, HARBOR_PINE_ID),
    );
    expect(purged).toBe(1);
    const left = await db.query('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [
      key['idempotency-key'],
    ]);
    expect(left.rows[0].n).toBe(1);
    const again = await api('POST', '/orders', body, owner, key);
    expect((again.json() as Order)._id).not.toBe(answers[0]!.json()._id);
  });
});

describe('confirming commits stock', () => {
  it('holds stock, shows what is available, and lets it go when cancelled', async () => {
    const tile = await product();
    await stockIn(tile, 10);
    const order = await create([item(tile, 4)]);
    expect(order.lines[0]!.stock).toEqual({ available: 10, committed: 0, shortfall: 0, availableOn: null });
    const confirmed = (await step(order, 'confirm')).json() as Order;
    expect([confirmed.status, confirmed.originalTotalCents]).toEqual(['confirmed', order.totalCents]);
    expect(confirmed.lines[0]!.stock).toMatchObject({ committed: 4, shortfall: 0 });
    const other = await create([item(tile, 7)]);
    expect(other.lines[0]!.stock).toMatchObject({ available: 6, shortfall: 1 });
    const refused = await step(other, 'confirm');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).fields?.['lines.0']).toContain('short by 1');
    expect(((await api('GET', `/orders/${other._id}`)).json() as Order).status).toBe('draft');
    // Editing a confirmed order is refused with the way forward.
    const edit = await api('PUT', `/orders/${order._id}`, {
      customer: customer._id,
      lines: [item(tile, 1)],
      version: confirmed.version,
    });
    expect([edit.statusCode, errorOf(edit).message]).toEqual([
      409,
      `${order.number} is confirmed: its lines and prices change through a change order, or cancel it and make a new one.`,
    ]);
    expect((await step(order, 'cancel', { reason: 'Changed their mind' })).statusCode).toBe(200);
    expect((await step(other, 'confirm')).statusCode).toBe(200);
    const again = await step(order, 'confirm');
    expect([again.statusCode, errorOf(again).message]).toEqual([409, `${order.number} is already cancelled.`]);
  });

  it('confirms a short line on backorder and says when the rest can come', async () => {
    const tile = await product();
    await stockIn(tile, 1);
    expect((await api('PUT', `/stock/products/${tile._id}/policy`, { policy: 'allow' })).statusCode).toBe(200);
    const order = await create([item(tile, 3)]);
    const r = await step(order, 'confirm');
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as Order).lines[0]!.stock).toMatchObject({ available: 1, committed: 3, shortfall: 2 });
  });

  it('lets exactly one of 100 orders confirming the last unit at once have it', async () => {
    const tile = await product();
    await stockIn(tile, 1);
    const orders = await Promise.all(Array.from({ length: 100 }, () => create([item(tile, 1)])));
    const answers = await Promise.all(orders.map((o) => step(o, 'confirm')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(99);
    const winner = orders[codes.indexOf(200)]!;
    const done = await step(winner, 'fulfil', {});
    expect(done.statusCode, done.body).toBe(200);
    expect(await onHand(tile)).toBe(0);
  });

  it('redeems a coupon with a limit of 3 exactly 3 times among 50 confirming at once, and gives a use back on cancel', async () => {
    const tile = await product();
    await stockIn(tile, 100);
    const code = `LIMIT${n}`;
    await api('POST', '/coupons', { code, kind: 'percent', percent: 10, usageLimit: 3 });
    const orders = await Promise.all(Array.from({ length: 50 }, () => create([item(tile, 1)], { coupon: code })));
    const answers = await Promise.all(orders.map((o) => step(o, 'confirm')));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(errorOf(answers.find((r) => r.statusCode === 409)!).message).toBe('This coupon has been used up.');
    const won = orders[answers.findIndex((r) => r.statusCode === 200)]!;
    await step(won, 'cancel', {});
    const loser = orders[answers.findIndex((r) => r.statusCode === 409)]!;
    expect((await step(loser, 'confirm')).statusCode).toBe(200);
  });
});

describe('fulfilment', () => {
  it('hands over part and then the rest: stock leaves, the hold goes, delivered is counted, and it closes', async () => {
    const tile = await product();
    await stockIn(tile, 10);
    const order = await create([item(tile, 5), { name: 'Delivery fee', quantity: 1, unitPriceCents: 5_000 }]);
    await step(order, 'confirm');
    const [line, fee] = order.lines;
    const part = await step(order, 'fulfil', { method: 'pickup', lines: [{ line: line!.id, quantity: 2 }] });
    expect(part.statusCode, part.body).toBe(200);
    const after = part.json() as Order;
    expect([after.status, after.lines[0]!.delivered, after.lines[0]!.stock?.committed]).toEqual(['confirmed', 2, 3]);
    expect(await onHand(tile)).toBe(8);
    const over = await step(order, 'fulfil', { lines: [{ line: line!.id, quantity: 4 }] });
    expect([over.statusCode, errorOf(over).fields?.['lines.0.quantity']]).toEqual([
      400,
      `Only 3 of ${tile.name} are left to hand over.`,
    ]);
    expect((await step(order, 'close')).statusCode).toBe(409);
    const rest = (await step(order, 'fulfil', {})).json() as Order;
    expect([rest.status, rest.lines.map((l) => l.delivered)]).toEqual(['fulfilled', [5, 1]]);
    expect(fee).toBeDefined();
    expect(await onHand(tile)).toBe(5);
    const movements = (await api('GET', `/stock/products/${tile._id}/movements`)).json().items as {
      reason: string;
      source: { label: string } | null;
    }[];
    expect(movements.filter((m) => m.reason === 'delivery').map((m) => m.source?.label)).toEqual([
      order.number,
      order.number,
    ]);
    expect((await step(order, 'cancel', {})).statusCode).toBe(409);
    expect(((await step(order, 'close')).json() as Order).status).toBe('closed');
    const log = (await api('GET', `/orders/${order._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'confirm', 'fulfil', 'close']));
  });

  it('ships by an outbound shipment that carries the lines, tracked on the shipments list', async () => {
    const tile = await product();
    await stockIn(tile, 6);
    const order = await create([item(tile, 4)]);
    await step(order, 'confirm');
    const [line] = order.lines;
    const bare = await step(order, 'fulfil', { method: 'shipment' });
    expect([bare.statusCode, errorOf(bare).fields?.['shipment.carrier']]).toEqual([400, 'Enter the carrier.']);
    const sent = await step(order, 'fulfil', {
      method: 'shipment',
      lines: [{ line: line!.id, quantity: 3 }],
      shipment: { carrier: 'UPS', trackingNumber: '1Z999', expectedDate: '2030-01-02' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const after = sent.json() as Order;
    expect([after.status, after.lines[0]!.delivered, after.shipments.length]).toEqual(['confirmed', 3, 1]);
    expect(await onHand(tile)).toBe(3);
    const shipment = (await api('GET', `/shipments/${after.shipments[0]!._id}`)).json();
    expect([shipment.direction, shipment.status, shipment.carrier, shipment.trackingUrl]).toEqual([
      'outbound',
      'in_transit',
      'UPS',
      'https://www.ups.com/track?tracknum=1Z999',
    ]);
    expect(shipment.orderLines).toEqual([
      { line: line!.id, order: { _id: order._id, name: order.number }, name: tile.name, sku: tile.sku, quantity: 3 },
    ]);
    const list = (await api('GET', `/shipments?filter[id][]=${shipment._id}`)).json();
    expect(list.items[0].orders).toBe(order.number);
    // What was handed over stays on record: the shipment cannot go, nor turn inbound.
    expect((await api('DELETE', `/shipments/${shipment._id}`)).statusCode).toBe(409);
    const turned = await api('PUT', `/shipments/${shipment._id}`, {
      direction: 'inbound',
      carrier: 'UPS',
      version: shipment.version,
    });
    expect([turned.statusCode, errorOf(turned).fields?.direction]).toEqual([
      400,
      'It carries orders to customers: it stays outbound.',
    ]);
    // Shipping makes a shipment: without code 18 it is refused, picking up is not.
    const { cookie: clerk } = await staffMember(t, owner, db, 'order-clerk@demo.test', [6]);
    const refused = await api(
      'POST',
      `/orders/${order._id}/fulfil`,
      { method: 'shipment', shipment: { carrier: 'UPS' } },
      clerk,
    );
    expect(refused.statusCode).toBe(403);
    expect((await api('POST', `/orders/${order._id}/fulfil`, { method: 'pickup' }, clerk)).statusCode).toBe(200);
  });

  it('lists a job’s and a customer’s orders', async () => {
    const job = (await api('POST', '/customer-jobs', { name: `Kitchen ${++n}`, customer: customer._id })).json() as {
      _id: string;
    };
    const order = await create([], { customerJob: job._id });
    const list = (await api('GET', `/orders?filter[job][]=${job._id}`)).json();
    expect(list.items.map((o: Order) => o._id)).toEqual([order._id]);
    const mine = (await api('GET', `/orders?filter[customer][]=${customer._id}&limit=100`)).json();
    expect(mine.items, JSON.stringify(mine)).toBeDefined();
    expect(mine.items.some((o: Order) => o._id === order._id)).toBe(true);
  });
});
