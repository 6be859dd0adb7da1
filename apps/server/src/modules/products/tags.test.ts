import type { Product, ProductTag } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let sales: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const tags = async () => (await api('GET', '/tags')).json() as ProductTag[];
const make = async (name: string, tagList: string[]) =>
  (await api('POST', '/products', { name, priceCents: 100, tags: tagList })).json() as Product;

describe('product tags', () => {
  it('are listed by name with their counts, renamed on every product, and merged into a tag of the new name', async () => {
    const a = await make('Tag test lamp', ['clearance', 'Modern']);
    const b = await make('Tag test sconce', ['sale', 'modern']);
    await make('Tag test pendant', ['sale']);
    const listed = await tags();
    expect(listed.find((x) => x.name === 'sale')).toEqual({ name: 'sale', products: 2 });
    expect(listed.map((x) => x.name)).toEqual(
      [...listed.map((x) => x.name)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()) || (x < y ? -1 : 1)),
    );
    // clearance → sale: the lamp joins the sale, counted once.
    const merged = (await api('PUT', '/tags/clearance', { name: 'sale' })).json() as ProductTag[];
    expect(merged.find((x) => x.name === 'sale')).toEqual({ name: 'sale', products: 3 });
    expect(merged.some((x) => x.name === 'clearance')).toBe(false);
    const lamp = (await api('GET', `/products/${a._id}`)).json() as Product;
    expect(lamp).toMatchObject({ tags: ['sale', 'Modern'], version: 2 });
    // Found by its new tag; its history says so.
    expect((await api('GET', '/products?q=sale&limit=100')).json().items.map((p: Product) => p._id)).toContain(a._id);
    const logs = JSON.stringify((await api('GET', `/products/${a._id}/logs`)).json());
    expect(logs).toContain('clearance');
    // A product carrying both names keeps one.
    await api('PUT', '/tags/modern', { name: 'sale' });
    expect(((await api('GET', `/products/${b._id}`)).json() as Product).tags).toEqual(['sale']);
  });

  it('are taken off every product, and need the tags code (82)', async () => {
    const p = await make('Untag test stool', ['seconds', 'wood']);
    expect((await api('DELETE', '/tags/seconds', undefined, sales)).statusCode).toBe(403);
    expect((await api('DELETE', '/tags/seconds')).statusCode).toBe(204);
    expect(((await api('GET', `/products/${p._id}`)).json() as Product).tags).toEqual(['wood']);
    expect((await api('DELETE', '/tags/seconds')).statusCode).toBe(404);
  });
});
