import type { Product, Variant } from '@atelier/contracts';
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
const OPTIONS = [
  { name: 'Width', values: ['12″', '15″', '18″'] },
  { name: 'Finish', values: ['White', 'Walnut'] },
  { name: 'Door', values: ['Shaker', 'Slab'] },
  { name: 'Hinge', values: ['Left', 'Right'] },
];
async function cabinet(sku: string, options = OPTIONS): Promise<Product> {
  const made = (await api('POST', '/products', { name: `Cabinet ${sku}`, sku, priceCents: 40_000 })).json() as Product;
  const r = await api('PUT', `/products/${made._id}/options`, { options, version: made.version });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const all = (options = OPTIONS) =>
  options.reduce<string[][]>((acc, o) => acc.flatMap((c) => o.values.map((v) => [...c, v])), [[]]);

describe('options and variants', () => {
  it('makes the chosen combinations of any number of options, each with a SKU of its own', async () => {
    const product = await cabinet('VB');
    expect(product.options).toHaveLength(4);
    const some = all().filter((c) => c[3] === 'Left');
    const made = await api('POST', `/products/${product._id}/variants`, { combinations: some });
    expect(made.statusCode, made.body).toBe(201);
    const variants = made.json() as Variant[];
    expect(variants).toHaveLength(12);
    expect(variants[0]).toMatchObject({
      name: '12″ / White / Shaker / Left',
      sku: 'VB-12-WHI-SHA-LEF',
      priceCents: null,
    });
    // A combination it has is refused, whatever its case; so is a value it does not have.
    const again = await api('POST', `/products/${product._id}/variants`, {
      combinations: [['12″', 'white', 'Shaker', 'Left']],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Cabinet VB already has the variant 12″ / White / Shaker / Left.');
    const odd = await api('POST', `/products/${product._id}/variants`, {
      combinations: [['12″', 'Teal', 'Shaker', 'Left']],
    });
    expect(odd.statusCode).toBe(400);
    expect((await api('GET', `/products/${product._id}`)).json().variants).toBe(12);
    // Another firm sees none of it.
    expect((await api('GET', `/products/${product._id}/variants`, undefined, cedar)).statusCode).toBe(404);
  });

  it('edits many variants at once on their versions, all or none, with SKUs unique across products and variants', async () => {
    const product = await cabinet('VE');
    const variants = (
      await api('POST', `/products/${product._id}/variants`, { combinations: all().slice(0, 3) })
    ).json() as Variant[];
    const edit = (v: Variant, changes: Partial<Variant>) => ({
      _id: v._id,
      sku: v.sku,
      priceCents: v.priceCents,
      costCents: v.costCents,
      barcode: v.barcode,
      version: v.version,
      ...changes,
    });
    const ok = await api('PUT', `/products/${product._id}/variants`, {
      variants: [
        edit(variants[0]!, { priceCents: 41_000, barcode: '0123456789012' }),
        edit(variants[1]!, { costCents: 12.34 }),
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = ok.json() as Variant[];
    expect(after[0]).toMatchObject({ priceCents: 41_000, barcode: '0123456789012', version: 2 });
    expect(after[1]).toMatchObject({ costCents: 12.34 });
    // One stale version: nothing changes.
    const stale = await api('PUT', `/products/${product._id}/variants`, {
      variants: [edit(after[2]!, { priceCents: 1 }), edit(variants[0]!, { priceCents: 2 })],
    });
    expect(stale.statusCode).toBe(409);
    const now = (await api('GET', `/products/${product._id}/variants`)).json() as Variant[];
    expect(now[2]!.priceCents).toBeNull();
    // A product's SKU cannot be a variant's, and the other way round.
    const taken = await api('PUT', `/products/${product._id}/variants`, { variants: [edit(now[2]!, { sku: 'VB' })] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ 'variants.0.sku': 'SKU VB is already used by Cabinet VB.' });
    const clash = await api('POST', '/products', { name: 'Clash', sku: now[0]!.sku, priceCents: 1 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(
      `SKU ${now[0]!.sku} is already used by Cabinet VE 12″ / White / Shaker / Left.`,
    );
  });

  it('reprices by a percentage or an amount, rounding half up, never below nothing', async () => {
    const product = await cabinet('VR');
    const variants = (
      await api('POST', `/products/${product._id}/variants`, { combinations: all().slice(0, 2) })
    ).json() as Variant[];
    const ids = variants.map((v) => v._id);
    // 40,000 × 1.075 = 43,000; then + $0.05.
    let r = await api('POST', `/products/${product._id}/variants/reprice`, { ids, by: 'percent', value: 7.5 });
    expect((r.json() as Variant[]).map((v) => v.priceCents)).toEqual([43_000, 43_000]);
    r = await api('POST', `/products/${product._id}/variants/reprice`, { ids: [ids[0]], by: 'amount', value: 5 });
    expect((r.json() as Variant[])[0]!.priceCents).toBe(43_005);
    // 43,005 × 0.9 = 38,704.5 → 38,705.
    r = await api('POST', `/products/${product._id}/variants/reprice`, { ids: [ids[0]], by: 'percent', value: -10 });
    expect((r.json() as Variant[])[0]!.priceCents).toBe(38_705);
    const below = await api('POST', `/products/${product._id}/variants/reprice`, { ids, by: 'amount', value: -50_000 });
    expect(below.statusCode).toBe(400);
  });

  it('keeps the options a variant names: a used value goes only with its variants archived; options keep their number', async () => {
    const product = await cabinet('VO');
    await api('POST', `/products/${product._id}/variants`, { combinations: all().slice(0, 4) });
    const current = (await api('GET', `/products/${product._id}`)).json() as Product;
    const noShaker = OPTIONS.map((o) => (o.name === 'Door' ? { ...o, values: ['Slab', 'Inset'] } : o));
    const refused = await api('PUT', `/products/${product._id}/options`, {
      options: noShaker,
      version: current.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(
      /^2 variants use a value you removed \(12″ \/ White \/ Shaker \/ Left…\)/,
    );
    const fewer = await api('PUT', `/products/${product._id}/options`, {
      options: OPTIONS.slice(0, 3),
      version: current.version,
    });
    expect(fewer.statusCode).toBe(409);
    const done = await api('PUT', `/products/${product._id}/options`, {
      options: noShaker,
      archiveVariants: true,
      version: current.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().variants).toBe(2);
    const variants = (await api('GET', `/products/${product._id}/variants`)).json() as Variant[];
    expect(variants.filter((v) => v.archived).map((v) => v.values[2])).toEqual(['Shaker', 'Shaker']);
    // Restoring one needs its value back.
    const restore = await api('POST', `/products/${product._id}/variants/restore`, { ids: [variants[0]!._id] });
    expect(restore.statusCode).toBe(409);
  });

  it('gives the demo’s made-to-order cabinet all 288 combinations of its four options', async () => {
    const { rows } = await db.query(
      "SELECT count(*)::int AS n FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.sku = 'MTO-B'",
    );
    expect(rows[0].n).toBe(288);
  });
});
