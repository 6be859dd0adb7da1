import type { Product, ProductTemplate } from '@atelier/contracts';
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
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });

describe('product templates', () => {
  it('are checked like a product: a price by area is per sq ft', async () => {
    const r = await api('POST', '/product-templates', {
      name: 'Odd slab',
      fields: { unit: 'each', pricing: { mode: 'area', minimum: 30 } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields.unit).toBe('A price by area is per sq ft: choose that unit.');
  });

  it('start a product with their fields and options, and drop a category deleted since', async () => {
    const category = await api('POST', '/categories', { name: 'Template shelves' });
    const made = await api('POST', '/product-templates', {
      name: 'Floating shelf',
      fields: {
        unit: 'each',
        category: category.json()._id,
        depth: 10,
        options: [{ name: 'Length', values: ['24″', '36″'] }],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const template: ProductTemplate = made.json();
    // Anyone who makes products reads the templates; only 74 changes them.
    const listed = await api('GET', '/product-templates', undefined, sales);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((x: ProductTemplate) => x.name)).toContain('Floating shelf');
    expect(
      (await api('PUT', `/product-templates/${template._id}`, { ...template, version: 1 }, sales)).statusCode,
    ).toBe(403);

    // A new product sends the template's fields (as the form fills them in) with its own name and price.
    const { priceCents: _none, ...fields } = template.fields;
    const product = await api('POST', '/products', { ...fields, name: 'Walnut floating shelf', priceCents: 8_900 });
    expect(product.statusCode, product.body).toBe(201);
    const p: Product = product.json();
    expect(p.options).toEqual([{ name: 'Length', values: ['24″', '36″'] }]);
    expect(p.depth).toBe(10);
    expect(p.category?._id).toBe(category.json()._id);
    // Options are the Variants tab's after that: an edit that sends them changes nothing.
    const edited = await api('PUT', `/products/${p._id}`, {
      ...fields,
      options: [],
      name: p.name,
      priceCents: 9_000,
      version: p.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().options).toHaveLength(1);

    // Its category deleted (the product moved elsewhere first), the template no longer names it.
    await api('PUT', `/products/${p._id}`, {
      ...fields,
      category: null,
      name: p.name,
      priceCents: 9_000,
      version: p.version + 1,
    });
    expect((await api('DELETE', `/categories/${category.json()._id}`)).statusCode).toBe(204);
    const after: ProductTemplate = (await api('GET', `/product-templates/${template._id}`)).json();
    expect(after.fields.category).toBeNull();
  });
});
