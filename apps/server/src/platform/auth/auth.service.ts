import {
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  type Profile,
  type ResetPasswordConfirm,
  type SignInBody,
} from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { enterScope } from '../../db/tenancy';
import { recordAudit } from '../audit/audit.service';
import { queueEmail } from '../email/outbox.service';
import { passwordResetEmail } from '../email/templates';
import type { Actor } from '../http/access';
import { badRequest, HttpError } from '../http/errors';
import type { AppDeps, RequestMeta } from '../http/routes';
import { getProfile } from '../identity/profile';
import { users } from '../identity/users.table';
import { passwordResetTokens } from './auth.table';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, endSession, endUserSessions, retireResetLinks } from './sessions';
import { clearAccountLimits, mayEmailReset, signInSucceeded } from './throttle';
import { hashToken, newToken } from './tokens';

type StaffRow = { user_id: string; firm_id: string; password_hash: string | null; first_name: string; active: boolean };

/** The staff account behind an address, in any firm (auth_find_staff), if there is one. */
export async function findStaff(tx: Tx, email: string): Promise<StaffRow | undefined> {
  const result = await tx.execute<StaffRow>(sql`SELECT * FROM auth_find_staff(${email})`);
  return result.rows[0];
}

/** PUT /auth/: checks the password, opens a session with a fresh token, returns the profile. */
export async function signIn(
  tx: Tx,
  deps: AppDeps,
  meta: RequestMeta,
  body: SignInBody,
): Promise<{ token: string; profile: Profile }> {
  // The attempt was reserved before this transaction (the route's limit): a wrong password
  // needs nothing more written to count.
  const staff = await findStaff(tx, body.email);
  const passwordOk = await verifyPassword(staff?.password_hash, body.password);
  if (!staff || !passwordOk) throw new HttpError(401, 'unauthenticated', INVALID_CREDENTIALS_MESSAGE);
  if (!staff.active) {
    throw new HttpError(403, 'forbidden', 'This account has been deactivated. Ask an administrator of your firm.');
  }
  await signInSucceeded(tx, body.email, meta.ip);

  const scope = { firmId: staff.firm_id, userId: staff.user_id };
  await enterScope(tx, scope);
  const token = await createSession(tx, scope, deps.config.session.maxAgeSeconds, meta);
  await tx.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, staff.user_id));
  await recordAudit(tx, scope, { entityType: 'user', entityId: staff.user_id, action: 'sign-in' });
  return { token, profile: await getProfile(tx, { ...scope, impersonatorId: null }) };
}

export async function signOut(tx: Tx, actor: Actor | null): Promise<void> {
  if (!actor) return;
  await endSession(tx, actor.sessionId);
  await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'sign-out' });
}

/**
 * POST /auth/reset-password: emails a single-use link when the address belongs to an active
 * staff account. The answer is the same either way, so it reveals nothing about the address.
 */
export async function requestPasswordReset(tx: Tx, deps: AppDeps, email: string): Promise<void> {
  if (!(await mayEmailReset(tx, deps.config, email))) return;
  const staff = await findStaff(tx, email);
  if (!staff?.active) return;
  await enterScope(tx, { firmId: staff.firm_id, userId: staff.user_id });
  // The token rides in the fragment: browsers never send it to the server or in a Referer.
  await emailResetLink(
    tx,
    deps,
    { firmId: staff.firm_id, userId: staff.user_id, firstName: staff.first_name, email },
    (token) => `${deps.config.appUrl}/reset-password#token=${token}`,
  );
}

/**
 * Emails a login (staff, or a store customer from their store's page) a single-use link to
 * choose a new password, made by `link` from the token; in the login's firm scope already.
 */
export async function emailResetLink(
  tx: Tx,
  deps: AppDeps,
  login: { firmId: string; userId: string; firstName: string; email: string },
  link: (token: string) => string,
): Promise<void> {
  // Only the newest link works: one sent earlier (perhaps to a mailbox read by someone else) stops.
  await retireResetLinks(tx, login.userId);
  const { token, hash } = newToken();
  const minutes = deps.config.resetTokenMinutes;
  await tx.insert(passwordResetTokens).values({
    firmId: login.firmId,
    userId: login.userId,
    purpose: 'reset_password',
    tokenHash: hash,
    expiresAt: sql`now() + make_interval(mins => ${minutes}::integer)`,
  });
  await queueEmail(tx, login.firmId, passwordResetEmail(login.email, login.firstName, link(token), minutes));
  await recordAudit(
    tx,
    { firmId: login.firmId, userId: null },
    { entityType: 'user', entityId: login.userId, action: 'request-password-reset' },
  );
}

/**
 * POST /profile/sign-out-everywhere: ends every session of the user, this one included, on every
 * device (their open sockets close at once), and voids their password-reset links.
 */
export async function signOutEverywhere(tx: Tx, actor: Actor): Promise<void> {
  if (actor.impersonatorId) {
    throw new HttpError(403, 'forbidden', 'Return to your own account before signing this one out everywhere.');
  }
  await endUserSessions(tx, actor.userId);
  await recordAudit(tx, actor, { entityType: 'user', entityId: actor.userId, action: 'sign-out-everywhere' });
}

/** Whether a reset link still works, and for which address (shown on the reset page). */
export async function checkResetToken(tx: Tx, token: string): Promise<{ email: string }> {
  const result = await tx.execute<{ email: string }>(
    sql`SELECT email FROM auth_peek_token(${hashToken(token)}, 'reset_password')`,
  );
  const row = result.rows[0];
  if (!row) throw badRequest(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
  return { email: row.email };
}

/** POST /auth/reset-password/confirm: uses the link once, sets the password, ends every session. */
export async function confirmPasswordReset(tx: Tx, _deps: AppDeps, input: ResetPasswordConfirm): Promise<void> {
  const result = await tx.execute<{ user_id: string; firm_id: string }>(
    sql`SELECT * FROM auth_take_token(${hashToken(input.token)}, 'reset_password')`,
  );
  const taken = result.rows[0];
  if (!taken) throw badRequest(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });

  const scope = { firmId: taken.firm_id, userId: taken.user_id };
  await enterScope(tx, scope);
  const [user] = await tx
    .update(users)
    .set({
      passwordHash: await hashPassword(input.password),
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, taken.user_id), isNull(users.deletedAt)))
    .returning({ email: users.email });
  if (!user) throw badRequest(INVALID_RESET_LINK_MESSAGE, { token: INVALID_RESET_LINK_MESSAGE });
  // Ends every session and voids every other reset link of the account.
  await endUserSessions(tx, taken.user_id);
  await recordAudit(tx, scope, { entityType: 'user', entityId: taken.user_id, action: 'reset-password' });
  if (user.email) await clearAccountLimits(tx, user.email);
}
