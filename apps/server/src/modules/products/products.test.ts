import type { Product } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let cedar: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
async function create(body: Record<string, unknown>, cookie = owner): Promise<Product> {
  const r = await api('POST', '/products', { priceCents: 1000, ...body }, cookie);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('products', () => {
  it('keeps a SKU the firm’s once, whatever its case: 409 naming and linking the product that has it', async () => {
    const first = await create({ name: 'Walnut floating shelf', sku: 'SHELF-W36' });
    const again = await api('POST', '/products', { name: 'Another shelf', sku: 'shelf-w36', priceCents: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'conflict',
      message: 'SKU shelf-w36 is already used by Walnut floating shelf.',
      fields: { sku: 'SKU shelf-w36 is already used by Walnut floating shelf.' },
      link: { href: `/p/products/${first._id}`, label: 'Open Walnut floating shelf' },
    });
    // Another firm has SKUs of its own.
    await create({ name: 'Cedar shelf', sku: 'SHELF-W36' }, cedar);
    // An edit keeps its own SKU, and frees the old one when it changes.
    const kept = await api('PUT', `/products/${first._id}`, {
      name: 'Walnut shelf',
      sku: 'SHELF-W36',
      priceCents: 1,
      version: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const renamed = await api('PUT', `/products/${first._id}`, {
      name: 'Walnut shelf',
      sku: 'SHELF-W48',
      priceCents: 1,
      version: 2,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await create({ name: 'Oak shelf', sku: 'SHELF-W36' });
  });

  it('gives exactly one of twenty people saving the same SKU at once their product', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('POST', '/products', { name: `Race ${i}`, sku: 'RACE-1', priceCents: 1 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const { rows } = await db.query("SELECT count(*)::int AS n FROM products WHERE name LIKE 'Race %'");
    expect(rows[0].n).toBe(1);
  });

  it('makes a SKU from the settings’ prefix when none is given, and takes the settings’ unit and tax class', async () => {
    await api('PUT', '/settings/productSettings', {
      skuPrefix: 'HP-',
      defaultUnit: 'box',
      taxClasses: ['Goods', 'Services'],
    });
    const made = await create({ name: 'Unnamed-SKU lamp' });
    expect(made.sku).toMatch(/^HP-1\d{3}$/);
    expect(made).toMatchObject({ unit: 'box', taxClass: 'Goods' });
    const next = await create({ name: 'Second lamp' });
    expect(Number(next.sku.slice(3))).toBe(Number(made.sku.slice(3)) + 1);
    const bad = await api('POST', '/products', { name: 'Taxed oddly', priceCents: 1, taxClass: 'Luxury' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ taxClass: 'Choose a tax class from the product settings.' });
  });

  it('keeps a rich-text description sanitised: formatting and safe links stay, script goes, plain text becomes paragraphs', async () => {
    const p = await create({
      name: 'Rich cabinet',
      priceCents: 100,
      description:
        '<h2>Box</h2><p onmouseover="steal()">Plywood, <strong>soft-close</strong>.<script>steal()</script></p>' +
        '<p><a href="javascript:steal()">x</a> <a href="https://maker.test/spec">Spec</a></p>',
    });
    expect(p.description).toBe(
      '<h2>Box</h2><p>Plywood, <strong>soft-close</strong>.</p>' +
        '<p><a rel="noopener noreferrer nofollow" target="_blank">x</a> ' +
        '<a href="https://maker.test/spec" rel="noopener noreferrer nofollow" target="_blank">Spec</a></p>',
    );
    const updated = await api('PUT', `/products/${p._id}`, {
      name: p.name,
      priceCents: 100,
      description: 'Line one & more\nLine 2 > 1 < 3',
      version: p.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().description).toBe('<p>Line one &amp; more</p><p>Line 2 &gt; 1 &lt; 3</p>');
  });

  it('keeps money exact: cost in hundredths of a cent, prices in whole cents, nothing negative', async () => {
    const screw = await create({ name: 'Screw #8', sku: 'SCR-8', unit: 'each', priceCents: 9, costCents: 4.3 });
    expect(screw.costCents).toBe(4.3);
    const { rows } = await db.query('SELECT cost_hc FROM products WHERE id = $1', [screw._id]);
    expect(Number(rows[0].cost_hc)).toBe(430);
    for (const body of [{ priceCents: -1 }, { priceCents: 1.5 }, { priceCents: 1e12 }, { costCents: 0.001 }]) {
      const r = await api('POST', '/products', { name: 'Bad money', ...body, priceCents: body.priceCents ?? 1 });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('prices a countertop by area and tile by whole boxes, and says what is missing', async () => {
    const top = await create({
      name: 'Quartz top',
      unit: 'sq_ft',
      priceCents: 8_950,
      pricing: { mode: 'area', minimum: 30, increment: 0.5 },
    });
    const quote = await api('POST', `/products/${top._id}/price`, { width: 25.5, length: 200 });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ quantity: 35.5, unit: 'sq_ft', unitPriceCents: 8_950, totalCents: 317_725 });
    const missing = await api('POST', `/products/${top._id}/price`, { width: 25.5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ length: 'Enter the length in inches.' });

    const tile = await create({
      name: 'Subway',
      unit: 'box',
      priceCents: 6_499,
      coverage: { amount: 10.76, unit: 'sq_ft' },
    });
    expect((await api('POST', `/products/${tile._id}/price`, { area: 21.52 })).json()).toMatchObject({
      quantity: 2,
      totalCents: 12_998,
    });
    // Another firm cannot price it.
    expect((await api('POST', `/products/${tile._id}/price`, { area: 1 }, cedar)).statusCode).toBe(404);
  });

  it('refuses a dimensional price on the wrong unit, and coverage on a unit sold by the foot', async () => {
    const r = await api('POST', '/products', {
      name: 'Mismatched',
      unit: 'each',
      priceCents: 1,
      pricing: { mode: 'area', minimum: 0, increment: 0 },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.fields.unit).toBe('A price by area is per sq ft: choose that unit.');
    const c = await api('POST', '/products', {
      name: 'Covered feet',
      unit: 'sq_ft',
      priceCents: 1,
      coverage: { amount: 2, unit: 'sq_ft' },
    });
    expect(c.json().error.fields).toEqual({
      coverage: 'A product sold by the foot needs no coverage: leave it empty.',
    });
  });

  it('lists by price and filters by status, keeping the list’s own archived filter', async () => {
    await create({ name: 'Draft vanity', status: 'draft', priceCents: 99_900 });
    const drafts = (await api('GET', '/products?filter[state][]=draft&sort=-price')).json();
    expect(drafts.items.map((p: Product) => p.name)).toContain('Draft vanity');
    expect(drafts.items.every((p: Product) => p.status === 'draft')).toBe(true);
  });
});
