import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { badRequest, HttpError } from '../http/errors';
import { defineJob } from '../jobs/runner';
import { idempotencyKeys } from './idempotency.table';

/** The header a client sends so that a retried create never makes a second record. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{1,200}$/;

/** What a key read from a request's headers is: absent, or checked (printable, at most 200 characters). */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value))
    throw badRequest('The Idempotency-Key header must be 1 to 200 printable characters.', {
      'Idempotency-Key': 'Use 1 to 200 printable characters.',
    });
  return value;
}

/**
 * Runs a create at most once per key, in the request's transaction. The key is claimed with an
 * insert: a second request with the same key waits on the first's row until it commits, then
 * finds the record it made (or, if the first rolled back, claims the key itself). The same key
 * with another body is a 422: it names a different request.
 */
export async function onceFor(
  db: Executor,
  firmId: string,
  scope: string,
  key: string,
  body: unknown,
  create: () => Promise<string>,
): Promise<{ id: string; replayed: boolean }> {
  const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
  const claimed = await db.execute(sql`
    INSERT INTO ${idempotencyKeys} (firm_id, scope, key, request_hash) VALUES (${firmId}, ${scope}, ${key}, ${requestHash})
    ON CONFLICT DO NOTHING RETURNING key`);
  if (!claimed.rows.length) {
    const [was] = (
      await db.execute<{ request_hash: string; record_id: string | null }>(sql`
        SELECT request_hash, record_id FROM ${idempotencyKeys}
         WHERE firm_id = ${firmId} AND scope = ${scope} AND key = ${key}`)
    ).rows;
    if (!was || was.request_hash !== requestHash || !was.record_id)
      throw new HttpError(
        422,
        'unprocessable',
        'This Idempotency-Key was already used for a different request: send a new key with a new request.',
      );
    return { id: was.record_id, replayed: true };
  }
  const id = await create();
  await db.execute(sql`
    UPDATE ${idempotencyKeys} SET record_id = ${id} WHERE firm_id = ${firmId} AND scope = ${scope} AND key = ${key}`);
  return { id, replayed: false };
}

/**
 * How long a key holds: a client retries within minutes, so a day is ample, and the table stays
 * the size of a day's creates.
 */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Forgets the firm's keys older than a day (in the firm's scope: the table is firm-isolated). */
export async function purgeIdempotencyKeys(db: Executor, firmId: string): Promise<number> {
  const gone = await db.execute(sql`
    DELETE FROM ${idempotencyKeys}
     WHERE firm_id = ${firmId} AND created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);
  return gone.rowCount ?? 0;
}

/** Every hour, per firm: keys past their day are let go. */
export const purgeIdempotencyKeysJob = defineJob({
  name: 'platform.idempotency-purge',
  every: { ms: 60 * 60_000, perFirm: true },
  run: async ({ firmId, scoped }) => {
    await scoped((tx) => purgeIdempotencyKeys(tx, firmId!));
  },
});
