import { collectionInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import type { ImportSpec, ParsedRow } from './spec';

/**
 * Hand-picked collections and their products: each row puts the product of its SKU in the
 * collection of its name, made (hand-picked) when the firm has none of that name; products go
 * after those the collection has, in the file's order. A collection by rules picks its own.
 */
export const collectionImport: ImportSpec<null> = {
  kind: 'collection',
  entityType: 'collection',
  stage: [
    { name: 'name', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'sku', type: 'text' },
  ],
  extra: [
    'name_key text GENERATED ALWAYS AS (lower(name)) STORED',
    'sku_key text GENERATED ALWAYS AS (lower(sku)) STORED',
    'collection_id uuid',
    'collection_kind text',
    'product_id uuid',
  ],
  prepare: async (_tx, { mapped }) => {
    const missing = [...(mapped.has('name') ? [] : ['Collection']), ...(mapped.has('sku') ? [] : ['SKU'])];
    if (missing.length) {
      const message = `Choose the column for ${missing.join(' and ')}: each row puts a product (by its SKU) in a collection (by its name).`;
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell) => {
    const errors: ParsedRow['errors'] = [];
    const name = cell('name') ?? '';
    const description = cell('description') ?? '';
    const sku = (cell('sku') ?? '').trim();
    const checked = collectionInputSchema.safeParse({ name, description, kind: 'manual' });
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'description' ? 'description' : 'name';
        if (!errors.some(([f]) => f === field))
          errors.push([field, field === 'name' ? name : description, issue.message]);
      }
    if (sku === '') errors.push(['sku', '', 'Give the product’s SKU.']);
    return { errors, values: [name.trim(), description.trim(), sku] };
  },
  check: async (tx, { actor, options }) => {
    const firm = actor.firmId;
    await tx.execute(sql`UPDATE import_stage s SET collection_id = c.id, collection_kind = c.kind FROM collections c
      WHERE c.firm_id = ${firm} AND c.name_key = s.name_key AND s.errors IS NULL`);
    await tx.execute(sql`UPDATE import_stage s SET product_id = p.id FROM products p
      WHERE p.firm_id = ${firm} AND p.sku_key = s.sku_key AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'sku', s.sku, CASE WHEN k.variant_id IS NOT NULL
          THEN 'A collection holds products, not variants: give the product’s SKU.'
          WHEN k.material_id IS NOT NULL THEN 'This SKU is a material’s: a collection holds products.'
          ELSE 'No product has this SKU.' END
      FROM import_stage s LEFT JOIN skus k ON k.firm_id = ${firm} AND k.sku_key = s.sku_key
      WHERE s.errors IS NULL AND s.product_id IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'name', s.name, 'More than one collection has this name: rename one first, so the row says which.'
      FROM import_stage s WHERE s.errors IS NULL AND s.collection_id IS NOT NULL
        AND (SELECT count(*) FROM collections c WHERE c.firm_id = ${firm} AND c.name_key = s.name_key) > 1`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'name', name, 'This collection picks its products by its rules: they cannot be added by hand.'
      FROM import_stage WHERE errors IS NULL AND collection_kind = 'rules'`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT d.row_no, 'sku', d.sku, 'This product is in this collection on row ' || d.first || ' of the file too.'
      FROM (SELECT row_no, sku, min(row_no) OVER (PARTITION BY name_key, sku_key) AS first
            FROM import_stage WHERE errors IS NULL) d
      WHERE d.row_no <> d.first`);
    if (options.mode === 'create')
      await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
        SELECT row_no, 'name', name, 'A collection of this name exists already: choose to update matching collections to add to it.'
        FROM import_stage WHERE errors IS NULL AND collection_id IS NOT NULL`);
    if (options.mode === 'update')
      await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
        SELECT row_no, 'name', name, 'No collection has this name: choose to create new collections to make it.'
        FROM import_stage WHERE errors IS NULL AND collection_id IS NULL`);
  },
  // In collections: how many would be made, and how many that exist would get products.
  count: async (tx) => {
    const result = await tx.execute<{ create: number; update: number }>(sql`
      SELECT count(DISTINCT name_key) FILTER (WHERE collection_id IS NULL)::int AS create,
             count(DISTINCT collection_id)::int AS update
      FROM import_stage s WHERE s.errors IS NULL AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)`);
    return result.rows[0]!;
  },
  write: async (tx, { actor, importId }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const made = await tx.execute<{ n: number }>(
      sql`SELECT count(DISTINCT name_key)::int AS n FROM import_stage WHERE collection_id IS NULL`,
    );
    // The new ones, each from the first row naming it, then every row knows its collection.
    await tx.execute(sql`
      WITH made AS (
        INSERT INTO collections (firm_id, name, description, kind, rules, search_text, created_by, updated_by)
        SELECT ${firm}, f.name, f.description, 'manual',
          '{"tags":[],"categories":[],"vendors":[],"minPriceCents":null,"maxPriceCents":null,"onSale":false}'::jsonb,
          search_text_of(ARRAY[f.name]), ${user}, ${user}
        FROM (SELECT DISTINCT ON (name_key) name, description, row_no FROM import_stage
              WHERE collection_id IS NULL ORDER BY name_key, row_no) f
        ORDER BY f.row_no
        RETURNING id, name_key),
      listed AS (
        INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
        SELECT ${firm}, ${importId}, 'collection', m.id, (SELECT min(row_no) FROM import_stage s WHERE s.name_key = m.name_key), 'create'
        FROM made m)
      UPDATE import_stage s SET collection_id = m.id FROM made m WHERE s.name_key = m.name_key AND s.collection_id IS NULL`);
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE collections c SET version = c.version + 1, updated_at = now(), updated_by = ${user}
        FROM (SELECT collection_id, min(row_no) AS row_no FROM import_stage
              WHERE collection_kind IS NOT NULL GROUP BY collection_id) s
        WHERE c.id = s.collection_id
        RETURNING c.id, s.row_no)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'collection', id, row_no, 'update' FROM changed`);
    // Their products, after those each has, in the file's order; one already there stays where it is.
    await tx.execute(sql`
      INSERT INTO collection_products (firm_id, collection_id, product_id, position)
      SELECT ${firm}, s.collection_id, s.product_id,
        COALESCE((SELECT max(cp.position) + 1 FROM collection_products cp WHERE cp.collection_id = s.collection_id), 0)
          + row_number() OVER (PARTITION BY s.collection_id ORDER BY s.row_no) - 1
      FROM import_stage s
      ON CONFLICT (collection_id, product_id) DO NOTHING`);
    return { created: made.rows[0]!.n, updated: updated.rowCount ?? 0 };
  },
};
