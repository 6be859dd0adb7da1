// The catalog at scale (issue 15): 1,000,000 products and 3,000,000 variants in one firm, each
// with its SKU in the firm's registry, then p95 latency through the API of the list's first page,
// a page 100,000 rows deep (the ratio deep ÷ first), name and SKU substring searches, a category
// filter (subcategories included), facet counts (kept; under a category, a facet or two facets,
// from the kept combinations; under a search or a price band, counted), lists by one and two
// facets, and a product with 500 variants (its record and its grid).
// The rows are made inside PostgreSQL (INSERT … SELECT over generate_series), which loads as fast
// as COPY without sending them over the wire; secondary indexes are built after the load.

import pg from 'pg';
import { withIndexesRebuilt } from './lib/customers';
import { compareLatency } from './lib/latency';
import { keepIfAsked, recountCatalog, startBenchServer } from './lib/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const VARIANTS_PER_PRODUCT = 3;
const BATCH = 100_000;

const WORDS = `Shaker Slab Inset Walnut Oak Maple Cherry Birch Ash Quartz Granite Marble Brass Nickel Chrome
  Bronze Matte Gloss Linen Sage Navy Ivory Charcoal Harbor Coastal Rustic Modern Classic`.split(/\s+/);
const THINGS = `cabinet drawer vanity pantry shelf countertop tile pull knob hinge slide pendant sconce faucet
  sink panel door trim moulding bracket`.split(/\s+/);

const server = await startBenchServer();
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const harbor = (await owner.query<{ id: string }>("SELECT id FROM firms WHERE name = 'Harbor & Pine Interiors'"))
  .rows[0]!.id;
const count = async (table: string) =>
  Number((await owner.query(`SELECT count(*) FROM ${table} WHERE firm_id = $1`, [harbor])).rows[0].count);

const started = Date.now();
// The demo's categories: each generated product goes in one of its subcategories.
const leaves = (
  await owner.query<{ id: string }>(
    'SELECT id FROM categories WHERE firm_id = $1 AND parent_id IS NOT NULL ORDER BY id',
    [harbor],
  )
).rows.map((r) => r.id);
// The demo's Finish and Door style values: each generated product carries one of each.
const valuesOf = async (filter: string) =>
  (
    await owner.query<{ id: string }>(
      `SELECT fv.id FROM filter_values fv JOIN filters f ON f.id = fv.filter_id
        WHERE f.firm_id = $1 AND f.name = $2 ORDER BY fv.position`,
      [harbor, filter],
    )
  ).rows.map((r) => r.id);
const finishes = await valuesOf('Finish');
const doors = await valuesOf('Door style');
// The counts' and facets' triggers are off for the bulk load; the counts are written once at its end.
await owner.query('ALTER TABLE products DISABLE TRIGGER USER');
await owner.query('ALTER TABLE product_variants DISABLE TRIGGER USER');
await withIndexesRebuilt(owner, 'products', () =>
  withIndexesRebuilt(owner, 'product_variants', () =>
    withIndexesRebuilt(owner, 'skus', async () => {
      for (let have = await count('products'); have < PRODUCTS; have = await count('products')) {
        const n = Math.min(BATCH, PRODUCTS - have);
        await owner.query(
          `WITH made AS (
             INSERT INTO products (firm_id, sku, name, unit, price_cents, cost_hc, tax_class, category_id, tags,
                                   search_text, options, filter_value_ids, facet_ids)
             SELECT $1, sku, name, 'each', 1000 + (i * 37) % 200000, (1000 + (i * 37) % 200000) * 50, 'Standard',
                    ($4::uuid[])[1 + i % array_length($4::uuid[], 1)], ARRAY[($3::text[])[1 + i % array_length($3::text[], 1)]],
                    lower(name || ' ' || sku), '[{"name":"Finish","values":["A","B","C"]}]'::jsonb, facets, facets
               FROM (SELECT i, 'BN-' || i AS sku,
                            ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' ||
                            ($2::text[])[1 + (i / 29) % array_length($2::text[], 1)] || ' ' ||
                            ($3::text[])[1 + (i / 7) % array_length($3::text[], 1)] || ' ' || i AS name,
                            ARRAY[($7::uuid[])[1 + (i / 3) % array_length($7::uuid[], 1)],
                                  ($8::uuid[])[1 + (i / 11) % array_length($8::uuid[], 1)]] AS facets
                       FROM generate_series($5::int, $5::int + $6::int - 1) AS i) g
             RETURNING id, sku)
           , registered AS (INSERT INTO skus (firm_id, sku, product_id) SELECT $1, sku, id FROM made)
           , variants AS (
             INSERT INTO product_variants (firm_id, product_id, values, combo_key, sku, position)
             SELECT $1, made.id, ARRAY[v], lower(v), made.sku || '-' || v, p
               FROM made, unnest(ARRAY['A', 'B', 'C']) WITH ORDINALITY AS x(v, p)
             RETURNING id, sku)
           INSERT INTO skus (firm_id, sku, variant_id) SELECT $1, sku, id FROM variants`,
          [harbor, WORDS, THINGS, leaves, have, n, finishes, doors],
        );
        process.stdout.write(`\r${have + n} products`);
      }
    }),
  ),
);
await owner.query('ALTER TABLE products ENABLE TRIGGER USER');
await owner.query('ALTER TABLE product_variants ENABLE TRIGGER USER');
await recountCatalog(owner, harbor);
// As autovacuum would after a load: index-only scans (facet counts) need the visibility map.
await owner.query('VACUUM ANALYZE products');
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
