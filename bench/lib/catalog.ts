import type pg from 'pg';
import { withIndexesRebuilt } from './customers';
import { recountCatalog } from './server';

const BATCH = 100_000;
const WORDS = `Shaker Slab Inset Walnut Oak Maple Cherry Birch Ash Quartz Granite Marble Brass Nickel Chrome
  Bronze Matte Gloss Linen Sage Navy Ivory Charcoal Harbor Coastal Rustic Modern Classic`.split(/\s+/);
const THINGS = `cabinet drawer vanity pantry shelf countertop tile pull knob hinge slide pendant sconce faucet
  sink panel door trim moulding bracket`.split(/\s+/);

/**
 * Fills the firm's catalog up to `products` products (3 variants each, SKUs registered), in the
 * demo's subcategories, each with one of the demo's Finish and Door style values. The rows are
 * made inside PostgreSQL (INSERT … SELECT over generate_series), which loads as fast as COPY
 * without sending them over the wire; secondary indexes are built after the load, the kept
 * counts once at its end.
 */
export async function loadCatalog(owner: pg.Client, harbor: string, products: number) {
  const PRODUCTS = products;
  const count = async (table: string) =>
    Number((await owner.query(`SELECT count(*) FROM ${table} WHERE firm_id = $1`, [harbor])).rows[0].count);
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
  return { leaves, finishes, doors };
}
