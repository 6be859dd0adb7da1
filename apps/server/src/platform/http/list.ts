import { LIST_TOTAL_CAP, LIST_TOTAL_CAPPED, type ListTotal } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { badRequest } from './errors';

/** An opaque keyset cursor: the sort values of the last row of a page. */
export function encodeCursor(values: readonly (string | number | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): (string | number | null)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(values) && values.length === length) return values;
  } catch {
    // fall through
  }
  throw badRequest('This page link is no longer valid. Start again from the first page.', {
    cursor: 'Not a valid cursor.',
  });
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
