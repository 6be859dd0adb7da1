import { CATEGORY_MAX_DEPTH, categoryInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { lockFirm } from '../../../platform/identity/firms';
import { pathKey, readPath } from '../map/cells';
import { type Match, matchChecks, matchCounts } from './matching';
import type { ImportSpec, ParsedRow } from './spec';

// Each existing category's whole path, as `pathKey` writes one.
const EXISTING_PATHS = sql`SELECT c.id, c.ancestors, c.name,
    (SELECT string_agg(lower(a.name), E'\\x1f' ORDER BY u.o)
       FROM unnest(c.ancestors) WITH ORDINALITY u(id, o) JOIN categories a ON a.id = u.id) AS key
  FROM categories c`;

const MATCH: Match = {
  field: 'path',
  value: 'path_text',
  key: 'path_key',
  matched: 'category_id',
  noun: 'category',
  plural: 'categories',
  what: 'path',
};

/**
 * Categories by their path ("Cabinets > Base cabinets"): a row whose path exists updates that
 * category's description; one that does not makes it, and the categories above it that are
 * missing too, in the order the file gives them.
 */
export const categoryImport: ImportSpec<null> = {
  kind: 'category',
  entityType: 'category',
  stage: [
    { name: 'path_key', type: 'text' },
    { name: 'names', type: 'jsonb' },
    { name: 'path_text', type: 'text' },
    { name: 'description', type: 'text' },
  ],
  extra: ['category_id uuid'],
  prepare: async (_tx, { mapped }) => {
    if (!mapped.has('path')) {
      const message = 'Choose the column for Category: each row is a category’s path.';
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell) => {
    const errors: ParsedRow['errors'] = [];
    const written = cell('path') ?? '';
    const names = readPath(written);
    const description = cell('description') ?? '';
    if (names.length === 0) errors.push(['path', written, 'Give the category a name.']);
    if (names.length > CATEGORY_MAX_DEPTH)
      errors.push(['path', written, `Categories go at most ${CATEGORY_MAX_DEPTH} levels deep.`]);
    // Each name and the description as the API checks them.
    for (const name of names) {
      const checked = categoryInputSchema.safeParse({ name, description });
      if (checked.success) continue;
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'description' ? 'description' : 'path';
        if (!errors.some(([f]) => f === field))
          errors.push([field, field === 'path' ? written : description, issue.message]);
      }
    }
    return {
      errors,
      values: [names.length ? pathKey(names) : null, JSON.stringify(names), names.join(' > '), description.trim()],
    };
  },
  check: async (tx, { options }) => {
    await tx.execute(sql`UPDATE import_stage s SET category_id = c.id FROM (${EXISTING_PATHS}) c
      WHERE c.key = s.path_key AND s.errors IS NULL`);
    await matchChecks(tx, options, MATCH);
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    // Tree changes take turns (as the categories' own routes do), for the few statements below.
    await lockFirm(tx, firm);
    const updated = mapped.has('description')
      ? await tx.execute(sql`
          WITH changed AS (
            UPDATE categories c SET description = s.description, version = c.version + 1, updated_at = now(),
              updated_by = ${actor.userId}
            FROM import_stage s WHERE c.id = s.category_id AND c.description IS DISTINCT FROM s.description
            RETURNING c.id, s.row_no)
          INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
          SELECT ${firm}, ${importId}, 'category', id, row_no, 'update' FROM changed`)
      : { rowCount: 0 };
    // Every path the new rows need, from the top: the ones there are, then the missing ones with new ids.
    await tx.execute(sql`CREATE TEMP TABLE import_paths (key text PRIMARY KEY, name text NOT NULL, depth integer NOT NULL,
      parent_key text, id uuid NOT NULL, ancestors uuid[], description text, row_no integer, made boolean NOT NULL)
      ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO import_paths (key, name, depth, id, ancestors, made)
      SELECT key, name, cardinality(ancestors), id, ancestors, false FROM (${EXISTING_PATHS}) c`);
    await tx.execute(sql`INSERT INTO import_paths (key, name, depth, parent_key, id, description, row_no, made)
      SELECT DISTINCT ON (p.key) p.key, p.name, p.depth, p.parent_key, gen_random_uuid(),
        CASE WHEN p.depth = jsonb_array_length(s.names) THEN s.description END, s.row_no, true
      FROM import_stage s, LATERAL (
        SELECT n.o AS depth, n.name,
          (SELECT string_agg(lower(x.name), E'\\x1f' ORDER BY x.o) FROM jsonb_array_elements_text(s.names) WITH ORDINALITY x(name, o) WHERE x.o <= n.o) AS key,
          (SELECT string_agg(lower(x.name), E'\\x1f' ORDER BY x.o) FROM jsonb_array_elements_text(s.names) WITH ORDINALITY x(name, o) WHERE x.o < n.o) AS parent_key
        FROM jsonb_array_elements_text(s.names) WITH ORDINALITY n(name, o)) p
      WHERE s.category_id IS NULL
      ORDER BY p.key, (p.depth = jsonb_array_length(s.names)) DESC, s.row_no
      ON CONFLICT (key) DO NOTHING`);
    for (let depth = 1; depth <= CATEGORY_MAX_DEPTH; depth++)
      await tx.execute(sql`UPDATE import_paths p SET ancestors =
          COALESCE((SELECT pp.ancestors FROM import_paths pp WHERE pp.key = p.parent_key), '{}'::uuid[]) || p.id
        WHERE p.made AND p.depth = ${depth}`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO categories (id, firm_id, parent_id, name, description, position, ancestors, updated_by)
        SELECT id, ${firm}, ancestors[depth - 1], name, COALESCE(description, ''), 1000000 + row_no, ancestors, ${actor.userId}
        FROM import_paths WHERE made ORDER BY depth, row_no
        RETURNING id)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'category', p.id, p.row_no, 'create' FROM made m JOIN import_paths p ON p.id = m.id`);
    return { created: created.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  },
};
