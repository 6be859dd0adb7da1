import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firms } from './firms.table';

/**
 * The firm's today (YYYY-MM-DD) on its own clock, in SQL, for a firm id given as SQL: what "due",
 * "overdue" and "follow up today" are measured against.
 */
export const firmTodaySql = (firmId: SQL) =>
  sql`(SELECT (now() AT TIME ZONE f.time_zone)::date FROM ${firms} f WHERE f.id = ${firmId})`;

/** The same, read once (what a service dates a record with). */
export async function firmToday(db: Executor, firmId: string): Promise<string> {
  const [firm] = await db
    .select({ today: sql<string>`(now() AT TIME ZONE ${firms.timeZone})::date::text` })
    .from(firms)
    .where(eq(firms.id, firmId));
  return firm!.today;
}
