import { API_KEY_PREFIX } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { APP_ROLE } from '../../db/columns';
import type { Actor } from '../http/access';
import { hashToken } from './tokens';

type KeyRow = {
  key_id: string;
  firm_id: string;
  user_id: string;
  user_kind: 'staff' | 'customer';
  codes: number[];
  features: string[];
};

/** The API key of an `Authorization: Bearer …` header, if the request has one. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export const INVALID_KEY_MESSAGE = 'This API key is not valid, or has been revoked.';
export const KEY_PERSONAL_MESSAGE =
  "An API key cannot change a person's own account, sessions or notifications; sign in to do that.";

/**
 * The actor an API key acts as (its maker, with the key's codes that the maker still holds), in
 * the key's firm scope, in one round trip; null when the key is unknown or revoked. The key's id
 * stands in for a session's, so fair shares and limits count per key.
 */
export async function restoreApiKey(tx: Executor, key: string): Promise<Actor | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const result = await tx.execute<KeyRow>(
    sql`SELECT k.*, set_config('role', ${APP_ROLE}, true), set_config('app.firm_id', k.firm_id::text, true), set_config('app.user_id', k.user_id::text, true)
        FROM auth_api_key(${hashToken(key)}) k`,
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    sessionId: row.key_id,
    apiKeyId: row.key_id,
    firmId: row.firm_id,
    userId: row.user_id,
    impersonatorId: null,
    kind: row.user_kind,
    codes: row.codes,
    features: row.features,
  };
}
