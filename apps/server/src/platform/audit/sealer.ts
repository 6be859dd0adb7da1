import type { AuditVerification } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { type PeriodicTask, startPeriodic } from '../jobs/periodic';

const BATCH = 1000;
const EVERY_MS = 2000;

/**
 * Seals every firm's unsealed audit rows into its hash chain (audit_seal, batch by batch) and
 * returns how many it sealed. Runs after the writes committed, never inside them, so writers of
 * one firm never queue behind the chain's lock; two instances sealing at once skip each other's
 * firms.
 */
export async function sealAuditLog(db: Db): Promise<number> {
  let total = 0;
  while (true) {
    const result = await inScope(db, { firmId: null }, (tx) =>
      tx.execute<{ sealed: number }>(sql`SELECT audit_seal(${BATCH}::integer) AS sealed`),
    );
    const sealed = Number(result.rows[0]?.sealed ?? 0);
    total += sealed;
    if (sealed < BATCH) return total;
  }
}

/** Seals at start and every two seconds until stopped. */
export function startAuditSealer(options: {
  db: Db;
  log: { error: (obj: unknown, msg: string) => void };
  everyMs?: number;
}): PeriodicTask {
  return startPeriodic({
    task: () => sealAuditLog(options.db),
    everyMs: options.everyMs ?? EVERY_MS,
    what: 'sealing the audit log',
    log: options.log,
  });
}

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
