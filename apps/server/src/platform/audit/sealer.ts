import type { AuditVerification } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { defineJob } from '../jobs/runner';

const BATCH = 1000;

type Scoped = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Seals in the platform's scope, batch by batch, until nothing is left; gives how many it sealed. */
async function seal(scoped: Scoped): Promise<number> {
  let total = 0;
  while (true) {
    const result = await scoped((tx) =>
      tx.execute<{ sealed: number }>(sql`SELECT audit_seal(${BATCH}::integer) AS sealed`),
    );
    const sealed = Number(result.rows[0]?.sealed ?? 0);
    total += sealed;
    if (sealed < BATCH) return total;
  }
}

/**
 * Seals every firm's unsealed audit rows into its hash chain (audit_seal) and returns how many
 * it sealed. Runs after the writes committed, never inside them, so writers of one firm never
 * queue behind the chain's lock; two sealing at once skip each other's firms.
 */
export const sealAuditLog = (db: Db) => seal((fn) => inScope(db, { firmId: null }, fn));

/** Every two seconds, for the platform (audit_seal works across firms). */
export const sealAuditLogJob = defineJob({
  name: 'audit.seal',
  every: { ms: 2000, perFirm: false },
  run: async ({ scoped }) => {
    await seal(scoped);
  },
});

/** GET /logs/verify: the current firm's chain, checked end to end (audit_verify, in its scope). */
export async function verifyAuditLog(db: Executor): Promise<AuditVerification> {
  const result = await db.execute<{
    verified: boolean;
    sealed: number;
    unsealed: number;
    broken_id: string | null;
    broken_seq: number | null;
    sealed_at: string | null;
  }>(
    sql`SELECT verified, sealed, unsealed, broken_id, broken_seq, to_json(sealed_at)#>>'{}' AS sealed_at FROM audit_verify()`,
  );
  const row = result.rows[0]!;
  return {
    verified: row.verified,
    sealed: Number(row.sealed),
    unsealed: Number(row.unsealed),
    brokenAt: row.broken_id ? { _id: row.broken_id, seq: Number(row.broken_seq) } : null,
    lastSealedAt: row.sealed_at,
  };
}
