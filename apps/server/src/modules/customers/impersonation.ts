import type { Profile } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { RETURN_COOKIE, setSessionCookies } from '../../platform/auth/cookies';
import { createSession, endSession, restoreSession } from '../../platform/auth/sessions';
import type { Actor } from '../../platform/http/access';
import { conflict, forbidden, notFound } from '../../platform/http/errors';
import type { AppDeps, RequestMeta } from '../../platform/http/routes';
import { getProfile } from '../../platform/identity/profile';
import { users } from '../../platform/identity/users.table';
import { customers } from './customers.table';

/**
 * POST /customers/{id}/sign-in-as (11): a session as one of the firm's customers, with the
 * staff member recorded on it (and so on every audit row). Their own session waits in an
 * httpOnly cookie for the way back. Never a staff account, never another firm's customer.
 */
export async function signInAsCustomer(input: {
  db: Tx;
  actor: Actor;
  deps: AppDeps;
  meta: RequestMeta;
  reply: FastifyReply;
  customerId: string;
}): Promise<Profile> {
  const { db, actor, deps, meta } = input;
  if (actor.impersonatorId) throw forbidden('Return to your own account before signing in as someone else.');
  if (actor.kind !== 'staff' || !meta.sessionToken) throw forbidden();
  const [row] = isUuid(input.customerId)
    ? await db
        .select({ name: customers.name, userId: customers.userId, kind: users.kind, active: users.active })
        .from(customers)
        .leftJoin(users, eq(users.id, customers.userId))
        .where(eq(customers.id, input.customerId))
    : [];
  if (!row) throw notFound('This customer does not exist.');
  if (!row.userId || row.kind !== 'customer') throw conflict(`${row.name} has no store login to sign in as.`);
  if (!row.active) throw conflict(`${row.name}'s store login is disabled.`);

  await recordAudit(db, actor, { entityType: 'customer', entityId: input.customerId, action: 'sign-in-as' });
  const token = await createSession(
    db,
    { firmId: actor.firmId, userId: row.userId, impersonatorId: actor.userId },
    deps.config.session.maxAgeSeconds,
    meta,
  );
  const profile = await getProfile(db, { firmId: actor.firmId, userId: row.userId, impersonatorId: actor.userId });
  // Cookies last, once nothing else can fail before the commit.
  setSessionCookies(input.reply, token, deps.config);
  input.reply.setCookie(RETURN_COOKIE, meta.sessionToken, {
    path: '/',
    sameSite: 'lax',
    secure: deps.config.session.secureCookie,
    httpOnly: true,
    maxAge: deps.config.session.maxAgeSeconds,
  });
  return profile;
}

/**
 * DELETE /auth/impersonation: ends the customer session and returns to the staff member's own,
 * if it is still valid (otherwise they sign in again).
 */
export async function endImpersonation(input: {
  db: Tx;
  actor: Actor;
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}): Promise<Profile | null> {
  const { db, actor, deps } = input;
  if (!actor.impersonatorId) throw conflict('You are not signed in as anyone else.');
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.userId, actor.userId));
  if (customer)
    await recordAudit(db, actor, { entityType: 'customer', entityId: customer.id, action: 'sign-in-as-end' });
  await endSession(db, actor.sessionId);
  const back = input.req.cookies[RETURN_COOKIE];
  input.reply.clearCookie(RETURN_COOKIE, { path: '/', sameSite: 'lax', secure: deps.config.session.secureCookie });
  const staff = back ? await restoreSession(db, back, deps.config.session.idleSeconds) : null;
  if (!staff || staff.userId !== actor.impersonatorId) return null;
  setSessionCookies(input.reply, back!, deps.config);
  return getProfile(db, staff);
}
