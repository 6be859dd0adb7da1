import type { NumberFormat } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Read } from '../map/cells';
import type { ParsedRow } from './spec';

// How a workbook's number cells are written, whatever the file's format for typed numbers.
const PLAIN: NumberFormat = { decimal: '.', thousands: '' };

/**
 * One row's cells as a kind's `parse` reads them: `text` (empty when not mapped), `has` (mapped),
 * `formatOf` (how a cell writes its number: a workbook's number cell plainly, else as the file
 * does), and `take`, which gives a cell's value or notes its error (and gives undefined).
 */
export function rowReader(
  cell: (field: string) => string | undefined,
  errors: ParsedRow['errors'],
  format: NumberFormat,
  numeric: (field: string) => boolean,
) {
  const text = (field: string) => cell(field) ?? '';
  return {
    text,
    has: (field: string) => cell(field) !== undefined,
    formatOf: (field: string) => (numeric(field) ? PLAIN : format),
    take: <T>(field: string, read: Read<T>): T | undefined => {
      if ('error' in read) {
        errors.push([field, text(field), read.error]);
        return undefined;
      }
      return read.value;
    },
  };
}

/**
 * The API schema's findings on a row, each under its field (the first per field; a field that
 * already has an error keeps it), with the cell's text. Gives the parsed input, or null.
 */
export function schemaErrors<T>(
  result: z.ZodSafeParseResult<T>,
  errors: ParsedRow['errors'],
  text: (field: string) => string,
  fallback: string,
): T | null {
  if (result.success) return result.data;
  const taken = new Set(errors.map(([field]) => field));
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? fallback);
    if (!taken.has(field)) errors.push([field, text(field), issue.message]);
    taken.add(field);
  }
  return null;
}

// constant SQL: the staged tags (a JSON array) as a text[], for the tables that keep tags.
export const stagedTags = sql.raw(`ARRAY(SELECT jsonb_array_elements_text(COALESCE(s.tags, '[]'::jsonb)))`);

/**
 * `column = s.column` for each mapped field of `columns` (field key → the table's column, the
 * staged one of the same name; tags from their staged list): an update changes what the file
 * has, and nothing else. The
 * columns in `keep` (always filled: a status, a unit, terms) keep the record's value (`alias`'s)
 * where the file's cell is blank, rather than taking a new record's default.
 */
export function mappedSets(
  mapped: ReadonlySet<string>,
  columns: Record<string, string>,
  keep?: { alias: string; columns: readonly string[] },
): SQL[] {
  return Object.entries(columns)
    .filter(([field]) => mapped.has(field))
    .map(([, column]) =>
      column === 'tags'
        ? keep?.columns.includes('tags')
          ? // constant SQL: the table alias.
            sql`tags = CASE WHEN s.tags IS NULL THEN ${sql.identifier(keep.alias)}.tags ELSE ${stagedTags} END`
          : sql`tags = ${stagedTags}`
        : keep?.columns.includes(column)
          ? // constant SQL: the kinds' own column names and table alias.
            sql`${sql.identifier(column)} = COALESCE(s.${sql.identifier(column)}, ${sql.identifier(keep.alias)}.${sql.identifier(column)})`
          : // constant SQL: the kinds' own column names.
            sql`${sql.identifier(column)} = s.${sql.identifier(column)}`,
    );
}

/** The SET list's start: the given assignments and a comma, or nothing. */
export const setsFirst = (sets: SQL[]) => (sets.length ? sql`${sql.join(sets, sql`, `)}, ` : sql``);
