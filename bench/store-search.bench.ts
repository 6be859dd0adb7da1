// The public store's search at scale (issue 25): 100,000 products in one firm's store, then p95
// latency through the public API of a typed query with its facet counts (the store's products
// answer always carries them), a typo, a category with a facet, a price band, and a product page,
// against the target of 50 ms (the last column: at most 1.00 meets it). No session: a visitor.
// The browsing limit is lifted for the run (it would refuse a benchmark's 210 calls a minute).

import pg from 'pg';
import { loadCatalog } from './lib/catalog';
import { compareLatency } from './lib/latency';
import { keepIfAsked, startBenchServer } from './lib/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

const server = await startBenchServer({ STORE_PAGES_PER_MINUTE: '1000000000' });
const owner = new pg.Client({ connectionString: server.ownerUrl });
await owner.connect();
const harbor = (await owner.query<{ id: string }>("SELECT id FROM firms WHERE name = 'Harbor & Pine Interiors'"))
  .rows[0]!.id;
const slug = (
  await owner.query<{ slug: string }>('SELECT slug FROM firm_slugs WHERE firm_id = $1 AND current', [harbor])
).rows[0]!.slug;
const started = Date.now();
const { finishes, doors } = await loadCatalog(owner, harbor, PRODUCTS);
console.log(
  `\nLoaded ${PRODUCTS.toLocaleString('en-US')} products in ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);

const cabinets = (await owner.query<{ id: string }>("SELECT id FROM categories WHERE name = 'Cabinets'")).rows[0]!.id;
const product = (
  await owner.query<{ id: string }>("SELECT id FROM products WHERE firm_id = $1 AND sku = 'BN-4242'", [harbor])
).rows[0]!.id;
const store = `/api/v1/public/store/${slug}`;

await compareLatency({
  server,
  cookie: '',
  firmId: harbor,
  cases: [
    ['typed query (walnut pantry) + facets', `${store}/products?q=walnut%20pantry`],
    ['a typo (walnutt pantry) + facets', `${store}/products?q=walnutt%20pantry`],
    ['typed query + a facet (Walnut)', `${store}/products?q=pantry&facet[]=${finishes[1]}`],
    [
      'category Cabinets + two facets',
      `${store}/products?category=${cabinets}&facet[]=${finishes[1]}&facet[]=${doors[0]}`,
    ],
    ['typed query + price band', `${store}/products?q=shelf&min=10000&max=49999`],
    ['the first page, unfiltered', `${store}/products`],
    ['the catalog menu', `${store}/catalog`],
    ['a product page', `${store}/products/${product}`],
  ],
  pick: (s) => s.text.includes('"products"'),
  describe: (body) => {
    const page = body as { items?: unknown[]; total?: number | string; name?: string; categories?: unknown[] };
    if (page.items) return `${page.items.length} cards, total ${page.total}`;
    return page.name ?? `${page.categories?.length} categories`;
  },
  title: `${PRODUCTS.toLocaleString('en-US')} products in the store`,
  budgetMs: 50,
});

await keepIfAsked(server.ownerUrl);
await owner.end();
await server.stop();
