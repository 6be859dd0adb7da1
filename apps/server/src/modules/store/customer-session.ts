import { INVALID_CREDENTIALS_MESSAGE, STORE_SESSION_COOKIE, type StoreSession } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { verifyPassword } from '../../platform/auth/passwords';
import { createSession, endSession, type SessionMeta } from '../../platform/auth/sessions';
import { release, reserve } from '../../platform/auth/throttle';
import { hashToken } from '../../platform/auth/tokens';
import type { Actor } from '../../platform/http/access';
import { HttpError } from '../../platform/http/errors';
import { allowedOrigins } from '../../platform/http/security';
import type { openStore } from './public-store';
import { storeSessions } from './store-customer.table';

export type Store = Awaited<ReturnType<typeof openStore>>;

/** A customer signed in at a store: their login, their customer record and its account. */
export type StoreCustomer = {
  sessionId: string;
  userId: string;
  customerId: string;
  companyId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** The staff member responsible for them, if any (told of their quote requests). */
  assignedTo: string | null;
};

const STORE_SIGN_IN_FAILED = () => new HttpError(401, 'unauthenticated', INVALID_CREDENTIALS_MESSAGE);
export const STORE_SIGNED_OUT_MESSAGE = 'Sign in to the store to continue.';

/** Store sign-in attempts: per address and per address-and-email, like staff sign-in (decision 0012). */
const addressKey = (ip: string) => `store-sign-in:address:${ip}`;
const accountKey = (email: string) => `store-sign-in:account:${email.toLowerCase()}`;

/** Before the password is checked (a route's `limit`): reserves the attempt, or 429. */
export function reserveStoreSignIn(db: Executor, config: Config, email: string, ip: string): Promise<void> {
  const { perAccount, perAddress, windowSeconds } = config.signInThrottle;
  return reserve(
    db,
    [
      { key: addressKey(ip), max: perAddress },
      { key: accountKey(email), max: perAccount },
    ],
    windowSeconds,
    'failed sign-in attempts',
  );
}

type CustomerRow = {
  user_id: string;
  customer_id: string;
  company_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  assigned_to: string | null;
};

/**
 * The store login of the store's firm with this address: a customer user, active, not deleted,
 * with a customer record that is not archived. Runs in the store's firm scope (openStore), so
 * a customer of another firm is simply not found.
 */
export async function findStoreLogin(db: Executor, store: Store, email: string) {
  const result = await db.execute<CustomerRow & { password_hash: string | null }>(sql`
    SELECT u.id AS user_id, c.id AS customer_id, c.company_id, u.first_name, u.last_name, u.email,
           c.assigned_to, u.password_hash
      FROM users u JOIN customers c ON c.user_id = u.id
     WHERE u.firm_id = ${store.firmId} AND lower(u.email) = lower(${email}) AND u.kind = 'customer'
       AND u.active AND u.deleted_at IS NULL AND c.archived_at IS NULL`);
  return result.rows[0];
}

/**
 * POST /public/store/{slug}/session: a customer of this store's firm signs in. Any failure (no
 * such login here, another firm's customer, a wrong password, a deactivated login) is the same
 * 401, so the answer says nothing about which addresses have accounts where.
 */
export async function storeSignIn(
  db: Executor,
  config: Config,
  store: Store,
  meta: SessionMeta,
  body: { email: string; password: string },
): Promise<{ token: string; session: StoreSession }> {
  const login = await findStoreLogin(db, store, body.email);
  const ok = await verifyPassword(login?.password_hash, body.password);
  if (!login || !ok) throw STORE_SIGN_IN_FAILED();
  // A success does not count against the address or the account.
  await release(db, [addressKey(meta.ip), accountKey(body.email)]);
  const scope = { firmId: store.firmId, userId: login.user_id };
  const token = await createSession(db, scope, config.session.maxAgeSeconds, meta);
  await db.execute(sql`
    INSERT INTO ${storeSessions} (session_id, firm_id)
    SELECT s.id, s.firm_id FROM sessions s WHERE s.token_hash = ${hashToken(token)}`);
  await db.execute(sql`UPDATE users SET last_sign_in_at = now() WHERE id = ${login.user_id}`);
  await recordAudit(db, scope, { entityType: 'user', entityId: login.user_id, action: 'store-sign-in' });
  return {
    token,
    session: { customer: { firstName: login.first_name, lastName: login.last_name, email: login.email } },
  };
}

/**
 * The customer a store cookie signs in, at this store, or null: the session must be a store
 * session of this store's firm (a cookie from another firm's store, or a staff session, is
 * signed out), not expired or idle too long, of a login still active. Exported for the pages.
 */
export async function storeCustomer(
  db: Executor,
  store: Store,
  token: string | undefined,
  idleSeconds = 30 * 24 * 3600,
): Promise<StoreCustomer | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const result = await db.execute<CustomerRow & { session_id: string; stale: boolean }>(sql`
    SELECT s.id AS session_id, u.id AS user_id, c.id AS customer_id, c.company_id, u.first_name, u.last_name,
           u.email, c.assigned_to, s.last_seen_at < now() - interval '60 seconds' AS stale
      FROM sessions s
      JOIN ${storeSessions} ss ON ss.session_id = s.id AND ss.firm_id = ${store.firmId}
      JOIN users u ON u.id = s.user_id
      JOIN customers c ON c.user_id = u.id
     WHERE s.token_hash = ${hash} AND s.firm_id = ${store.firmId}
       AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => ${idleSeconds}::integer)
       AND u.kind = 'customer' AND u.active AND u.deleted_at IS NULL AND c.archived_at IS NULL`);
  const row = result.rows[0];
  if (!row) return null;
  if (row.stale) await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ${row.session_id}`);
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    customerId: row.customer_id,
    companyId: row.company_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    assignedTo: row.assigned_to,
  };
}

/** The customer of a request's store cookie, or 401. */
export async function requireStoreCustomer(
  db: Executor,
  config: Config,
  store: Store,
  req: FastifyRequest,
): Promise<StoreCustomer> {
  const customer = await storeCustomer(db, store, storeToken(req), config.session.idleSeconds);
  if (!customer) throw new HttpError(401, 'unauthenticated', STORE_SIGNED_OUT_MESSAGE);
  return customer;
}

/** Whom the records a customer makes in the store are written and audited as: the customer's login, no codes. */
export const customerActor = (store: Store, customer: StoreCustomer): Actor => ({
  sessionId: customer.sessionId,
  firmId: store.firmId,
  userId: customer.userId,
  impersonatorId: null,
  kind: 'customer',
  codes: [],
  features: store.features,
});

/** GET …/session: who is signed in at this store. */
export async function storeSession(db: Executor, config: Config, store: Store, req: FastifyRequest) {
  const c = await storeCustomer(db, store, storeToken(req), config.session.idleSeconds);
  return { customer: c ? { firstName: c.firstName, lastName: c.lastName, email: c.email } : null };
}

/** DELETE …/session: ends this store session (only a store session of this store's firm). */
export async function storeSignOut(db: Executor, config: Config, store: Store, req: FastifyRequest) {
  const c = await storeCustomer(db, store, storeToken(req), config.session.idleSeconds);
  if (!c) return;
  await endSession(db, c.sessionId);
  await recordAudit(db, customerActor(store, c), { entityType: 'user', entityId: c.userId, action: 'store-sign-out' });
}

export const storeToken = (req: FastifyRequest): string | undefined => req.cookies[STORE_SESSION_COOKIE] || undefined;

const cookieBase = (config: Config) =>
  ({ path: '/', sameSite: 'lax', secure: config.session.secureCookie, httpOnly: true }) as const;

export function setStoreCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(STORE_SESSION_COOKIE, token, { ...cookieBase(config), maxAge: config.session.maxAgeSeconds });
}

export function clearStoreCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(STORE_SESSION_COOKIE, cookieBase(config));
}

/**
 * A state-changing store request that carries the store cookie must come from our own pages
 * (the staff cookie's rule, platform/http/security.ts, which does not know this cookie).
 */
export function refuseForeign(req: FastifyRequest, config: Config): void {
  if (!req.cookies[STORE_SESSION_COOKIE]) return;
  const origin = req.headers.origin;
  if (req.headers['sec-fetch-site'] === 'cross-site' || (origin && !allowedOrigins(req, config).has(origin)))
    throw new HttpError(403, 'forbidden', 'This request came from another site and was refused.');
}
