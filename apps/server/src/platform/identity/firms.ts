import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { firms } from './firms.table';

/**
 * Locks the firm row until the transaction ends. Changes that must be judged against the whole
 * firm (who is super admin, which warehouse is the default) take it first, so concurrent ones
 * queue instead of both passing their checks.
 */
export async function lockFirm(db: Executor, firmId: string): Promise<{ name: string }> {
  const [firm] = await db.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId)).for('update');
  return firm ?? { name: '' };
}
