import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import type { Actor } from '../http/access';
import { sessions } from './auth.table';
import { hashToken, newToken } from './tokens';

type SessionRow = {
  session_id: string;
  firm_id: string;
  user_id: string;
  impersonator_id: string | null;
  user_kind: 'staff' | 'customer';
  codes: number[];
  features: string[];
};

/**
 * The actor behind a session token, or null when the token is unknown, expired or idle too
 * long. Puts the transaction in that actor's firm scope.
 */
export async function restoreSession(tx: Executor, token: string, idleSeconds: number): Promise<Actor | null> {
  const result = await tx.execute<SessionRow>(
    sql`SELECT * FROM auth_session(${hashToken(token)}, ${idleSeconds}::integer)`,
  );
  const row = result.rows[0];
  if (!row) return null;
  const actor: Actor = {
    sessionId: row.session_id,
    firmId: row.firm_id,
    userId: row.user_id,
    impersonatorId: row.impersonator_id,
    kind: row.user_kind,
    codes: row.codes,
    features: row.features,
  };
  await enterScope(tx, { firmId: actor.firmId, userId: actor.userId });
  return actor;
}

export type SessionMeta = { ip: string; userAgent: string | undefined };

/** A new session with a fresh token; the caller sets the cookie. Runs inside the firm's scope. */
export async function createSession(
  tx: Executor,
  user: { firmId: string; userId: string; impersonatorId?: string | null },
  maxAgeSeconds: number,
  meta: SessionMeta,
): Promise<string> {
  const { token, hash } = newToken();
  await tx.insert(sessions).values({
    firmId: user.firmId,
    userId: user.userId,
    impersonatorId: user.impersonatorId ?? null,
    tokenHash: hash,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    expiresAt: sql`now() + make_interval(secs => ${maxAgeSeconds}::integer)`,
  });
  return token;
}

export async function endSession(tx: Executor, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except `keep` when given (the one making the change). */
export async function endUserSessions(tx: Executor, userId: string, keep?: string): Promise<void> {
  await tx
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}
