import type {
  CreditMemo,
  Customer,
  ItemStock,
  Order,
  Payment,
  Product,
  Return,
  VendorClaim,
  Warehouse,
} from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let home: Warehouse;
let customer: Customer;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });

async function stockedProduct(quantity: number, priceCents = 20_000): Promise<Product> {
  const p = (
    await api('POST', '/products', { name: `Returned lamp ${++n}`, unit: 'each', priceCents, costCents: 8_000 })
  ).json() as Product;
  if (!quantity) return p;
  const r = await api('POST', '/stock/adjustments', {
    item: { type: 'product', id: p._id },
    warehouse: home._id,
    quantity,
    note: 'Opening count',
  });
  expect(r.statusCode, r.body).toBe(200);
  return p;
}

/** An order of `quantity` of a new product, confirmed and handed over (picked up): delivered whole. */
async function deliveredOrder(quantity: number, priceCents = 20_000) {
  const p = await stockedProduct(10, priceCents);
  const made = await api('POST', '/orders', {
    customer: customer._id,
    warehouse: home._id,
    lines: [{ item: { type: 'product', id: p._id }, quantity }],
  });
  expect(made.statusCode, made.body).toBe(201);
  expect((await api('POST', `/orders/${made.json()._id}/confirm`)).statusCode).toBe(200);
  const handed = await api('POST', `/orders/${made.json()._id}/fulfil`, { method: 'pickup' });
  expect(handed.statusCode, handed.body).toBe(200);
  return { order: handed.json() as Order, product: p };
}
const onHand = async (p: Product) => {
  const s = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
  return s.levels.find((l) => l.warehouse._id === home._id)?.onHand ?? 0;
};
const step = (r: Return, name: string, body: unknown = {}) => api('POST', `/returns/${r._id}/${name}`, body);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[])[0]!;
  customer = ((await api('GET', '/customers?limit=1')).json() as { items: Customer[] }).items[0]!;
});
afterAll(() => t?.close());

describe('returns', () => {
  it('never takes back more than was delivered less what other returns take, and names the line', async () => {
    const { order } = await deliveredOrder(3);
    const line = order.lines[0]!.id;
    const tooMany = await api('POST', '/returns', {
      order: order._id,
      lines: [{ line, quantity: 4, reason: 'damaged' }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).fields?.['lines.0.quantity'] ?? '').toMatch(
      /^At most 3 of Returned lamp \d+ can come back: 3 delivered, 0 already returned\.$/,
    );
    const two = await api('POST', '/returns', { order: order._id, lines: [{ line, quantity: 2, reason: 'damaged' }] });
    expect(two.statusCode, two.body).toBe(201);
    const more = await api('POST', '/returns', { order: order._id, lines: [{ line, quantity: 2, reason: 'damaged' }] });
    expect(errorOf(more).fields?.['lines.0.quantity'] ?? '').toMatch(
      /1 can come back: 3 delivered, 2 already returned/,
    );
    // A rejected return gives its quantity back.
    expect((await step(two.json(), 'reject', { reason: 'Outside 30 days' })).statusCode).toBe(200);
    expect(
      (await api('POST', '/returns', { order: order._id, lines: [{ line, quantity: 3, reason: 'damaged' }] }))
        .statusCode,
    ).toBe(201);
    // Another firm's order is not found from here.
    const foreign = await api(
      'POST',
      '/returns',
      { order: order._id, lines: [{ line, quantity: 1, reason: 'damaged' }] },
      cedar,
    );
    expect(foreign.statusCode).toBe(404);
    const returnable = (await api('GET', `/orders/${order._id}/returnable`)).json().items;
    expect(returnable).toEqual([expect.objectContaining({ delivered: 3, returned: 3, returnable: 0 })]);
  });

  it('approved, received into stock at its cost, and resolved by a credit memo less the restocking fee', async () => {
    expect(
      (await api('PUT', '/settings/returnSettings', { prefix: 'RMA-', restockingFeePercent: 10 })).statusCode,
    ).toBe(200);
    const { order, product } = await deliveredOrder(2, 25_000);
    const before = await onHand(product);
    const made = await api('POST', '/returns', {
      order: order._id,
      lines: [{ line: order.lines[0]!.id, quantity: 1, reason: 'changed_mind', condition: 'resellable' }],
    });
    const r = made.json() as Return;
    const lineTotal = order.lines[0]!.totalCents;
    expect([r.status, r.goodsCents, r.restockingFeeCents, r.creditCents]).toEqual([
      'requested',
      lineTotal / 2,
      Math.round(lineTotal / 20),
      lineTotal / 2 - Math.round(lineTotal / 20),
    ]);
    expect(r.number).toMatch(/^RMA-\d+$/);
    // Not received before it is approved.
    expect(errorOf(await step(r, 'receive')).message).toBe(`${r.number} is requested: approve it before receiving it.`);
    const feeTooBig = await step(r, 'approve', { restockingFeeCents: r.goodsCents + 1 });
    expect(errorOf(feeTooBig).fields).toHaveProperty('restockingFeeCents');
    expect((await step(r, 'approve', { restockingFeeCents: 1_000 })).json()).toMatchObject({
      status: 'approved',
      restockingFeeCents: 1_000,
      creditCents: r.goodsCents - 1_000,
    });

    // Received twice at once: once.
    const [a, b] = await Promise.all([step(r, 'receive'), step(r, 'receive')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await onHand(product)).toBe(before + 1);
    const received = (await api('GET', `/returns/${r._id}`)).json() as Return;
    expect([received.status, received.lines[0]!.restocked]).toEqual(['received', true]);

    const resolved = await step(r, 'resolve', { resolution: 'credit_memo' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const done = resolved.json() as Return;
    expect([done.status, done.resolution, done.refund]).toEqual(['resolved', 'credit_memo', null]);
    const memo = (await api('GET', `/credit-memos/${done.creditMemo!._id}`)).json() as CreditMemo;
    expect([memo.amountCents, memo.remainingCents, memo.reason]).toEqual([
      r.goodsCents - 1_000,
      r.goodsCents - 1_000,
      `Return ${r.number}`,
    ]);
    expect(errorOf(await step(r, 'resolve', { resolution: 'credit_memo' })).message).toBe(
      `${r.number} was already resolved.`,
    );
    expect((await api('DELETE', `/returns/${r._id}`)).statusCode).toBe(409);
  });

  it('a damaged item is not restocked; a refund pays the return’s credit back', async () => {
    expect((await api('PUT', '/settings/returnSettings', { prefix: 'RMA-', restockingFeePercent: 0 })).statusCode).toBe(
      200,
    );
    const { order, product } = await deliveredOrder(1);
    const before = await onHand(product);
    const r = (
      await api('POST', '/returns', {
        order: order._id,
        lines: [{ line: order.lines[0]!.id, quantity: 1, reason: 'damaged', condition: 'resellable' }],
      })
    ).json() as Return;
    await step(r, 'approve');
    // Found damaged when it came in: it stays off the shelf.
    const got = await step(r, 'receive', { conditions: [{ line: r.lines[0]!._id, condition: 'damaged' }] });
    expect(got.statusCode, got.body).toBe(200);
    expect(await onHand(product)).toBe(before);
    const noMethod = await step(r, 'resolve', { resolution: 'refund' });
    expect(errorOf(noMethod).fields).toEqual({ method: 'Choose how the money is paid back.' });
    const refunded = (
      await step(r, 'resolve', { resolution: 'refund', method: 'card', reference: 'Card ending 4242' })
    ).json() as Return;
    const refund = (await api('GET', `/payments/${refunded.refund!._id}`)).json() as Payment;
    expect([refund.amountCents, refund.name.startsWith('Refund')]).toEqual([-r.creditCents, true]);
    const memo = (await api('GET', `/credit-memos/${refunded.creditMemo!._id}`)).json() as CreditMemo;
    expect([memo.refundedCents, memo.remainingCents]).toEqual([r.creditCents, 0]);
    // Search finds the return and the refund.
    const found = (await api('GET', `/search?q=${encodeURIComponent(r.number)}&type=return`)).json().items;
    expect(found.map((f: { _id: string }) => f._id)).toContain(r._id);
    const refunds = (await api('GET', `/search?q=${encodeURIComponent(refund.name)}&type=refund`)).json().items;
    expect(refunds).toContainEqual(
      expect.objectContaining({ _id: refund._id, type: 'refund', href: `/a/payments/${refund._id}` }),
    );
    const payments = (await api('GET', `/search?q=${encodeURIComponent(refund.name)}&type=payment`)).json().items;
    expect(payments.map((f: { _id: string }) => f._id)).not.toContain(refund._id);
  });

  it('damage noted at the door opens a return of it, linked to the delivery route', async () => {
    const p = await stockedProduct(5);
    const made = await api('POST', '/orders', {
      customer: customer._id,
      warehouse: home._id,
      fulfilment: 'delivery',
      lines: [{ item: { type: 'product', id: p._id }, quantity: 2 }],
    });
    const order = made.json() as Order;
    expect((await api('POST', `/orders/${order._id}/confirm`)).statusCode).toBe(200);
    const route = (
      await api('POST', '/delivery-routes', {
        date: new Date().toISOString().slice(0, 10),
        stops: [{ order: order._id }],
      })
    ).json() as { _id: string; number: string; stops: { _id: string }[] };
    const stop = `/delivery-routes/${route._id}/stops/${route.stops[0]!._id}`;
    expect((await api('POST', `${stop}/out`)).statusCode).toBe(200);
    const delivered = await api('POST', `${stop}/deliver`, {
      recipientName: 'Sam',
      damages: [{ line: order.lines[0]!.id, quantity: 1, note: 'Glass shade shattered', photos: [] }],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const opened = (await api('GET', `/returns?filter[order][]=${order._id}`)).json().items as { _id: string }[];
    expect(opened).toHaveLength(1);
    const r = (await api('GET', `/returns/${opened[0]!._id}`)).json() as Return;
    expect([r.status, r.deliveryRoute?.name, r.lines.map((l) => [l.quantity, l.reason, l.condition, l.note])]).toEqual([
      'requested',
      route.number,
      [[1, 'damaged', 'damaged', 'Glass shade shattered']],
    ]);
  });

  it('a vendor claim from a return line: never beyond what was received, replaced into stock', async () => {
    const vendor = (await api('POST', '/vendors', { name: `Claims vendor ${++n}` })).json() as { _id: string };
    const p = await stockedProduct(0);
    const po = await api('POST', '/purchase-orders', {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [{ item: { type: 'product', id: p._id }, quantity: 4, unitCost: 80 }],
    });
    expect(po.statusCode, po.body).toBe(201);
    const poId = po.json()._id as string;
    expect((await api('POST', `/purchase-orders/${poId}/mark-sent`)).statusCode).toBe(200);
    const poLine = po.json().lines[0].id as string;
    const rec = await api('POST', `/purchase-orders/${poId}/receive`, { lines: [{ line: poLine, quantity: 2 }] });
    expect(rec.statusCode, rec.body).toBe(200);

    const tooMany = await api('POST', '/vendor-claims', { purchaseOrderLine: poLine, quantity: 3, reason: 'damaged' });
    expect(errorOf(tooMany).fields).toEqual({ quantity: 'At most 2.' });
    const foreign = await api(
      'POST',
      '/vendor-claims',
      { purchaseOrderLine: poLine, quantity: 1, reason: 'damaged' },
      cedar,
    );
    expect(errorOf(foreign).fields).toEqual({ purchaseOrderLine: 'Choose a line of a purchase order.' });
    const claim = (
      await api('POST', '/vendor-claims', { purchaseOrderLine: poLine, quantity: 1, reason: 'damaged' })
    ).json() as VendorClaim;
    expect([claim.status, claim.vendor._id, claim.quantity]).toEqual(['open', vendor._id, 1]);
    const onHandBefore = await onHand(p);
    const replaced = await api('POST', `/vendor-claims/${claim._id}/replace`, {});
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await onHand(p)).toBe(onHandBefore + 1);
    // The other unit: the vendor credits it, which lowers what the firm owes the vendor.
    const second = (
      await api('POST', '/vendor-claims', { purchaseOrderLine: poLine, quantity: 1, reason: 'wrong_item' })
    ).json() as VendorClaim;
    expect(
      errorOf(await api('POST', '/vendor-claims', { purchaseOrderLine: poLine, quantity: 1, reason: 'damaged' }))
        .fields,
    ).toEqual({
      quantity: 'At most 0.',
    });
    const credited = await api('POST', `/vendor-claims/${second._id}/credit`, { amountCents: 7_500 });
    expect(credited.statusCode, credited.body).toBe(200);
    const after = credited.json() as VendorClaim;
    expect([after.status, after.creditCents, after.vendorCredit?.name.startsWith('VC-')]).toEqual([
      'credited',
      7_500,
      true,
    ]);
    expect(errorOf(await api('POST', `/vendor-claims/${second._id}/reject`, { reason: 'x' })).message).toBe(
      `${second.number} is credited: it was settled already.`,
    );
    expect((await api('GET', `/vendor-claims?filter[purchase-order][]=${poId}`)).json().items).toHaveLength(2);
  });
});
