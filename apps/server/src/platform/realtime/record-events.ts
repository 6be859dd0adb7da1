import type { RecordEvent } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export const RECORDS_CHANNEL = 'atelier_records';

/** A record event as it travels between server instances: with the firm it belongs to. */
export type FirmRecordEvent = RecordEvent & { firmId: string };

/** What one NOTIFY carries: the firm and author once, then [kind, id, version, action] per record. */
type Wire = { f: string; b: string | null; e: [string, string, number | null, string][] };

// NOTIFY payloads must stay under 8,000 bytes: a bulk change goes in several.
const MAX_PAYLOAD = 7000;

/**
 * Announces changed records to the firm's open pages. NOTIFY is transactional: PostgreSQL
 * delivers it only when the writing transaction commits, and never if it rolls back, on every
 * server instance (each LISTENs; realtime/progress-hub).
 */
export async function publishRecordEvents(
  db: Executor,
  actor: { firmId: string; userId: string | null },
  entries: { entityType: string; entityId: string; action: string; version?: number }[],
): Promise<void> {
  const head = JSON.stringify({ f: actor.firmId, b: actor.userId, e: [] }).length;
  let batch: Wire['e'] = [];
  let size = head;
  const send = async () => {
    if (batch.length === 0) return;
    const wire: Wire = { f: actor.firmId, b: actor.userId, e: batch };
    await db.execute(sql`SELECT pg_notify(${RECORDS_CHANNEL}, ${JSON.stringify(wire)})`);
    batch = [];
    size = head;
  };
  for (const e of entries) {
    const item: Wire['e'][number] = [
      e.entityType,
      e.entityId,
      e.action === 'delete' ? null : (e.version ?? null),
      e.action,
    ];
    const length = JSON.stringify(item).length + 1;
    if (size + length > MAX_PAYLOAD) await send();
    batch.push(item);
    size += length;
  }
  await send();
}

/** The events in one NOTIFY payload. */
export function decodeRecordEvents(payload: string): FirmRecordEvent[] {
  const wire = JSON.parse(payload) as Wire;
  return wire.e.map(([kind, id, version, action]) => ({
    type: 'record',
    firmId: wire.f,
    kind,
    id,
    version,
    action,
    by: wire.b,
  }));
}
