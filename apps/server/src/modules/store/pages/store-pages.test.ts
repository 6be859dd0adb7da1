import type { StoreCatalog, StoreProducts } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../../test/helpers';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
let cedar: string;
const slug = 'harbor-and-pine-interiors';

const api = (method: string, url: string, body?: unknown, cookie?: string) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const visit = (path: string) => call(t.app, { method: 'GET', url: `/store/${slug}/${path}` });
const html = async (path: string, status = 200) => {
  const r = await visit(path);
  expect(r.statusCode, r.body.slice(0, 300)).toBe(status);
  expect(r.headers['content-type']).toMatch(/^text\/html/);
  return r.body;
};
const json = async <T>(url: string) => (await api('GET', `/public/store/${slug}${url}`)).json() as T;

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

describe('the store’s pages, drawn by the server', () => {
  it('shows the front page with its categories, its title and shared-link tags, framed only by the app itself', async () => {
    const r = await visit('');
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<title>Harbor &amp; Pine Interiors</title>');
    expect(r.body).toContain(`<meta property="og:url" content="${t.app.deps.config.appUrl}/store/${slug}/">`);
    expect(r.body).toContain('Shop by category');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // The staff app's pages keep refusing every frame.
    const app = await call(t.app, { method: 'GET', url: `/api/v1/public/store/${slug}` });
    expect(app.headers['x-frame-options']).toBe('DENY');
    // Without its last slash, the address is the same page.
    expect((await call(t.app, { method: 'GET', url: `/store/${slug}` })).statusCode).toBe(200);
  });

  it('browses a category, a subcategory and a filter with counts, without a script', async () => {
    const catalog = await json<StoreCatalog>('/catalog');
    const cabinets = catalog.categories.find((c) => c.name === 'Cabinets')!;
    const vanities = cabinets.children.find((c) => c.name === 'Vanities')!;
    const page = await html(`c/${cabinets._id}`);
    expect(page).toContain('<h1>Cabinets</h1>');
    expect(page).toContain(`${cabinets.count} products`);
    expect(page).toContain(`href="/store/${slug}/c/${cabinets._id}/${vanities._id}"`);
    const sub = await html(`c/${cabinets._id}/${vanities._id}`);
    expect(sub).toContain('<h1>Vanities</h1>');
    expect(sub).toContain(`${vanities.count} product`);
    // A subcategory named under a category it is not in is no page.
    const other = catalog.categories.find((c) => c._id !== cabinets._id)!;
    expect((await visit(`c/${other._id}/${vanities._id}`)).statusCode).toBe(404);

    const listed = await json<StoreProducts>(`/products?category=${cabinets._id}`);
    const value = listed.facets.filters[0]!.values[0]!;
    const narrowed = await html(`c/${cabinets._id}?facet=${value._id}&sort=-price`);
    expect(narrowed).toContain(`value="${value._id}" checked`);
    expect(narrowed).toContain(`${value.count} product`);
    expect(narrowed).toContain('<meta name="robots" content="noindex,follow">');
  });

  it('searches with typos forgiven, shows a search term as text, and says a bad price next to its field', async () => {
    const typo = await html('search?q=walnutt');
    expect(typo).toContain('Results for “walnutt”');
    expect(typo).toMatch(/class="name">[^<]*Walnut/);
    const hostile = await html(`search?q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const bad = await html('search?from=abc&to=5');
    expect(bad).toContain('<div class="error" id="from-error">');
    expect(bad).toContain('value="abc"');
  });

  it('opens a product page: choosing a variant changes its price and availability, and the calculator prices a measure', async () => {
    const [plank] = (await json<StoreProducts>('/products?q=porcelain plank')).items;
    const page = await html(`p/${plank!._id}`);
    expect(page).toContain(`<meta property="og:type" content="product">`);
    expect(page).toContain('"@type":"Product"');
    expect(page).toContain(`<h1>${plank!.name}</h1>`);
    // Its description is the firm's sanitised rich text, drawn as such.
    expect(page).toMatch(/<div class="text"><p>Porcelain plank/);

    const [withVariants] = (
      await db.query(
        `SELECT p.id, p.options FROM products p WHERE p.firm_id = $1 AND p.status = 'active' AND p.archived_at IS NULL
           AND (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id AND v.archived_at IS NULL) > 1 LIMIT 1`,
        [HARBOR_PINE_ID],
      )
    ).rows;
    if (withVariants) {
      const { rows: variants } = await db.query(
        'SELECT id, values, price_cents FROM product_variants WHERE product_id = $1 AND archived_at IS NULL ORDER BY position',
        [withVariants.id],
      );
      const second = variants[1]!;
      const chosen = await html(`p/${withVariants.id}?variant=${second.id}`);
      expect(chosen).toMatch(new RegExp(`href="[^"]*variant=${second.id}" aria-current="true"`));
    }

    const measured = await db.query(
      `SELECT id, price_cents FROM products WHERE firm_id = $1 AND pricing_mode = 'area' AND status = 'active' AND archived_at IS NULL LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    const area = measured.rows[0];
    if (area) {
      const priced = await html(`p/${area.id}?width=24&length=36`);
      expect(priced).toContain('24 × 36 in = 6 sq ft');
      const wrong = await html(`p/${area.id}?width=-3&length=36`);
      expect(wrong).toContain('Enter a number above 0.');
    }
  });

  it('shows no draft, and nothing of another firm, as the store’s own 404 page', async () => {
    const draft = await api(
      'POST',
      '/products',
      { name: 'Unreleased vanity', status: 'draft', priceCents: 100 },
      owner,
    );
    const theirs = await api('POST', '/products', { name: 'Cedar only hood', priceCents: 100 }, cedar);
    for (const id of [draft.json()._id, theirs.json()._id, 'not-an-id']) {
      const body = await html(`p/${id}`, 404);
      expect(body).toContain('This product is not in the store.');
    }
    expect((await call(t.app, { method: 'GET', url: '/store/cedar-row-kitchens/' })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/store/no-such-store/' })).statusCode).toBe(404);
  });

  it('moves an old address to the current one, keeping the rest of the link', async () => {
    expect((await api('PUT', '/settings/firmSettings', { slug: 'harbor-pine-moved' }, owner)).statusCode).toBe(200);
    try {
      const r = await visit('search?q=oak');
      expect([r.statusCode, r.headers.location]).toEqual([301, '/store/harbor-pine-moved/search?q=oak']);
    } finally {
      await api('PUT', '/settings/firmSettings', { slug }, owner);
    }
  });

  it('lists the store’s pages and shown products in its sitemap, and no draft', async () => {
    const r = await call(t.app, { method: 'GET', url: `/store/${slug}/sitemap.xml` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    const { rows } = await db.query(`SELECT id, status FROM products WHERE firm_id = $1 AND archived_at IS NULL`, [
      HARBOR_PINE_ID,
    ]);
    for (const p of rows) expect(r.body.includes(`/p/${p.id}<`), p.id).toBe(p.status === 'active');
  });
});
