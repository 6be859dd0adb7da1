import { type RecordAddress, recordAddressSchema } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { rowReader } from './rows';
import type { ParsedRow } from './spec';

/** The address fields of a customers or accounts file, as recordAddressSchema names them. */
const ADDRESS_KEYS = ['line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;

/**
 * A row's one address (its street, city… columns), checked as the API checks an address; null
 * when the row gives none (all blank). Its problems are noted under their columns.
 */
export function readAddress(
  reader: ReturnType<typeof rowReader>,
  errors: ParsedRow['errors'],
  kind: RecordAddress['kind'],
): RecordAddress | null {
  const { text } = reader;
  if (ADDRESS_KEYS.every((key) => text(key).trim() === '')) return null;
  const checked = recordAddressSchema.safeParse({
    kind,
    ...Object.fromEntries(ADDRESS_KEYS.map((key) => [key, text(key)])),
    country: text('country').trim() || 'US',
  });
  if (checked.success) return checked.data;
  noteIssues(checked.error, errors, text, (path) => String(path[0] ?? 'line1'));
  return null;
}

/**
 * A schema's findings noted under the file's fields (`fieldOf` tells which: the API's
 * `emails.0.email` is the file's Email), the first per field.
 */
export function noteIssues(
  error: z.ZodError,
  errors: ParsedRow['errors'],
  text: (field: string) => string,
  fieldOf: (path: readonly PropertyKey[]) => string,
): void {
  const taken = new Set(errors.map(([field]) => field));
  for (const issue of error.issues) {
    const field = fieldOf(issue.path);
    if (!taken.has(field)) errors.push([field, text(field), issue.message]);
    taken.add(field);
  }
}

/**
 * The record's addresses with the file's: it becomes the first (replacing the first the record
 * had); a row without one keeps them as they are. `t` is the record's table alias.
 */
export const mergedAddresses = (t: string): SQL =>
  // constant SQL: `t` is a kind's own table alias.
  sql.raw(`CASE WHEN s.address IS NULL THEN ${t}.addresses
    WHEN jsonb_array_length(${t}.addresses) = 0 THEN jsonb_build_array(s.address)
    ELSE jsonb_set(${t}.addresses, '{0}', s.address) END`);

/** A new record's addresses: the file's one, or none. */
// constant SQL: the staged column.
export const newAddresses = sql.raw(
  `CASE WHEN s.address IS NULL THEN '[]'::jsonb ELSE jsonb_build_array(s.address) END`,
);

/** The address columns of the mapping: any of them mapped means the file gives addresses. */
export const mapsAddress = (mapped: ReadonlySet<string>) => ADDRESS_KEYS.some((key) => mapped.has(key));

/** Each address's city and postcode, as the services put them in search text: SQL text for a kind's own statements. */
export const addressWords = (t: string) =>
  `ARRAY(SELECT concat(a->>'city', ' ', a->>'postalCode') FROM jsonb_array_elements(${t}.addresses) a)`;
