import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { HttpError } from '../http/errors';

/** At most `max` attempts under `key` per window. */
export type Limit = { key: string; max: number };

/**
 * Reserves one attempt under every limit at once, atomically in PostgreSQL (limit_reserve), or
 * throws 429 saying when to try again. Callers run it before the work it limits, in a short
 * transaction of its own (a route's `limit`), so parallel attempts queue on the counter rows
 * for milliseconds and exactly `max` get through, whatever happens to the request afterwards.
 */
export async function reserve(db: Executor, limits: Limit[], windowSeconds: number, what: string): Promise<void> {
  const seconds = await waitFor(db, limits, windowSeconds);
  if (seconds > 0) throw tooMany(seconds, what);
}

/** Like `reserve`, but says whether the attempt was reserved instead of throwing. */
export async function tryReserve(db: Executor, limits: Limit[], windowSeconds: number): Promise<boolean> {
  return (await waitFor(db, limits, windowSeconds)) === 0;
}

async function waitFor(db: Executor, limits: Limit[], windowSeconds: number): Promise<number> {
  const result = await db.execute<{ seconds: number }>(
    sql`SELECT limit_reserve(${sql.param(limits.map((l) => l.key))}::text[], ${sql.param(limits.map((l) => l.max))}::integer[], ${windowSeconds}::integer) AS seconds`,
  );
  return result.rows[0]?.seconds ?? 0;
}

/** Gives back an attempt reserved under `keys`, and forgets the keys of `forget` altogether. */
export async function release(db: Executor, keys: string[], forget: string[] = []): Promise<void> {
  await db.execute(sql`SELECT limit_release(${sql.param(keys)}::text[], ${sql.param(forget)}::text[])`);
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
const pairKey = (email: string, ip: string) => `sign-in:pair:${email.toLowerCase()}:${ip}`;

/**
 * Sign-in attempts (decision 0012): strictly per (account, client address), loosely per account
 * and per address. From an address this account signed in from before, the per-account limit
 * does not apply, so failures from anywhere else never lock the real owner out.
 */
async function signInLimits(db: Executor, config: Config, email: string, ip: string): Promise<Limit[]> {
  const { perPair, perAccount, perAddress } = config.signInThrottle;
  const known = await db.execute<{ known: boolean }>(sql`SELECT auth_known_address(${email}, ${ip}) AS known`);
  return [
    { key: pairKey(email, ip), max: perPair },
    { key: addressKey(ip), max: perAddress },
    ...(known.rows[0]?.known ? [] : [{ key: accountKey(email), max: perAccount }]),
  ];
}

/** Before the password is checked: reserves the attempt, or 429 saying when to try again. */
export async function reserveSignIn(db: Executor, config: Config, email: string, ip: string): Promise<void> {
  await reserve(
    db,
    await signInLimits(db, config, email, ip),
    config.signInThrottle.windowSeconds,
    'failed sign-in attempts',
  );
}

/**
 * After a successful sign-in: the attempt does not count against the account or the address,
 * the pair starts afresh, and the address is remembered as one this account uses.
 */
export async function signInSucceeded(db: Executor, email: string, ip: string): Promise<void> {
  await release(db, [accountKey(email), addressKey(ip)], [pairKey(email, ip)]);
  await db.execute(sql`SELECT auth_remember_address(${email}, ${ip})`);
}

/** After a password reset: the account starts afresh everywhere. */
export async function clearAccountLimits(db: Executor, email: string): Promise<void> {
  await release(db, [], [accountKey(email)]);
}

const RESETS_PER_ACCOUNT = 3;
const RESETS_PER_ADDRESS = 10;

/** Password-reset requests from one client address: 429 once too many were made in the window. */
export function reserveResetRequest(db: Executor, config: Config, ip: string): Promise<void> {
  return reserve(
    db,
    [{ key: `reset:address:${ip}`, max: RESETS_PER_ADDRESS }],
    config.signInThrottle.windowSeconds,
    'password reset requests',
  );
}

/**
 * Reset emails to one account: past the limit no more are sent, with the same answer as
 * always, so nobody learns whether the address has an account.
 */
export function mayEmailReset(db: Executor, config: Config, email: string): Promise<boolean> {
  return tryReserve(
    db,
    [{ key: `reset:account:${email.toLowerCase()}`, max: RESETS_PER_ACCOUNT }],
    config.signInThrottle.windowSeconds,
  );
}
