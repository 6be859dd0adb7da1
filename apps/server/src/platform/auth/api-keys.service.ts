import { API_KEY_PREFIX, type ApiKey, type ApiKeyInput, type CreatedApiKey, hasCode } from '@atelier/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { badRequest, conflict, notFound } from '../http/errors';
import { personColumn } from '../records/record-table';
import { apiKeys } from './api-keys.table';
import { hashToken, newToken } from './tokens';

const shown = {
  _id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  codes: apiKeys.codes,
  createdBy: personColumn(apiKeys.createdBy),
  createdAt: sql<string>`to_json(${apiKeys.createdAt})#>>'{}'`,
  lastUsedAt: sql<string | null>`to_json(${apiKeys.lastUsedAt})#>>'{}'`,
  revokedAt: sql<string | null>`to_json(${apiKeys.revokedAt})#>>'{}'`,
};

/** GET /api-keys: the firm's keys, newest first, revoked ones included (they say when). */
export function listApiKeys(db: Executor): Promise<ApiKey[]> {
  return db.select(shown).from(apiKeys).orderBy(desc(apiKeys.createdAt));
}

/**
 * POST /api-keys: a key with the codes asked for, none wider than the maker's own. The key is
 * in the answer once; only its hash is kept.
 */
export async function createApiKey(db: Executor, actor: Actor, input: ApiKeyInput): Promise<CreatedApiKey> {
  const codes = [...new Set(input.codes)].sort((a, b) => a - b);
  const wider = codes.filter((code) => !hasCode(actor.codes, code));
  if (wider.length) {
    const message = `You can give a key only codes you hold yourself; you do not hold ${wider.join(', ')}.`;
    throw badRequest(message, { codes: message });
  }
  const key = `${API_KEY_PREFIX}${newToken().token}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      firmId: actor.firmId,
      name: input.name,
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      // The hash of the whole key, as the request path computes it.
      tokenHash: hashToken(key),
      codes,
      createdBy: actor.userId,
    })
    .returning({ id: apiKeys.id });
  await recordAudit(db, actor, {
    entityType: 'api_key',
    entityId: row!.id,
    action: 'create',
    after: { name: input.name, codes },
  });
  const [created] = await db.select(shown).from(apiKeys).where(eq(apiKeys.id, row!.id));
  return { ...created!, key };
}

/** DELETE /api-keys/{id}: the key stops working at once; it stays listed as revoked. */
export async function revokeApiKey(db: Executor, actor: Actor, id: string): Promise<ApiKey> {
  const [row] = isUuid(id)
    ? await db.select({ name: apiKeys.name, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id))
    : [];
  if (!row) throw notFound('This API key does not exist.');
  if (row.revokedAt) throw conflict(`${row.name} is revoked already.`);
  await db.update(apiKeys).set({ revokedAt: sql`now()`, revokedBy: actor.userId }).where(eq(apiKeys.id, id));
  await recordAudit(db, actor, { entityType: 'api_key', entityId: id, action: 'revoke', before: { name: row.name } });
  const [revoked] = await db.select(shown).from(apiKeys).where(eq(apiKeys.id, id));
  return revoked!;
}
