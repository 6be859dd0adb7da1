import type { FacetCounts, Filter, Product, Variant } from '@atelier/contracts';
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
async function made<T>(r: Awaited<ReturnType<typeof api>>, status = 201): Promise<T> {
  expect(r.statusCode, r.body).toBe(status);
  return (r.body ? r.json() : undefined) as T;
}
const value = (f: Filter, name: string) => f.values.find((v) => v.name === name)!._id;
const ids = (page: { items: { _id: string }[] }) => page.items.map((p) => p._id).sort();
const listed = async (query: string) =>
  await made<{ items: { _id: string }[] }>(await api('GET', `/products?${query}`), 200);

/** Every kept count equals a recount of the products (the drift check). */
async function expectCountsRight() {
  const firms = (await db.query<{ id: string }>('SELECT id FROM firms')).rows;
  for (const { id } of firms) {
    const drift = await db.query(
      `SELECT * FROM catalog_counts_actual($1) a FULL JOIN (SELECT key, products FROM catalog_counts WHERE firm_id = $1) k
         USING (key) WHERE COALESCE(a.products, 0) <> COALESCE(k.products, 0)`,
      [id],
    );
    expect(drift.rows).toEqual([]);
    // Zero rows stay until their values go; they count for nothing.
    const comboDrift = await db.query(
      `SELECT * FROM catalog_combos_actual($1) a
         FULL JOIN (SELECT category_key, facet_ids, price_band, on_sale, products FROM catalog_combos
                     WHERE firm_id = $1 AND products <> 0) k
           USING (category_key, facet_ids, price_band, on_sale)
        WHERE COALESCE(a.products, 0) <> COALESCE(k.products, 0)`,
      [id],
    );
    expect(comboDrift.rows).toEqual([]);
  }
}

describe('filters (facets)', () => {
  let finish: Filter;
  let door: Filter;
  beforeAll(async () => {
    finish = await made(
      await api('POST', '/filters', { name: 'Test finish', values: [{ name: 'Walnut' }, { name: 'Oak' }] }),
    );
    door = await made(
      await api('POST', '/filters', { name: 'Test door', values: [{ name: 'Shaker' }, { name: 'Slab' }] }),
    );
  });

  it('keeps values in the order given, renames in place, and refuses a name another filter has', async () => {
    const walnut = value(finish, 'Walnut');
    const reordered = await made<Filter>(
      await api('PUT', `/filters/${finish._id}`, {
        name: 'Test finish',
        values: [{ _id: value(finish, 'Oak'), name: 'White oak' }, { _id: walnut, name: 'Walnut' }, { name: 'Maple' }],
        version: finish.version,
      }),
      200,
    );
    expect(reordered.values.map((v) => v.name)).toEqual(['White oak', 'Walnut', 'Maple']);
    expect(value(reordered, 'Walnut')).toBe(walnut);
    finish = reordered;
    const clash = await api('POST', '/filters', { name: 'test FINISH' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.fields.name).toBe('Another filter is called test FINISH.');
    // Another firm's value ids are not this filter's.
    const other = await made<Filter>(
      await api('POST', '/filters', { name: 'Cedar finish', values: [{ name: 'Teak' }] }, cedar),
    );
    const stolen = await api('PUT', `/filters/${finish._id}`, {
      name: 'Test finish',
      values: [{ _id: other.values[0]!._id, name: 'Teak' }],
      version: finish.version,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields.values).toBe('Not a value of this filter.');
  });

  it('counts products per value and category as they are written, archived or deleted, and filters the list by facets', async () => {
    const walnut = value(finish, 'Walnut');
    const oak = value(finish, 'White oak');
    const shaker = value(door, 'Shaker');
    const [category] = (await made<{ _id: string }[]>(await api('GET', '/categories'), 200)).slice(-1);
    const a = await made<Product>(
      await api('POST', '/products', {
        name: 'Facet A',
        priceCents: 5_000,
        filterValues: [walnut, shaker],
        category: category!._id,
      }),
    );
    const b = await made<Product>(
      await api('POST', '/products', { name: 'Facet B', priceCents: 20_000, filterValues: [oak] }),
    );
    const c = await made<Product>(
      await api('POST', '/products', { name: 'Facet C', priceCents: 90_000, filterValues: [walnut] }),
    );
    expect(a.filterValues.map((v) => `${v.filter}: ${v.name}`)).toEqual(['Test door: Shaker', 'Test finish: Walnut']);

    const counts = await made<FacetCounts>(await api('GET', '/products/facets'), 200);
    const of = (id: string) => counts.values.find((v) => v._id === id)?.products ?? 0;
    expect([of(walnut), of(oak), of(shaker)]).toEqual([2, 1, 1]);
    expect((await made<Filter>(await api('GET', `/filters/${finish._id}`), 200)).values.map((v) => v.products)).toEqual(
      [1, 2, 0],
    );

    // Values of one filter are alternatives; filters add up.
    expect(ids(await listed(`filter[facet][]=${walnut}&filter[facet][]=${oak}`))).toEqual([a._id, b._id, c._id].sort());
    expect(ids(await listed(`filter[facet][]=${walnut}&filter[facet][]=${shaker}`))).toEqual([a._id]);
    // Counts under a filter count the matching products only.
    const under = await made<FacetCounts>(await api('GET', `/products/facets?filter[facet][]=${shaker}`), 200);
    expect(under.values.find((v) => v._id === walnut)?.products).toBe(1);
    expect(under.categories).toEqual([{ _id: category!._id, products: 1 }]);
    // Under facets and categories the kept combinations are added up; they agree with counting
    // the products (a price range holding every product sends the question down that path).
    const sorted = (f: FacetCounts) => [...f.categories, ...f.values].map((c) => `${c._id}:${c.products}`).sort();
    const facetsUnder = async (query: string) =>
      sorted(await made<FacetCounts>(await api('GET', `/products/facets?filter[facet][]=${walnut}${query}`), 200));
    expect(await facetsUnder('')).toEqual(await facetsUnder('&filter[price][]=0:'));
    const shakerIn = `&filter[facet][]=${shaker}&filter[category][]=${category!._id}`;
    expect(await facetsUnder(shakerIn)).toEqual(await facetsUnder(`${shakerIn}&filter[price][]=0:`));
    expect(await facetsUnder(shakerIn)).toContain(`${walnut}:1`);
    // Price bands and "on sale" are kept too; they agree with ranges that are not bands (counted).
    const band = await facetsUnder('&filter[price][]=50000:99999');
    expect(band).toEqual(await facetsUnder('&filter[price][]=50000:99998'));
    expect(band).toEqual([`${walnut}:1`]);
    const cheap = await facetsUnder('&filter[price][]=:9999');
    expect(cheap).toEqual(await facetsUnder('&filter[price][]=0:9998'));
    expect(cheap).toContain(`${shaker}:1`);
    expect(await facetsUnder('&filter[sale][]=yes')).toEqual([]);
    expect(await facetsUnder('&filter[sale][]=yes&filter[price][]=1:')).toEqual([]);
    expect(await facetsUnder('')).toContain(`${walnut}:2`);
    // Price ranges, in cents, either end open.
    expect(ids(await listed(`filter[facet][]=${walnut}&filter[price][]=10000:`))).toEqual([c._id]);
    expect(
      ids(
        await listed(
          `filter[facet][]=${walnut}&filter[facet][]=${oak}&filter[price][]=:10000&filter[price][]=80000:100000`,
        ),
      ),
    ).toEqual([a._id, c._id].sort());
    const bad = await api('GET', '/products?filter[price][]=cheap');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['filter.price']).toBe('Send ranges as min:max in cents.');

    // Marked down into another band, A moves with its price.
    const repriced = await api('PUT', `/products/${a._id}`, {
      name: a.name,
      priceCents: 60_000,
      compareAtCents: 70_000,
      filterValues: [walnut, shaker],
      category: category!._id,
      version: a.version,
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await facetsUnder('&filter[sale][]=yes')).toEqual(
      await facetsUnder('&filter[sale][]=yes&filter[price][]=1:'),
    );
    expect(await facetsUnder('&filter[price][]=50000:99999')).toContain(`${walnut}:2`);
    await expectCountsRight();
    // Archived products leave the counts; restored ones come back; deleted ones leave for good.
    await made(await api('POST', '/products/bulk', { action: 'archive', ids: [c._id] }), 200);
    expect(
      (await made<FacetCounts>(await api('GET', '/products/facets'), 200)).values.find((v) => v._id === walnut)
        ?.products,
    ).toBe(1);
    expect(await facetsUnder('')).toContain(`${walnut}:1`);
    await made(await api('DELETE', `/products/${b._id}`), 204);
    await expectCountsRight();
  });

  it('takes a variant’s filter values into its product’s facets', async () => {
    const maple = value(finish, 'Maple');
    const p = await made<Product>(await api('POST', '/products', { name: 'Facet cabinet', priceCents: 100 }));
    await made(
      await api('PUT', `/products/${p._id}/options`, {
        options: [{ name: 'Width', values: ['12', '15'] }],
        version: p.version,
      }),
      200,
    );
    const variants = await made<Variant[]>(
      await api('POST', `/products/${p._id}/variants`, { combinations: [['12'], ['15']] }),
    );
    const set = await made<Variant[]>(
      await api('POST', `/products/${p._id}/variants/filter-values`, { ids: [variants[0]!._id], add: [maple] }),
      200,
    );
    expect(set.find((v) => v._id === variants[0]!._id)!.filterValues).toEqual([maple]);
    expect(ids(await listed(`filter[facet][]=${maple}`))).toEqual([p._id]);
    // Archiving the only variant with it takes it off the product's facets.
    await made(await api('POST', `/products/${p._id}/variants/archive`, { ids: [variants[0]!._id] }), 200);
    expect(ids(await listed(`filter[facet][]=${maple}`))).toEqual([]);
    // Another firm's value is not one to pick.
    const other = (await made<Filter[]>(await api('GET', '/filters', undefined, cedar), 200))[0]!;
    const stolen = await api('POST', `/products/${p._id}/variants/filter-values`, {
      ids: [variants[1]!._id],
      add: [other.values[0]!._id],
    });
    expect(stolen.statusCode).toBe(400);
    const onProduct = await api('POST', '/products', {
      name: 'Sneaky',
      priceCents: 1,
      filterValues: [other.values[0]!._id],
    });
    expect(onProduct.statusCode).toBe(400);
    expect(onProduct.json().error.fields.filterValues).toBe('Choose filter values from the list.');
    await expectCountsRight();
  });

  it('removes a value products carry only when asked, taking it off them', async () => {
    const fresh = await made<Filter>(await api('GET', `/filters/${finish._id}`), 200);
    const walnut = value(fresh, 'Walnut');
    const keep = fresh.values.filter((v) => v._id !== walnut).map((v) => ({ _id: v._id, name: v.name }));
    const refused = await api('PUT', `/filters/${finish._id}`, {
      name: fresh.name,
      values: keep,
      version: fresh.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Walnut is on 2 products. Confirm to take it off.');
    expect((await made<Filter>(await api('GET', `/filters/${finish._id}`), 200)).values).toHaveLength(3);
    await made(
      await api('PUT', `/filters/${finish._id}`, {
        name: fresh.name,
        values: keep,
        removeUsed: true,
        version: fresh.version,
      }),
      200,
    );
    expect(ids(await listed(`filter[facet][]=${walnut}&filter[status][]=active&filter[status][]=archived`))).toEqual(
      [],
    );
    const deleting = await api('DELETE', `/filters/${door._id}`);
    expect(deleting.statusCode).toBe(409);
    await made(await api('DELETE', `/filters/${door._id}?removeUsed=true`), 204);
    await expectCountsRight();
  });
});
