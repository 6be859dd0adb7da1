import type { PublicStore, Settings, StoreCatalog, StoreProduct, StoreProducts } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;

const api = (method: string, url: string, body?: unknown, cookie?: string) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const store = async (slug: string) => {
  const r = await api('GET', `/public/store/${slug}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as PublicStore;
};
const settings = async (cookie: string) => (await api('GET', '/settings/', undefined, cookie)).json() as Settings;

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

describe("a firm's public address", () => {
  it('is made from its name when the firm is made, and opens its store without signing in', async () => {
    expect((await settings(owner)).firmSettings.slug).toBe('harbor-and-pine-interiors');
    expect((await settings(cedar)).firmSettings.slug).toBe('cedar-row-kitchens');
    expect(await store('harbor-and-pine-interiors')).toEqual({
      slug: 'harbor-and-pine-interiors',
      name: 'Harbor & Pine Interiors',
      logoUrl: null,
      banner: '',
      currency: 'USD',
      showsPrices: true,
    });
    // Addresses are case-blind.
    expect((await store('Harbor-And-Pine-Interiors')).slug).toBe('harbor-and-pine-interiors');
  });

  it('changes, and the old address keeps leading to the firm; no other firm can take it', async () => {
    const changed = await api('PUT', '/settings/firmSettings', { slug: 'Harbor-Pine' }, owner);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().slug).toBe('harbor-pine');
    // The old address answers with the new one, for the page to move to.
    expect((await store('harbor-and-pine-interiors')).slug).toBe('harbor-pine');
    expect((await store('harbor-pine')).slug).toBe('harbor-pine');

    const taken = await api('PUT', '/settings/firmSettings', { slug: 'harbor-and-pine-interiors' }, cedar);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ slug: 'That address is taken: choose another.' });
    expect((await settings(cedar)).firmSettings.slug).toBe('cedar-row-kitchens');

    // Going back to an address it had is the firm's right.
    const back = await api('PUT', '/settings/firmSettings', { slug: 'harbor-and-pine-interiors' }, owner);
    expect(back.statusCode, back.body).toBe(200);
    expect((await store('harbor-pine')).slug).toBe('harbor-and-pine-interiors');
    const { rows } = await db.query('SELECT slug, current FROM firm_slugs WHERE firm_id = $1 ORDER BY slug', [
      HARBOR_PINE_ID,
    ]);
    expect(rows).toEqual([
      { slug: 'harbor-and-pine-interiors', current: true },
      { slug: 'harbor-pine', current: false },
    ]);
  });

  it('refuses an address that is malformed, reserved or removed, and changes nothing', async () => {
    for (const [slug, message] of [
      ['a b!', 'Use letters, digits and single hyphens, starting and ending with a letter or digit.'],
      ['-harbor', 'Use letters, digits and single hyphens, starting and ending with a letter or digit.'],
      ['hp', 'Use at least 3 characters.'],
      ['store', 'That address is reserved: choose another.'],
    ] as const) {
      const r = await api('PUT', '/settings/firmSettings', { slug }, owner);
      expect(r.statusCode, slug).toBe(400);
      expect(errorOf(r).fields?.slug, slug).toBe(message);
    }
    const removed = await api('PUT', '/settings/firmSettings', { slug: null }, owner);
    expect(removed.statusCode).toBe(400);
    expect(errorOf(removed).fields).toEqual({ slug: 'Change the address rather than remove it.' });
    expect((await settings(owner)).firmSettings.slug).toBe('harbor-and-pine-interiors');
  });
});

describe('GET /public/store/{slug}', () => {
  it('shows the store’s own name and banner, and hides prices when they are for customers signed in', async () => {
    const saved = await api(
      'PUT',
      '/settings/storeSettings',
      { name: 'Harbor & Pine Showroom', banner: 'Open Saturdays 10–4', prices: 'signed_in' },
      owner,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await store('harbor-and-pine-interiors')).toMatchObject({
      name: 'Harbor & Pine Showroom',
      banner: 'Open Saturdays 10–4',
      showsPrices: false,
    });
    await api('PUT', '/settings/storeSettings', { name: '', banner: '', prices: 'everyone' }, owner);
  });

  it('answers a plain 404 for an address no firm has, and for a firm whose store module is off', async () => {
    for (const slug of ['no-such-firm', 'x'.repeat(61), '%3Cscript%3E']) {
      const r = await api('GET', `/public/store/${slug}`);
      expect(r.statusCode, slug).toBe(404);
      expect(errorOf(r).message).toBe('There is no store at this address. Check the link, or ask the firm for theirs.');
    }
    await db.query("UPDATE firms SET features = array_remove(features, 'product_store') WHERE id = $1", [
      HARBOR_PINE_ID,
    ]);
    try {
      expect((await api('GET', '/public/store/harbor-and-pine-interiors')).statusCode).toBe(404);
    } finally {
      await db.query("UPDATE firms SET features = array_append(features, 'product_store') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
    }
  });

  it('serves the firm’s own logo, and nothing when it has none', async () => {
    expect((await api('GET', '/public/store/harbor-and-pine-interiors/logo')).statusCode).toBe(404);
  });
});

describe('the store’s catalog, as a visitor sees it', () => {
  const base = '/public/store/harbor-and-pine-interiors';
  const get = async <T>(url: string) => {
    const r = await api('GET', `${base}${url}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };

  it('shows active products only: a draft is in no count, no list, no search and has no page', async () => {
    const catalog = await get<StoreCatalog>('/catalog');
    const cabinets = catalog.categories.find((c) => c.name === 'Cabinets')!;
    const vanities = cabinets.children.find((c) => c.name === 'Vanities')!;
    expect(cabinets.count).toBe(cabinets.children.reduce((s, c) => s + c.count, 0));
    const draft = await api(
      'POST',
      '/products',
      {
        name: 'Secret prototype vanity',
        status: 'draft',
        priceCents: 99_900,
        costCents: 41_000,
        category: vanities._id,
      },
      owner,
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const after = await get<StoreCatalog>('/catalog');
    expect(after.categories.find((c) => c.name === 'Cabinets')!.count).toBe(cabinets.count);
    const listed = await get<StoreProducts>(`/products?category=${vanities._id}&limit=48`);
    expect(listed.total).toBe(vanities.count);
    expect(listed.items.map((p) => p.name)).not.toContain('Secret prototype vanity');
    expect((await get<StoreProducts>('/products?q=prototype')).items).toEqual([]);
    expect((await api('GET', `${base}/products/${draft.json()._id}`)).statusCode).toBe(404);
  });

  it('browses a category with its subcategories, forgives a typo, narrows by facet and price, and never says cost', async () => {
    const catalog = await get<StoreCatalog>('/catalog');
    const cabinets = catalog.categories.find((c) => c.name === 'Cabinets')!;
    const page = await get<StoreProducts>(`/products?category=${cabinets._id}&limit=5`);
    expect(page.total).toBe(cabinets.count);
    expect(page.items).toHaveLength(5);
    expect(page.facets.categories.map((c) => c.name)).toEqual(cabinets.children.map((c) => c.name));
    // The next page follows on.
    const next = await get<StoreProducts>(`/products?category=${cabinets._id}&limit=5&cursor=${page.next}`);
    expect(next.items[0]!.name >= page.items[4]!.name).toBe(true);

    const typo = await get<StoreProducts>('/products?q=walnutt');
    expect(typo.items.length).toBeGreaterThan(0);
    expect(typo.items.every((p) => /walnut/i.test(p.name))).toBe(true);

    const style = page.facets.filters.find((f) => f.name === 'Door style')!.values.find((v) => v.name === 'Shaker')!;
    const shaker = await get<StoreProducts>(`/products?category=${cabinets._id}&facet[]=${style._id}&limit=48`);
    expect(shaker.total).toBe(style.count);
    const cheap = await get<StoreProducts>(`/products?max=20000&sort=-price&limit=48`);
    expect(cheap.items.every((p) => p.priceCents! <= 20_000)).toBe(true);
    expect(cheap.items.map((p) => p.priceCents)).toEqual(
      [...cheap.items.map((p) => p.priceCents)].sort((a, b) => b! - a!),
    );
    expect(JSON.stringify([page, shaker, cheap])).not.toMatch(/cost/i);
  });

  it('opens a product page with its variants and details, and hides prices when they are for customers', async () => {
    const [first] = (await get<StoreProducts>('/products?q=porcelain plank')).items;
    const product = await get<StoreProduct>(`/products/${first!._id}`);
    expect(product).toMatchObject({ _id: first!._id, name: first!.name, priceCents: first!.priceCents });
    expect(product.details.length).toBeGreaterThan(0);
    expect(JSON.stringify(product)).not.toMatch(/cost/i);
    await api('PUT', '/settings/storeSettings', { prices: 'signed_in' }, owner);
    try {
      const hidden = await get<StoreProduct>(`/products/${first!._id}`);
      expect(hidden.priceCents).toBeNull();
      expect(hidden.variants.every((v) => v.priceCents === null)).toBe(true);
      expect((await get<StoreProducts>('/products?limit=3')).items.every((p) => p.priceCents === null)).toBe(true);
    } finally {
      await api('PUT', '/settings/storeSettings', { prices: 'everyone' }, owner);
    }
  });

  it('refuses a bad query per field, and shows nothing of another firm', async () => {
    const bad = await api('GET', `${base}/products?sort=cost&facet[]=nope&q=${'x'.repeat(101)}`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {}).sort()).toEqual(['facet.0', 'q', 'sort']);
    const range = await api('GET', `${base}/products?min=500&max=100`);
    expect(range.statusCode).toBe(400);
    expect(errorOf(range).fields).toEqual({ max: 'The highest price cannot be below the lowest.' });
    const theirs = await api('POST', '/products', { name: 'Cedar Row range hood', priceCents: 120_000 }, cedar);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await api('GET', `${base}/products/${theirs.json()._id}`)).statusCode).toBe(404);
    expect((await api('GET', `${base}/products?q=range hood`)).json().items).toEqual([]);
    const image = await db.query('SELECT file_id FROM product_images WHERE firm_id <> $1 LIMIT 1', [HARBOR_PINE_ID]);
    const someFile = image.rows[0]?.file_id ?? '00000000-0000-4000-8000-000000000000';
    expect((await api('GET', `${base}/images/${someFile}`)).statusCode).toBe(404);
  });
});

describe('browsing limits', () => {
  it('slows one address that reads too many pages a minute, and no one else', async () => {
    const from = (ip: string) =>
      call(t.app, { method: 'GET', url: '/api/v1/public/store/harbor-and-pine-interiors', ip });
    const { pagesPerMinute } = t.app.deps.config.storeThrottle;
    for (let i = 0; i < pagesPerMinute; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});
