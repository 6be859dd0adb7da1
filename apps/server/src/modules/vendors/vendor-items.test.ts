import type { Product, Variant, VendorItem } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
const json = async <T>(r: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 200) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

describe('vendor items', () => {
  it('keep one preferred vendor per item, each item once per vendor, with the vendor’s lead time unless their own', async () => {
    const a = await json<{ _id: string }>(api('POST', '/vendors', { name: 'Alder Supply', leadTimeDays: 9 }), 201);
    const b = await json<{ _id: string }>(api('POST', '/vendors', { name: 'Birch Supply', leadTimeDays: 30 }), 201);
    const product = await json<Product>(api('POST', '/products', { name: 'Drawer pull', priceCents: 900 }), 201);
    const first = await json<VendorItem>(
      api('POST', '/vendor-items', { vendor: a._id, product: product._id, costCents: 3.5, preferred: true }),
      201,
    );
    expect(first).toMatchObject({
      costCents: 3.5,
      effectiveLeadTimeDays: 9,
      item: { kind: 'product', name: 'Drawer pull' },
    });
    await json(
      api('POST', '/vendor-items', {
        vendor: b._id,
        product: product._id,
        costCents: 3.1,
        leadTimeDays: 4,
        preferred: true,
      }),
      201,
    );
    const both = await json<VendorItem[]>(api('GET', `/vendor-items?product=${product._id}`));
    expect(both.map((v) => [v.vendor.name, v.preferred, v.effectiveLeadTimeDays])).toEqual([
      ['Alder Supply', false, 9],
      ['Birch Supply', true, 4],
    ]);
    const twice = await api('POST', '/vendor-items', { vendor: a._id, product: product._id, costCents: 1 });
    expect(twice.statusCode).toBe(409);
    // A vendor that sells something cannot be deleted; deleting the product takes its items with it.
    expect((await api('DELETE', `/vendors/${a._id}`)).statusCode).toBe(409);
    expect((await api('DELETE', `/products/${product._id}`)).statusCode).toBe(204);
    expect(await json<VendorItem[]>(api('GET', `/vendor-items?vendor=${a._id}`))).toEqual([]);
    expect((await api('DELETE', `/vendors/${a._id}`)).statusCode).toBe(204);
  });

  it('buy a product with variants by variant, and list a product’s variants’ vendors with it', async () => {
    const vendor = await json<{ _id: string }>(api('POST', '/vendors', { name: 'Cedar Millworks' }), 201);
    const product = await json<Product>(
      api('POST', '/products', { name: 'Vanity', sku: 'VIV', priceCents: 50_000 }),
      201,
    );
    const withOptions = await json<Product>(
      api('PUT', `/products/${product._id}/options`, {
        options: [{ name: 'Width', values: ['24″', '30″'] }],
        version: product.version,
      }),
    );
    const [v24] = await json<Variant[]>(
      api('POST', `/products/${product._id}/variants`, { combinations: [['24″']] }),
      201,
    );
    const byProduct = await api('POST', '/vendor-items', {
      vendor: vendor._id,
      product: withOptions._id,
      costCents: 1,
    });
    expect(byProduct.statusCode).toBe(400);
    expect(byProduct.json().error.fields).toEqual({ product: 'Choose one of its variants instead.' });
    await json(api('POST', '/vendor-items', { vendor: vendor._id, variant: v24!._id, costCents: 26_000 }), 201);
    const listed = await json<VendorItem[]>(api('GET', `/vendor-items?product=${product._id}`));
    expect(listed.map((i) => [i.item.kind, i.item.name, i.item.href])).toEqual([
      ['variant', 'Vanity 24″', `/p/products/${product._id}/variants`],
    ]);
    const both = await api('POST', '/vendor-items', {
      vendor: vendor._id,
      variant: v24!._id,
      material: v24!._id,
      costCents: 1,
    });
    expect(both.statusCode).toBe(400);
  });

  it('gives the demo catalog its vendors: every product without variants, every variant and material has a preferred one', async () => {
    const cabinets = await json<VendorItem[]>(
      api(
        'GET',
        `/vendor-items?vendor=${(await json<{ items: { _id: string }[] }>(api('GET', '/vendors?q=northwoods'))).items[0]!._id}`,
      ),
    );
    expect(cabinets.length).toBeGreaterThan(288);
    expect(cabinets.every((i) => i.preferred)).toBe(true);
  });
});
