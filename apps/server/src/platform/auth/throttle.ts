import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { HttpError } from '../http/errors';

type Limit = { key: string; max: number };

/**
 * Counters are read and written in the request's own transaction (never a second connection,
 * which could exhaust the pool under load); a failed attempt is kept with KeepChangesError.
 */
async function retryAfter(tx: Executor, limits: Limit[], windowSeconds: number): Promise<number> {
  const keys = limits.map((l) => l.key);
  const maxes = limits.map((l) => l.max);
  const result = await tx.execute<{ seconds: number }>(
    sql`SELECT auth_throttle_retry_after(${sql.param(keys)}::text[], ${sql.param(maxes)}::integer[], ${windowSeconds}::integer) AS seconds`,
  );
  return result.rows[0]?.seconds ?? 0;
}

async function recordFailure(tx: Executor, keys: string[], windowSeconds: number): Promise<void> {
  await tx.execute(sql`SELECT auth_throttle_fail(${sql.param(keys)}::text[], ${windowSeconds}::integer)`);
}

function tooMany(seconds: number, what: string): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    'rate_limited',
    `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

const accountKey = (email: string) => `sign-in:account:${email.toLowerCase()}`;
const addressKey = (ip: string) => `sign-in:address:${ip}`;

/** Throws 429 when this account or this client address has failed too often lately. */
export async function assertSignInAllowed(db: Executor, config: Config, email: string, ip: string): Promise<void> {
  const { perAccount, perAddress, windowSeconds } = config.signInThrottle;
  const seconds = await retryAfter(
    db,
    [
      { key: accountKey(email), max: perAccount },
      { key: addressKey(ip), max: perAddress },
    ],
    windowSeconds,
  );
  if (seconds > 0) throw tooMany(seconds, 'failed sign-in attempts');
}

export function recordSignInFailure(db: Executor, config: Config, email: string, ip: string): Promise<void> {
  return recordFailure(db, [accountKey(email), addressKey(ip)], config.signInThrottle.windowSeconds);
}

export async function clearSignInFailures(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`SELECT auth_throttle_clear(${accountKey(email)})`);
}

const RESETS_PER_ACCOUNT = 3;
const RESETS_PER_ADDRESS = 10;

/**
 * Password-reset requests: a client address that asks too often gets 429; an account that was
 * asked for too often gets no more email, with the same answer as always (no enumeration).
 * Returns whether to send.
 */
export async function allowResetEmail(db: Executor, config: Config, email: string, ip: string): Promise<boolean> {
  const window = config.signInThrottle.windowSeconds;
  const address = `reset:address:${ip}`;
  const account = `reset:account:${email.toLowerCase()}`;
  const seconds = await retryAfter(db, [{ key: address, max: RESETS_PER_ADDRESS }], window);
  if (seconds > 0) throw tooMany(seconds, 'password reset requests');
  const accountBlocked = (await retryAfter(db, [{ key: account, max: RESETS_PER_ACCOUNT }], window)) > 0;
  await recordFailure(db, [address, account], window);
  return !accountBlocked;
}

/** Counts every attempt of `action` from a client address; 429 once `max` were made in the window. */
export async function countAttemptFromAddress(
  db: Executor,
  config: Config,
  action: string,
  ip: string,
  max: number,
  what: string,
) {
  await countAttempt(db, `${action}:address:${ip}`, max, config.signInThrottle.windowSeconds, what);
}

/** Counts every attempt under `key`; 429 ("Too many {what}…") once `max` were made in the window. */
export async function countAttempt(db: Executor, key: string, max: number, windowSeconds: number, what: string) {
  const seconds = await retryAfter(db, [{ key, max }], windowSeconds);
  if (seconds > 0) throw tooMany(seconds, what);
  await recordFailure(db, [key], windowSeconds);
}
