import { INVALID_CURSOR_MESSAGE, LIST_TOTAL_CAP, LIST_TOTAL_CAPPED, type ListTotal } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { badRequest } from './errors';

/** An opaque keyset cursor: the sort values of the last row of a page. */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The one answer to a cursor that is not one of ours: forged, truncated or from another list. */
export const invalidCursor = () => badRequest(INVALID_CURSOR_MESSAGE, { cursor: 'Not a valid cursor.' });

// Longer than any sort value of ours; a cursor is a client's input like any other.
const MAX_CURSOR_VALUE = 1000;

const validValue = (value: unknown) =>
  value === null ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && value.length <= MAX_CURSOR_VALUE && !value.includes('\u0000'));

/**
 * The values of a cursor made by `encodeCursor`, or 400. Only numbers, nulls and text without
 * NUL (which PostgreSQL cannot take as text) get through, and only as many as the list uses.
 */
export function decodeCursor(cursor: string, length: number): (string | number | null)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (Array.isArray(values) && values.length === length && values.every(validValue)) return values;
  throw invalidCursor();
}

/**
 * The number of matching rows, counted exactly up to the cap and then reported as "10,000+".
 * Counted inside the firm (the caller's WHERE and row-level security), never estimated from
 * table statistics, which would reveal how big other firms are.
 */
export async function cappedTotal(db: Executor, table: PgTable, where: SQL | undefined): Promise<ListTotal> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} ${where ? sql`WHERE ${where}` : sql``} LIMIT ${LIST_TOTAL_CAP + 1}) capped`,
  );
  const n = result.rows[0]?.n ?? 0;
  return n > LIST_TOTAL_CAP ? LIST_TOTAL_CAPPED : n;
}
