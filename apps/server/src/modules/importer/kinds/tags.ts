import { tagsSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { readList } from '../map/cells';
import { rowReader, schemaErrors } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

/** A product's tags at most (tagsSchema's). */
const MAX_TAGS = 30;

/**
 * Product tags (code 47, the spec's /p/importer/tags): each row adds its tags to the product of
 * its SKU, which keeps the tags it has; a SKU on several rows gets them all. Only products there
 * are: a SKU no product has is an error, whatever the mode.
 */
export const tagImport: ImportSpec<null> = {
  kind: 'tag',
  entityType: 'product',
  stage: [
    { name: 'sku', type: 'text' },
    { name: 'tags', type: 'jsonb' },
  ],
  extra: ['sku_key text GENERATED ALWAYS AS (lower(sku)) STORED', 'product_id uuid'],
  prepare: async (_tx, { mapped }) => {
    const missing = [['sku', 'SKU'] as const, ['tags', 'Tags'] as const].filter(([key]) => !mapped.has(key));
    if (missing.length) {
      const message = `Choose the column for ${missing.map(([, label]) => label).join(' and ')}.`;
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell, _prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text } = rowReader(cell, errors, format, numeric);
    const tags = schemaErrors(tagsSchema.safeParse(readList(text('tags'))), errors, text, 'tags') ?? [];
    if (text('sku').trim() === '') errors.push(['sku', '', 'Give the row the SKU of the product it tags.']);
    if (tags.length === 0 && !errors.some(([field]) => field === 'tags'))
      errors.push(['tags', '', 'Give the row at least one tag.']);
    return { errors, values: [text('sku').trim(), JSON.stringify(tags)] };
  },
  check: async (tx, { actor }) => {
    await tx.execute(sql`UPDATE import_stage s SET product_id = p.id FROM products p
      WHERE p.firm_id = ${actor.firmId} AND p.sku_key = s.sku_key AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'sku', sku, 'No product has this SKU.' FROM import_stage WHERE errors IS NULL AND product_id IS NULL`);
    // The product's tags and every row's for it, at most 30 (the first row over the limit says so).
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT w.row_no, 'tags', '', ${`A product has at most ${MAX_TAGS} tags; with this file's, it would have `} || w.n || '.'
      FROM (SELECT s.product_id, min(s.row_no) AS row_no,
              (SELECT count(DISTINCT t) FROM unnest(p.tags || array_agg(x.tag)) t) AS n
            FROM import_stage s JOIN products p ON p.id = s.product_id, jsonb_array_elements_text(s.tags) x(tag)
            WHERE s.errors IS NULL GROUP BY s.product_id, p.tags) w
      WHERE w.n > ${MAX_TAGS}`);
  },
  count: async (tx) => {
    const result = await tx.execute<{ update: number }>(sql`SELECT count(*)::int AS update FROM import_stage s
      WHERE s.errors IS NULL AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)`);
    return { create: 0, update: result.rows[0]!.update };
  },
  write: async (tx, { actor, importId }) => {
    const firm = actor.firmId;
    // Each product once: its tags, then the file's new ones in the file's order.
    await tx.execute(sql`WITH wanted AS (
        SELECT s.product_id, array_agg(x.tag ORDER BY s.row_no, x.n) AS tags
        FROM import_stage s, jsonb_array_elements_text(s.tags) WITH ORDINALITY x(tag, n) GROUP BY s.product_id)
      UPDATE products p SET
        tags = ARRAY(SELECT t FROM unnest(p.tags || w.tags) WITH ORDINALITY u(t, o) GROUP BY t ORDER BY min(o)),
        search_text = search_text_of(ARRAY[p.name, p.sku]
          || ARRAY(SELECT t FROM unnest(p.tags || w.tags) WITH ORDINALITY u(t, o) GROUP BY t ORDER BY min(o))),
        version = p.version + 1, updated_at = now(), updated_by = ${actor.userId}
      FROM wanted w WHERE p.id = w.product_id AND p.firm_id = ${firm}`);
    const listed =
      await tx.execute(sql`INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'product', product_id, row_no, 'update' FROM import_stage`);
    return { created: 0, updated: listed.rowCount ?? 0 };
  },
};
