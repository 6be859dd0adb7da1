import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';

/**
 * Someone of the firm in scope acting without a session (their private calendar feed): their
 * codes from their roles and the firm's modules, as a session of theirs would have them
 * (auth_session), or null when they are not an active member of its staff.
 */
export async function staffActorOf(db: Executor, firmId: string, userId: string): Promise<Actor | null> {
  const { rows } = await db.execute<{ codes: number[]; features: string[] }>(sql`
    SELECT COALESCE((SELECT array_agg(DISTINCT c ORDER BY c)
                       FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.codes) AS c
                      WHERE ur.user_id = u.id), '{}'::integer[]) AS codes,
           f.features
      FROM users u JOIN firms f ON f.id = u.firm_id
     WHERE u.id = ${userId} AND u.firm_id = ${firmId}
       AND u.kind = 'staff' AND u.active AND u.deleted_at IS NULL`);
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: '',
    firmId,
    userId,
    impersonatorId: null,
    kind: 'staff',
    codes: row.codes,
    features: row.features,
  };
}
