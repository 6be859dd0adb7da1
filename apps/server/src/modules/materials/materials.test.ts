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

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });

describe('materials', () => {
  it('share the firm’s one SKU registry with products and variants, both ways, and free it when deleted', async () => {
    const slab = await api('POST', '/materials', {
      name: 'Test slab',
      sku: 'SLAB-1',
      unit: 'slab',
      costCents: 100_000,
    });
    expect(slab.statusCode, slab.body).toBe(201);
    const product = await api('POST', '/products', { name: 'Test top', sku: 'slab-1', priceCents: 1 });
    expect(product.statusCode).toBe(409);
    expect(product.json().error.link).toEqual({ href: `/p/materials/${slab.json()._id}`, label: 'Open Test slab' });
    const material = await api('POST', '/materials', { name: 'Copycat', sku: 'HS-B24', unit: 'each' });
    expect(material.statusCode).toBe(409);
    expect(material.json().error.message).toBe('SKU HS-B24 is already used by Harbor Shaker Base cabinet 24″.');
    expect((await api('DELETE', `/materials/${slab.json()._id}`)).statusCode).toBe(204);
    expect((await api('POST', '/products', { name: 'Test top', sku: 'SLAB-1', priceCents: 1 })).statusCode).toBe(201);
  });
});
