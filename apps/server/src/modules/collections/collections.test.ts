import type { Collection, CollectionMember, Product } from '@atelier/contracts';
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
const members = async (id: string) =>
  ((await api('GET', `/collections/${id}/products`)).json() as CollectionMember[]).map((m) => m.name);

describe('collections', () => {
  it('by rules: members follow the products as they change', async () => {
    const rule = (
      await api('POST', '/collections', {
        name: 'Brass under $50',
        kind: 'rules',
        rules: { tags: ['brass'], maxPriceCents: 5_000 },
      })
    ).json() as Collection;
    expect(rule.products).toBe(0);
    const knob = (
      await api('POST', '/products', { name: 'Brass knob', priceCents: 1_200, tags: ['brass'] })
    ).json() as Product;
    await api('POST', '/products', { name: 'Brass chandelier', priceCents: 90_000, tags: ['brass'] });
    expect(await members(rule._id)).toEqual(['Brass knob']);
    // Repriced above the limit, it leaves; archived, it is not shown.
    await api('PUT', `/products/${knob._id}`, {
      name: 'Brass knob',
      sku: knob.sku,
      priceCents: 6_000,
      tags: ['brass'],
      version: knob.version,
    });
    expect(await members(rule._id)).toEqual([]);
    expect(((await api('GET', `/collections/${rule._id}`)).json() as Collection).products).toBe(0);
    // A rule collection is not hand-picked.
    expect(
      (await api('PUT', `/collections/${rule._id}/products`, { products: [knob._id], version: rule.version }))
        .statusCode,
    ).toBe(409);
  });

  it('on sale: products priced below their compare-at price, in the collection and the list', async () => {
    const sale = (
      await api('POST', '/collections', {
        name: 'Sale rack',
        kind: 'rules',
        rules: { onSale: true, tags: ['clearance'] },
      })
    ).json() as Collection;
    const lamp = (
      await api('POST', '/products', {
        name: 'Clearance lamp',
        priceCents: 8_000,
        compareAtCents: 10_000,
        tags: ['clearance'],
      })
    ).json() as Product;
    await api('POST', '/products', {
      name: 'Full-price lamp',
      priceCents: 8_000,
      compareAtCents: 8_000,
      tags: ['clearance'],
    });
    expect(await members(sale._id)).toEqual(['Clearance lamp']);
    const listed = (await api('GET', '/products?filter[sale][]=yes&filter[tag][]=clearance')).json();
    expect(listed.items.map((p: Product) => p.name)).toEqual(['Clearance lamp']);
    // Its price back up to the compare-at price, it is no longer on sale.
    await api('PUT', `/products/${lamp._id}`, {
      name: lamp.name,
      priceCents: 10_000,
      compareAtCents: 10_000,
      tags: ['clearance'],
      version: lamp.version,
    });
    expect(await members(sale._id)).toEqual([]);
    expect((await api('POST', '/products', { name: 'Odd', priceCents: 1, compareAtCents: -5 })).statusCode).toBe(400);
  });

  it('hand-picked: products in the order chosen, on the collection’s version; a deleted product leaves', async () => {
    const picks = (await api('POST', '/collections', { name: 'Window picks', kind: 'manual' })).json() as Collection;
    const a = (await api('POST', '/products', { name: 'Pick A', priceCents: 100 })).json() as Product;
    const b = (await api('POST', '/products', { name: 'Pick B', priceCents: 100 })).json() as Product;
    const set = await api('PUT', `/collections/${picks._id}/products`, {
      products: [b._id, a._id],
      version: picks.version,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await members(picks._id)).toEqual(['Pick B', 'Pick A']);
    const stale = await api('PUT', `/collections/${picks._id}/products`, { products: [a._id], version: picks.version });
    expect(stale.statusCode).toBe(409);
    expect((await api('DELETE', `/products/${b._id}`)).statusCode).toBe(204);
    expect(await members(picks._id)).toEqual(['Pick A']);
    // The demo's rule collections have members.
    const list = (await api('GET', '/collections?q=stone')).json();
    expect(list.items[0]).toMatchObject({ name: 'Stone countertops', products: 14 });
  });

  it('filter the products list, as do vendors, and a product names the collections it is in', async () => {
    const maker = (await api('POST', '/vendors', { name: 'Filter Mill' })).json() as { _id: string };
    const [oak, ash, elm] = await Promise.all(
      ['Filter oak shelf', 'Filter ash shelf', 'Filter elm shelf'].map(
        async (name) =>
          (await api('POST', '/products', { name, priceCents: 2_000, tags: ['filter-shelf'] })).json() as Product,
      ),
    );
    const picked = (await api('POST', '/collections', { name: 'Filter picks', kind: 'manual' })).json() as Collection;
    await api('PUT', `/collections/${picked._id}/products`, { products: [oak!._id], version: picked.version });
    const ruled = (
      await api('POST', '/collections', { name: 'Filter shelves', kind: 'rules', rules: { tags: ['filter-shelf'] } })
    ).json() as Collection;
    const sold = await api('POST', '/vendor-items', { vendor: maker._id, product: ash!._id, costCents: 900 });
    expect(sold.statusCode, sold.body).toBe(201);

    const listed = async (query: string) => {
      const r = await api('GET', `/products?limit=50&${query}`);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { items: Product[] }).items.map((p) => p.name).sort();
    };
    expect(await listed(`filter[collection][]=${picked._id}`)).toEqual(['Filter oak shelf']);
    expect(await listed(`filter[collection][]=${ruled._id}`)).toEqual([
      'Filter ash shelf',
      'Filter elm shelf',
      'Filter oak shelf',
    ]);
    expect(await listed(`filter[vendor][]=${maker._id}`)).toEqual(['Filter ash shelf']);
    expect(await listed(`filter[collection][]=${ruled._id}&filter[vendor][]=${maker._id}`)).toEqual([
      'Filter ash shelf',
    ]);
    const bad = await api('GET', '/products?filter[vendor][]=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ 'filter.vendor': 'Not a valid vendor.' });

    const inOak = (await api('GET', `/products/${oak!._id}/collections`)).json() as { name: string }[];
    expect(inOak.map((c) => c.name)).toEqual(['Filter picks', 'Filter shelves']);
    const inElm = (await api('GET', `/products/${elm!._id}/collections`)).json() as { name: string }[];
    expect(inElm.map((c) => c.name)).toEqual(['Filter shelves']);
  });
});
