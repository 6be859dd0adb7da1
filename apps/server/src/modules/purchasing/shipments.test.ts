import type { ItemStock, PurchaseOrder, Shipment, Warehouse } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let home: Warehouse;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  home = ((await api('GET', '/warehouses')).json() as Warehouse[]).find((w) => w.isDefault)!;
});
afterAll(async () => {
  await t.close();
});

describe('shipments', () => {
  it('carry purchase-order lines, link to the carrier’s tracking, and receive them all in one step', async () => {
    const vendor = (await api('POST', '/vendors', { name: 'Freight Supply' })).json();
    const tile = (await api('POST', '/products', { name: 'Shipped tile', unit: 'box', priceCents: 4_000 })).json();
    const po = (
      await api('POST', '/purchase-orders', {
        vendor: vendor._id,
        warehouse: home._id,
        lines: [{ item: { type: 'product', id: tile._id }, quantity: 10, unitCost: 5 }],
      })
    ).json() as PurchaseOrder;
    await api('POST', `/purchase-orders/${po._id}/mark-sent`);
    const made = await api('POST', '/shipments', {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      lines: [{ line: po.lines[0]!.id, quantity: 6 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const shipment = made.json() as Shipment;
    expect(shipment.trackingUrl).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(shipment.purchaseOrders).toEqual([{ _id: po._id, name: po.number }]);
    expect(shipment.lines.map((l) => [l.item.name, l.quantity, l.remaining])).toEqual([['Shipped tile', 6, 10]]);
    expect((await api('POST', `/shipments/${shipment._id}/mark-in-transit`)).statusCode).toBe(200);

    const received = await api('POST', `/shipments/${shipment._id}/receive`);
    expect(received.statusCode, received.body).toBe(200);
    expect((received.json() as Shipment).status).toBe('delivered');
    const order = (await api('GET', `/purchase-orders/${po._id}`)).json() as PurchaseOrder;
    expect([order.status, order.lines[0]!.received]).toEqual(['partially_received', 6]);
    const stock = (await api('GET', `/stock/products/${tile._id}`)).json() as ItemStock;
    expect(stock.levels[0]!.onHand).toBe(6);
    expect(errorOf(await api('POST', `/shipments/${shipment._id}/receive`)).message).toBe(
      `${shipment.name} was already delivered.`,
    );
    // The order's line is carried: it cannot be taken off while the shipment has it.
    const dropped = await api('PUT', `/purchase-orders/${po._id}`, {
      vendor: vendor._id,
      warehouse: home._id,
      lines: [{ item: { type: 'product', id: tile._id }, quantity: 1 }],
      version: order.version,
    });
    expect(dropped.statusCode).toBe(400);
  });

  it('refuses lines of another firm’s or a draft order, and a carrier left empty', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const demo = (await api('GET', '/purchase-orders?filter[state][]=draft&limit=1')).json().items[0];
    const draft = (await api('GET', `/purchase-orders/${demo._id}`)).json() as PurchaseOrder;
    const r = await api('POST', '/shipments', { carrier: 'DHL', lines: [{ line: draft.lines[0]!.id, quantity: 1 }] });
    expect(errorOf(r).fields).toEqual({ 'lines.0.line': 'Its purchase order is a draft.' });
    const foreign = await api(
      'POST',
      '/shipments',
      { carrier: 'DHL', lines: [{ line: draft.lines[0]!.id, quantity: 1 }] },
      cedar,
    );
    expect(errorOf(foreign).fields).toEqual({ 'lines.0.line': 'Choose a line of one of the firm’s purchase orders.' });
  });
});
