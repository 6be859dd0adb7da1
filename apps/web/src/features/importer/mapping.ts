import type { ImportField } from '@atelier/contracts';

/** The column each field is filled from, by the column's place in the headings (none: null). */
export type Mapping = Record<string, number | null>;

/** A heading as the mapping step names it; a blank one by its place. */
export const headingName = (headings: readonly string[], column: number) =>
  headings[column]?.trim() || `Column ${column + 1}`;

/**
 * Each column's field, by the column's place: the mapping is kept field → column, the table
 * reads it column → field. Keys that are not the kind's fields are left out.
 */
export function fieldsByColumn(mapping: Mapping, fields: readonly ImportField[], columns: number): (string | null)[] {
  const byColumn: (string | null)[] = Array.from({ length: columns }, () => null);
  for (const { key } of fields) {
    const column = mapping[key];
    if (column !== null && column !== undefined && column < columns) byColumn[column] = key;
  }
  return byColumn;
}

/**
 * The mapping once `column` is read as `field` (null: not imported). A field is filled from one
 * column only, so choosing one that another column had moves it here; the field this column had
 * before is let go.
 */
export function chooseField(mapping: Mapping, column: number, field: string | null): Mapping {
  const next: Mapping = {};
  for (const [key, at] of Object.entries(mapping)) next[key] = at === column ? null : at;
  if (field) next[field] = column;
  return next;
}

/** The kind's required fields no column fills yet. */
export const unmappedRequired = (mapping: Mapping, fields: readonly ImportField[]) =>
  fields.filter((f) => f.required && (mapping[f.key] ?? null) === null);

/** The mapping as it is saved: every field of the kind, those no column fills as null. */
export const completeMapping = (mapping: Mapping, fields: readonly ImportField[]): Mapping =>
  Object.fromEntries(fields.map((f) => [f.key, mapping[f.key] ?? null]));
