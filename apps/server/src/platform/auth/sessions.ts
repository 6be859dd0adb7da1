import { P } from '@atelier/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { APP_ROLE } from '../../db/columns';
import type { Actor } from '../http/access';
import { passwordResetTokens, sessions } from './auth.table';
import { hashToken, newToken } from './tokens';

/** NOTIFY channel: a user's sessions ended (payload `{ user, keep }`); sockets of them close. */
export const SESSIONS_ENDED_CHANNEL = 'atelier_sessions_ended';

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
 * long. Puts the transaction in that actor's firm scope as the application role, in the same
 * statement (with no session found, the caller enters no firm's scope itself).
 */
export async function restoreSession(tx: Executor, token: string, idleSeconds: number): Promise<Actor | null> {
  // One round trip: the lookup, the role and the actor's firm scope (SET LOCAL, for this transaction).
  const result = await tx.execute<SessionRow>(
    sql`SELECT s.*, set_config('role', ${APP_ROLE}, true), set_config('app.firm_id', s.firm_id::text, true), set_config('app.user_id', s.user_id::text, true)
        FROM auth_session(${hashToken(token)}, ${idleSeconds}::integer) s`,
  );
  const row = result.rows[0];
  if (!row) return null;
  // A session as a customer lasts only while the staff member behind it may still do that.
  if (row.impersonator_id && !(await mayStillImpersonate(tx, row.impersonator_id))) {
    await endSession(tx, row.session_id);
    return null;
  }
  const actor: Actor = {
    sessionId: row.session_id,
    firmId: row.firm_id,
    userId: row.user_id,
    impersonatorId: row.impersonator_id,
    kind: row.user_kind,
    codes: row.codes,
    features: row.features,
  };
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

/**
 * Ends every session of a user, except `keep` when given (the one making the change), and every
 * session they hold as someone else (signed in as a customer). Whatever ends all of someone's
 * sessions (a new password, "sign out everywhere", deactivation) also voids their password-reset
 * links, so a link in an old email cannot open the account again.
 */
export async function endUserSessions(tx: Executor, userId: string, keep?: string): Promise<void> {
  const theirs = or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId));
  await tx.delete(sessions).where(keep ? and(theirs, ne(sessions.id, keep)) : theirs);
  await retireResetLinks(tx, userId);
  // Open sockets of those sessions close as soon as this commits, on every server instance.
  await tx.execute(
    sql`SELECT pg_notify(${SESSIONS_ENDED_CHANNEL}, ${JSON.stringify({ user: userId, keep: keep ?? null })})`,
  );
}

/** Voids every password-reset link of a user that was not used yet. */
export async function retireResetLinks(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'reset_password'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

/** Ends the session a token opens, if any (the staff session kept while signed in as a customer). */
export async function endSessionByToken(tx: Executor, token: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The staff member is still active, in the firm, and holds code 11 (or what grants it). */
async function mayStillImpersonate(tx: Executor, staffId: string): Promise<boolean> {
  const result = await tx.execute<{ ok: boolean }>(
    sql`SELECT EXISTS (
          SELECT 1 FROM users u
           WHERE u.id = ${staffId} AND u.kind = 'staff' AND u.active AND u.deleted_at IS NULL
             AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                          WHERE ur.user_id = u.id
                            AND r.codes && ${sql.param([P.LOGIN_AS_USER, P.SUPER_ADMIN, P.DEVELOPER])}::int[])
        ) AS ok`,
  );
  return result.rows[0]?.ok === true;
}
