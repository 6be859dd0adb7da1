import type { ImportOptions } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';

/**
 * How a kind's rows meet its records: the field they are matched by (`field`, staged as
 * `value`, compared as `key`), the staged column `matched` that `check` fills with the record
 * found, and the words for messages.
 */
export type Match = {
  field: string;
  value: string;
  key: string;
  matched: string;
  noun: string;
  plural: string;
  /** What the field is called in messages: "SKU", "name", "path". */
  what: string;
  /** What a key twice in the file is called, when not the field: "variant". */
  twice?: string;
  /** Rows may leave the key blank (null): those are new records, never twice in the file. */
  optional?: boolean;
};

/**
 * The checks every matched kind makes once its rows are matched: a key twice in the file, a
 * row that would create what exists when only creating, or update what does not when only updating.
 */
export async function matchChecks(tx: Tx, options: ImportOptions, m: Match): Promise<void> {
  // constant SQL: the columns are the kind's own constants (Match), never input.
  const [field, value, key, matched] = [sql.raw(`'${m.field}'`), sql.raw(m.value), sql.raw(m.key), sql.raw(m.matched)];
  // constant SQL: as above.
  const blankKeys = m.optional ? sql.raw(`AND ${m.key} IS NOT NULL`) : sql``;
  await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
    SELECT d.row_no, ${field}, d.value, ${`This ${m.twice ?? m.what} is also on row `} || d.first || ' of the file.'
    FROM (SELECT row_no, ${value} AS value, min(row_no) OVER (PARTITION BY ${key}) AS first
          FROM import_stage WHERE errors IS NULL ${blankKeys}) d
    WHERE d.row_no <> d.first`);
  if (options.mode === 'create')
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, ${field}, ${value}, ${`A ${m.noun} with this ${m.what} exists already: choose to update matching ${m.plural} to change it.`}
      FROM import_stage WHERE errors IS NULL AND ${matched} IS NOT NULL`);
  if (options.mode === 'update')
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, ${field}, ${value}, ${`No ${m.noun} has this ${m.what}: choose to create new ${m.plural} to add it.`}
      FROM import_stage WHERE errors IS NULL AND ${matched} IS NULL`);
}

/** Rows without errors that would create (nothing matched) and that would update. */
export async function matchCounts(tx: Tx, m: Pick<Match, 'matched'>): Promise<{ create: number; update: number }> {
  // constant SQL: as above.
  const matched = sql.raw(m.matched);
  const result = await tx.execute<{ create: number; update: number }>(sql`
    SELECT count(*) FILTER (WHERE ${matched} IS NULL)::int AS create, count(*) FILTER (WHERE ${matched} IS NOT NULL)::int AS update
    FROM import_stage s WHERE s.errors IS NULL AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)`);
  return result.rows[0]!;
}

/** Rows whose SKU the firm's registry gives to another kind of item than `owner` (a product's, a variant's, a material's). */
export async function skuOwnerCheck(tx: Tx, firmId: string, owner: 'product_id' | 'material_id'): Promise<void> {
  // constant SQL: one of the two columns above.
  const column = sql.raw(`k.${owner}`);
  await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
    SELECT s.row_no, 'sku', s.sku, CASE WHEN k.variant_id IS NOT NULL THEN 'This SKU belongs to a product variant.'
      WHEN k.material_id IS NOT NULL THEN 'This SKU belongs to a material.' ELSE 'This SKU belongs to a product.' END
    FROM import_stage s JOIN skus k ON k.firm_id = ${firmId} AND k.sku_key = s.sku_key AND ${column} IS NULL
    WHERE s.errors IS NULL`);
}
