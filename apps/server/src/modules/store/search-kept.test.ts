import type { StoreCatalog, StoreProducts } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;

const api = (method: string, url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const base = '/public/store/harbor-and-pine-interiors';
const get = async <T>(url: string) => {
  const r = await call(t.app, { method: 'GET', url: `/api/v1${base}${url}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
};

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

/** The kept rows that differ from a recount of the firm's products, both ways: none when they are right. */
async function drift(firmId: string) {
  const combos = await db.query(
    `(SELECT category_key, facet_ids, price_band, on_sale, products FROM store_combos_actual($1)
      EXCEPT SELECT category_key, facet_ids, price_band, on_sale, products FROM store_combos WHERE firm_id = $1 AND products > 0)
     UNION ALL
     (SELECT category_key, facet_ids, price_band, on_sale, products FROM store_combos WHERE firm_id = $1 AND products > 0
      EXCEPT SELECT category_key, facet_ids, price_band, on_sale, products FROM store_combos_actual($1))`,
    [firmId],
  );
  const words = await db.query(
    `(SELECT word, products FROM store_words_actual($1)
      EXCEPT SELECT word, products FROM store_words WHERE firm_id = $1 AND products > 0)
     UNION ALL
     (SELECT word, products FROM store_words WHERE firm_id = $1 AND products > 0
      EXCEPT SELECT word, products FROM store_words_actual($1))`,
    [firmId],
  );
  return { combos: combos.rows, words: words.rows };
}
const wordCount = async (firmId: string, word: string) =>
  (await db.query('SELECT products FROM store_words WHERE firm_id = $1 AND word = $2', [firmId, word])).rows[0]
    ?.products ?? 0;

describe('the store’s kept counts', () => {
  it('match a recount after the demo, and after creating, editing, pricing, drafting, archiving and deleting', async () => {
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });
    expect(await drift(CEDAR_ROW_ID)).toEqual({ combos: [], words: [] });

    const catalog = await get<StoreCatalog>('/catalog');
    const cabinets = catalog.categories.find((c) => c.name === 'Cabinets')!;
    const vanities = cabinets.children.find((c) => c.name === 'Vanities')!;
    const before = await get<StoreProducts>(`/products?category=${vanities._id}&limit=48`);

    const made = await api('POST', '/products', {
      name: 'Xylograph vanity',
      priceCents: 80_000,
      category: vanities._id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    const put = async (body: Record<string, unknown>) => {
      const current = (await api('GET', `/products/${id}`)).json();
      const r = await api('PUT', `/products/${id}`, {
        name: current.name,
        priceCents: current.priceCents,
        category: current.category?._id ?? null,
        status: current.status,
        ...body,
        version: current.version,
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    expect(await wordCount(HARBOR_PINE_ID, 'xylograph')).toBe(1);
    // The unsearched page's total and facets come from the kept counts: the new one is in them.
    const after = await get<StoreProducts>(`/products?category=${vanities._id}&limit=48`);
    expect(after.total).toBe((before.total as number) + 1);

    await put({ name: 'Xylophone vanity' }); // its words change
    expect(await wordCount(HARBOR_PINE_ID, 'xylograph')).toBe(0);
    expect(await wordCount(HARBOR_PINE_ID, 'xylophone')).toBe(1);
    await put({ priceCents: 600_000, compareAtCents: 700_000 }); // another price band, on sale
    const onSale = await get<StoreProducts>(`/products?category=${vanities._id}&sale=yes&min=500000&limit=48`);
    expect(onSale.items.map((p) => p._id)).toContain(id);
    expect(onSale.total).toBe(onSale.items.length);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });

    await put({ status: 'draft' }); // a draft leaves the store's counts and words
    expect(await wordCount(HARBOR_PINE_ID, 'xylophone')).toBe(0);
    expect((await get<StoreProducts>(`/products?category=${vanities._id}&limit=48`)).total).toBe(before.total);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });
    await put({ status: 'active' });
    expect(await wordCount(HARBOR_PINE_ID, 'xylophone')).toBe(1);

    expect((await api('POST', `/products/${id}/archive`)).statusCode).toBe(200);
    expect(await wordCount(HARBOR_PINE_ID, 'xylophone')).toBe(0);
    expect((await get<StoreProducts>(`/products?category=${vanities._id}&limit=48`)).total).toBe(before.total);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });
    expect((await api('POST', `/products/${id}/restore`)).statusCode).toBe(200);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });

    // A variant's filter value changes its product's facets, and so its combination.
    const finish = (await get<StoreProducts>('/products?limit=1')).facets.filters
      .find((f) => f.name === 'Finish')!
      .values.at(-1)!;
    const options = await api('PUT', `/products/${id}/options`, {
      options: [{ name: 'Size', values: ['24', '36'] }],
      version: (await api('GET', `/products/${id}`)).json().version,
    });
    expect(options.statusCode, options.body).toBe(200);
    const variants = await api('POST', `/products/${id}/variants`, { combinations: [['24'], ['36']] });
    expect(variants.statusCode, variants.body).toBe(201);
    const tagged = await api('POST', `/products/${id}/variants/filter-values`, {
      ids: [variants.json()[0]._id],
      add: [finish._id],
      remove: [],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    const withFinish = await get<StoreProducts>(`/products?category=${vanities._id}&facet[]=${finish._id}&limit=48`);
    expect(withFinish.items.map((p) => p._id)).toContain(id);
    expect(withFinish.total).toBe(withFinish.items.length);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });

    const removed = await api('DELETE', `/products/${id}`);
    expect([204, 409]).toContain(removed.statusCode);
    expect(await drift(HARBOR_PINE_ID)).toEqual({ combos: [], words: [] });
  });

  it('give the same total and facets as counting the products themselves', async () => {
    const catalog = await get<StoreCatalog>('/catalog');
    const cabinets = catalog.categories.find((c) => c.name === 'Cabinets')!;
    // Kept (a category) and counted (the same category, with "on sale or not" spelled as a price
    // range that is not whole bands, which the kept counts cannot answer).
    const kept = await get<StoreProducts>(`/products?category=${cabinets._id}&limit=1`);
    const counted = await get<StoreProducts>(`/products?category=${cabinets._id}&min=1&limit=1`);
    const all = await get<StoreProducts>(`/products?category=${cabinets._id}&min=0&limit=1`);
    expect(kept.total).toBe(all.total);
    expect(kept.facets).toEqual(all.facets);
    // Every product has a price of at least a cent here, so the counted page is the same.
    expect(counted.total).toBe(kept.total);
    expect(counted.facets).toEqual(kept.facets);
    expect(kept.total).toBe(cabinets.count);
  });
});

describe('filter values, found from the facet index', () => {
  it('take any of one filter’s values and every filter chosen, and nothing of another firm’s', async () => {
    const page = await get<StoreProducts>('/products?limit=1');
    const finish = page.facets.filters.find((f) => f.name === 'Finish')!;
    const door = page.facets.filters.find((f) => f.name === 'Door style')!;
    const [a, b] = finish.values;
    const all = async (url: string) => {
      const ids: string[] = [];
      let next: string | null = null;
      do {
        const r: StoreProducts = await get<StoreProducts>(`${url}&limit=48${next ? `&cursor=${next}` : ''}`);
        ids.push(...r.items.map((p) => p._id));
        next = r.next;
      } while (next);
      return ids;
    };
    const either = await get<StoreProducts>(`/products?facet[]=${a!._id}&facet[]=${b!._id}`);
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM products
        WHERE firm_id = $1 AND status = 'active' AND archived_at IS NULL AND facet_ids && $2::uuid[]`,
      [HARBOR_PINE_ID, [a!._id, b!._id]],
    );
    expect(either.total).toBe(rows[0].n);
    expect(either.total).toBeGreaterThan(Math.max(a!.count, b!.count));
    expect(await all(`/products?facet[]=${a!._id}&facet[]=${b!._id}`)).toHaveLength(rows[0].n);
    const both = await get<StoreProducts>(`/products?facet[]=${a!._id}&facet[]=${door.values[0]!._id}`);
    const withBoth = await db.query(
      `SELECT count(*)::int AS n FROM products WHERE firm_id = $1 AND status = 'active' AND archived_at IS NULL
          AND facet_ids && ARRAY[$2::uuid] AND facet_ids && ARRAY[$3::uuid]`,
      [HARBOR_PINE_ID, a!._id, door.values[0]!._id],
    );
    expect(both.total).toBe(withBoth.rows[0].n);
    expect(await all(`/products?facet[]=${a!._id}&facet[]=${door.values[0]!._id}`)).toHaveLength(both.total as number);
    const theirs = await db.query('SELECT id FROM filter_values WHERE firm_id = $1 LIMIT 1', [CEDAR_ROW_ID]);
    if (theirs.rows[0]) {
      const none = await get<StoreProducts>(`/products?facet[]=${theirs.rows[0].id}`);
      expect(none.items).toEqual([]);
      expect(none.total).toBe(0);
    }
  });
});

describe('typo correction', () => {
  it('finds "walnutt" as walnut, and "walnutt" among other words', async () => {
    const right = await get<StoreProducts>('/products?q=walnut&limit=48');
    const typo = await get<StoreProducts>('/products?q=walnutt&limit=48');
    expect(right.items.length).toBeGreaterThan(0);
    expect(typo.items.map((p) => p._id)).toEqual(right.items.map((p) => p._id));
    expect(typo.total).toBe(right.total);
    const word = right.items[0]!.name.split(/\s+/).find((w) => w.toLowerCase() !== 'walnut' && /^\p{L}{4,}$/u.test(w))!;
    const both = await get<StoreProducts>(`/products?q=${encodeURIComponent(`${word} walnutt`)}&limit=48`);
    expect(both.items.map((p) => p._id)).toContain(right.items[0]!._id);
    expect(both.items.every((p) => /walnut/i.test(p.name))).toBe(true);
    // Numbers and SKUs are never corrected; nothing close finds nothing.
    expect((await get<StoreProducts>('/products?q=zzqxv')).items).toEqual([]);
  });

  it('corrects against its own firm’s words only, and never a draft’s', async () => {
    const theirs = await api('POST', '/products', { name: 'Zanzibar credenza', priceCents: 90_000 }, cedar);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const draft = await api('POST', '/products', { name: 'Quokkawood sideboard', priceCents: 90_000, status: 'draft' });
    expect(draft.statusCode, draft.body).toBe(201);
    // The other firm's word is in its own list only.
    const { rows } = await db.query("SELECT firm_id FROM store_words WHERE word = 'zanzibar' AND products > 0");
    expect(rows).toEqual([{ firm_id: CEDAR_ROW_ID }]);
    expect(await wordCount(HARBOR_PINE_ID, 'quokkawood')).toBe(0);
    expect((await get<StoreProducts>('/products?q=zanzibr')).items).toEqual([]);
    expect((await get<StoreProducts>('/products?q=quokkawod')).items).toEqual([]);
    // Under row-level security a firm reads its own words only.
    const client = new pg.Client({ connectionString: t.ownerUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE atelier_app');
      await client.query(`SELECT set_config('app.firm_id', $1, true)`, [HARBOR_PINE_ID]);
      const seen = await client.query('SELECT count(*)::int AS n FROM store_words WHERE firm_id <> $1', [
        HARBOR_PINE_ID,
      ]);
      expect(seen.rows[0].n).toBe(0);
      const tids = await client.query(`SELECT cardinality(store_search_tids(ARRAY['%zanzibar%'])) AS n`);
      expect(tids.rows[0].n).toBe(0);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });
});
