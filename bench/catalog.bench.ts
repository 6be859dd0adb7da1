// The catalog at scale (issue 15): 1,000,000 products and 3,000,000 variants in one firm, each
// with its SKU in the firm's registry, then p95 latency through the API of the list's first page,
// a page 100,000 rows deep (the ratio deep ÷ first), name and SKU substring searches, a category
// filter (subcategories included), facet counts (kept; under a category, a facet or two facets,
// from the kept combinations; under a search or a price band, counted), lists by one and two
// facets, and a product with 500 variants (its record and its grid).
// The rows are made inside PostgreSQL (INSERT … SELECT over generate_series), which loads as fast
// as COPY without sending them over the wire; secondary indexes are built after the load.

import pg from 'pg';
import { loadCatalog } from './lib/catalog';
import { compareLatency } from './lib/latency';
import { keepIfAsked, startBenchServer } from './lib/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const VARIANTS_PER_PRODUCT = 3;

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const harbor = (await owner.query<{ id: string }>("SELECT id FROM firms WHERE name = 'Harbor & Pine Interiors'"))
  .rows[0]!.id;
const count = async (table: string) =>
  Number((await owner.query(`SELECT count(*) FROM ${table} WHERE firm_id = $1`, [harbor])).rows[0].count);

const started = Date.now();
const { finishes, doors } = await loadCatalog(owner, harbor, PRODUCTS);
console.log(
  `\nLoaded ${await count('products')} products, ${await count('product_variants')} variants and ` +
    `${await count('skus')} SKUs in ${((Date.now() - started) / 1000).toFixed(0)} s (indexes built after the load).`,
);

// A product with 500 variants: 500 values of one option.
const values = Array.from({ length: 500 }, (_, i) => `W${i + 1}`);
const big = (
  await owner.query<{ id: string }>(
    `INSERT INTO products (firm_id, sku, name, unit, price_cents, tax_class, search_text, options)
     VALUES ($1, 'BN-500', 'Five hundred widths', 'each', 10000, 'Standard', 'five hundred widths bn-500',
             jsonb_build_array(jsonb_build_object('name', 'Width', 'values', to_jsonb($2::text[]))))
     RETURNING id`,
    [harbor, values],
  )
).rows[0]!.id;
await owner.query(
  `INSERT INTO product_variants (firm_id, product_id, values, combo_key, sku, position)
     SELECT $1, $2, ARRAY[v], lower(v), 'BN-500-' || v, p FROM unnest($3::text[]) WITH ORDINALITY AS x(v, p)`,
  [harbor, big, values],
);

const DEPTH = Math.min(100_000, Math.floor(PRODUCTS / 2));
// A cursor 100,000 rows down the name order, as the Next button would carry it after 2,000 pages.
const deep = (
  await owner.query<{ v: string; id: string }>(
    `SELECT name_key AS v, id FROM products WHERE firm_id = $1 AND archived_at IS NULL
      ORDER BY name_key, id OFFSET $2 LIMIT 1`,
    [harbor, DEPTH],
  )
).rows[0]!;
const cursor = Buffer.from(JSON.stringify([deep.v, deep.id, 'name'])).toString('base64url');
const cabinets = (await owner.query<{ id: string }>("SELECT id FROM categories WHERE name = 'Cabinets'")).rows[0]!.id;
const walnut = finishes[1]!;

const cookie = await server.signIn();
await compareLatency({
  server,
  cookie,
  firmId: harbor,
  cases: [
    ['first page', '/api/v1/products?limit=50'],
    [`page ${DEPTH.toLocaleString('en-US')} rows deep`, `/api/v1/products?limit=50&cursor=${cursor}`],
    ['q = name substring (walnut pantry)', '/api/v1/products?limit=50&q=walnut%20pantry'],
    ['q = SKU substring (bn-4242)', '/api/v1/products?limit=50&q=bn-4242'],
    ['category Cabinets, subcategories included', `/api/v1/products?limit=50&filter[category][]=${cabinets}`],
    ['facet counts, unfiltered (kept)', '/api/v1/products/facets'],
    ['facet counts under the Cabinets category', `/api/v1/products/facets?filter[category][]=${cabinets}`],
    ['facet counts under a facet (Walnut)', `/api/v1/products/facets?filter[facet][]=${walnut}`],
    [
      'facet counts under two facets (Walnut, Shaker)',
      `/api/v1/products/facets?filter[facet][]=${walnut}&filter[facet][]=${doors[0]}`,
    ],
    ['facet counts under a search (walnut pantry)', '/api/v1/products/facets?q=walnut%20pantry'],
    ['facet counts under a price band ($100 to $500)', '/api/v1/products/facets?filter[price][]=10000:49999'],
    ['list by a facet (Walnut)', `/api/v1/products?limit=50&filter[facet][]=${walnut}`],
    [
      'list by two facets (Walnut, Shaker)',
      `/api/v1/products?limit=50&filter[facet][]=${walnut}&filter[facet][]=${doors[0]}`,
    ],
    ['a product with 500 variants', `/api/v1/products/${big}`],
    ['its 500 variants (the grid)', `/api/v1/products/${big}/variants`],
  ],
  pick: (s) => s.text.includes('"products"') || s.text.includes('"product_variants"'),
  describe: (body) => {
    if (Array.isArray(body)) return `${body.length} variants`;
    const page = body as { items?: unknown[]; total?: number | string; name?: string; values?: unknown[] };
    if (page.values) return `${page.values.length} values`;
    return page.items ? `${page.items.length} rows, total ${page.total}` : `${page.name}`;
  },
  title: `${PRODUCTS.toLocaleString('en-US')} products, ${(PRODUCTS * VARIANTS_PER_PRODUCT).toLocaleString('en-US')} variants in the firm`,
});

await keepIfAsked(server.ownerUrl);
await owner.end();
await server.stop();
