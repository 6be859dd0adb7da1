import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { decodeRecordEvents, publishRecordEvents } from './record-events';

/** An executor that keeps the NOTIFY payloads instead of sending them. */
function capture() {
  const payloads: string[] = [];
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      payloads.push(dialect.sqlToQuery(query).params[1] as string);
    },
  } as unknown as Executor;
  return { db, payloads };
}

describe('record events', () => {
  it('splits a large change into payloads NOTIFY accepts, and loses none', async () => {
    const { db, payloads } = capture();
    const entries = Array.from({ length: 500 }, (_, i) => ({
      entityType: 'customer',
      entityId: `01a210eb-b445-761b-abce-${String(i).padStart(12, '0')}`,
      action: i === 7 ? 'delete' : 'hand-over',
      version: i + 2,
    }));
    await publishRecordEvents(db, { firmId: '019a0000-0000-7000-8000-000000000001', userId: null }, entries);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const events = payloads.flatMap(decodeRecordEvents);
    expect(events.map((e) => e.id)).toEqual(entries.map((e) => e.entityId));
    expect(events[7]).toMatchObject({ type: 'record', kind: 'customer', version: null, action: 'delete', by: null });
    expect(events[8]).toMatchObject({
      version: 10,
      action: 'hand-over',
      firmId: '019a0000-0000-7000-8000-000000000001',
    });
  });
});
