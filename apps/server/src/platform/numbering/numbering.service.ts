import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The next number of a per-firm sequence ("order", "invoice"…), taken inside the caller's
 * transaction. The upsert locks the counter row until that transaction ends, so concurrent
 * creators queue on it: no number is ever handed out twice, and a rolled-back transaction
 * gives its number back instead of leaving a gap.
 */
export async function nextNumber(db: Executor, firmId: string, key: string): Promise<number> {
  const result = await db.execute<{ value: number }>(sql`
    INSERT INTO counters (firm_id, key, value) VALUES (${firmId}, ${key}, 1)
    ON CONFLICT (firm_id, key) DO UPDATE SET value = counters.value + 1
    RETURNING value`);
  return result.rows[0]!.value;
}
