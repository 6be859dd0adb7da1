import {
  type ItemStock,
  type LowStockPage,
  P,
  type Product,
  type PurchaseOrder,
  type Vendor,
  type Warehouse,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;
let home: Warehouse;
let vendor: Vendor;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

/** A product kept at home: reorder at `point`, order `quantity`; `onHand` on the shelf. */
async function stocked(point: number, quantity: number, onHand: number, pack?: number) {
  const p = (
    await api('POST', '/products', { name: `Low tile ${++n}`, unit: 'box', priceCents: 4_000, costCents: 100 })
  ).json() as Product;
  await api('PUT', `/products/${p._id}/reorder-levels`, { levels: [{ warehouse: home._id, point, quantity }] });
  if (onHand)
    await api('POST', '/stock/adjustments', {
      item: { type: 'product', id: p._id },
      warehouse: home._id,
      quantity: onHand,
      note: 'Counted',
    });
  if (pack)
    await api('POST', '/vendor-items', {
      vendor: vendor._id,
      product: p._id,
      costCents: 80,
      packSize: pack,
      preferred: true,
    });
  return p;
}
const low = async (cookie = owner) =>
  ((await api('GET', `/low-stock?warehouse=${home._id}&limit=500`, undefined, cookie)).json() as LowStockPage).items;
const rowOf = async (p: Product) => (await low()).find((r) => r.item._id === p._id);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
  vendor = (
    await api('POST', '/vendors', { name: 'Low Stock Supply', email: 'orders@low.example', leadTimeDays: 7 })
  ).json();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('low stock', () => {
  it('counts what confirmed orders hold: available, not on hand, is what is left to sell', async () => {
    const p = await stocked(5, 10, 12);
    expect(await rowOf(p)).toBeUndefined();
    const customer = ((await api('GET', '/customers?limit=1')).json().items as { _id: string }[])[0]!._id;
    const order = (
      await api('POST', '/orders', {
        customer,
        warehouse: home._id,
        lines: [{ item: { type: 'product', id: p._id }, quantity: 8 }],
      })
    ).json() as { _id: string };
    expect((await api('POST', `/orders/${order._id}/confirm`)).statusCode).toBe(200);
    expect(await rowOf(p)).toMatchObject({ onHand: 12, committed: 8, forecast: 4 });
    const level = ((await api('GET', `/stock/products/${p._id}`)).json() as ItemStock).levels[0]!;
    expect([level.onHand, level.committed, level.available, level.forecast]).toEqual([12, 8, 4, 4]);
    // Cancelled, the hold goes and so does the shortage.
    await api('POST', `/orders/${order._id}/cancel`, {});
    expect(await rowOf(p)).toBeUndefined();
  });

  it('lists items at or below their point on forecast, with what to order in whole packs from whom', async () => {
    const p = await stocked(10, 25, 4, 6);
    expect(await rowOf(p)).toMatchObject({
      onHand: 4,
      incoming: 0,
      forecast: 4,
      reorderPoint: 10,
      reorderQuantity: 25,
      toOrder: 30,
      packSize: 6,
      vendor: { _id: vendor._id, name: vendor.name },
      unitCost: 80,
    });
    const plenty = await stocked(10, 25, 12);
    expect(await rowOf(plenty)).toBeUndefined();
    // The demo firm's own low items are there too; the other firm sees none of them.
    expect((await low()).length).toBeGreaterThan(1);
    expect(await low(cedar)).toEqual([]);
  });

  it('counts what arrives within the lead time: an order due in time lifts it, one due later does not', async () => {
    const p = await stocked(10, 25, 4, 5);
    const order = async (expectedDate: string, quantity: number) => {
      const po = (
        await api('POST', '/purchase-orders', {
          vendor: vendor._id,
          warehouse: home._id,
          expectedDate,
          lines: [{ item: { type: 'product', id: p._id }, quantity }],
        })
      ).json() as PurchaseOrder;
      await api('POST', `/purchase-orders/${po._id}/mark-sent`);
      return po;
    };
    await order(inDays(30), 20);
    expect(await rowOf(p)).toMatchObject({ incoming: 0, forecast: 4 });
    await order(inDays(3), 5);
    expect(await rowOf(p)).toMatchObject({ incoming: 5, forecast: 9 });
    await order(inDays(5), 2);
    expect(await rowOf(p)).toBeUndefined();
    // The product's stock tab: all that is on order, and the forecast of what comes in time.
    const stock = (await api('GET', `/stock/products/${p._id}`)).json() as ItemStock;
    expect(stock.levels.map((l) => [l.warehouse._id, l.onHand, l.incoming, l.forecast])).toEqual([
      [home._id, 4, 27, 11],
    ]);
  });

  it('makes one draft purchase order per vendor and warehouse from the rows ticked', async () => {
    const a = await stocked(10, 12, 0, 5);
    const b = await stocked(10, 3, 1, 1);
    const made = await api('POST', '/low-stock/purchase-orders', {
      rows: [
        { item: { type: 'product', id: a._id }, warehouse: home._id },
        { item: { type: 'product', id: b._id }, warehouse: home._id, quantity: 7 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const [po] = made.json() as { _id: string; number: string; lines: number }[];
    expect(made.json()).toHaveLength(1);
    const order = (await api('GET', `/purchase-orders/${po!._id}`)).json() as PurchaseOrder;
    expect([order.status, order.vendor._id]).toEqual(['draft', vendor._id]);
    // 12 in packs of 5: 15. The second as asked.
    expect(order.lines.map((l) => [l.item?._id, l.quantity, l.unitCost])).toEqual([
      [a._id, 15, 80],
      [b._id, 7, 80],
    ]);
    const orphan = await stocked(10, 3, 0);
    const refused = await api('POST', '/low-stock/purchase-orders', {
      rows: [{ item: { type: 'product', id: orphan._id }, warehouse: home._id }],
    });
    expect(errorOf(refused).fields).toEqual({
      'rows.0.item': `${orphan.name} has no preferred vendor: choose one on its vendors first.`,
    });
  });

  it('lists materials too, to those who may use them, and orders them', async () => {
    const m = (await api('POST', '/materials', { name: 'Low slab', sku: 'LOW-SLAB', unit: 'slab' })).json();
    await api('PUT', `/materials/${m._id}/reorder-levels`, {
      levels: [{ warehouse: home._id, point: 3, quantity: 4 }],
    });
    await api('POST', '/vendor-items', { vendor: vendor._id, material: m._id, costCents: 5_000, preferred: true });
    expect((await low()).find((r) => r.item._id === m._id)).toMatchObject({
      item: { type: 'material', name: 'Low slab' },
      onHand: 0,
      toOrder: 4,
      vendor: { _id: vendor._id },
    });
    // Without the materials' code (34), the page lists products only, and ordering a material is refused.
    const buyer = await staffMember(t, owner, db, 'low-buyer@demo.test', [P.MODIFY_PRODUCTS, P.MODIFY_PURCHASE_ORDERS]);
    const theirs = await low(buyer.cookie);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => r.item.type === 'material')).toBe(false);
    const row = { item: { type: 'material', id: m._id }, warehouse: home._id };
    expect((await api('POST', '/low-stock/purchase-orders', { rows: [row] }, buyer.cookie)).statusCode).toBe(403);
    const made = await api('POST', '/low-stock/purchase-orders', { rows: [row] });
    expect(made.statusCode, made.body).toBe(201);
    // Received, it is no longer low.
    const po = (await api('GET', `/purchase-orders/${made.json()[0]._id}`)).json() as PurchaseOrder;
    await api('POST', `/purchase-orders/${po._id}/mark-sent`);
    const got = await api('POST', `/purchase-orders/${po._id}/receive`, {
      lines: [{ line: po.lines[0]!.id, quantity: 4 }],
    });
    expect(got.statusCode, got.body).toBe(200);
    expect((await low()).find((r) => r.item._id === m._id)).toBeUndefined();
  });
});
