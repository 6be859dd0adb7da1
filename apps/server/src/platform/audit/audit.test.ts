import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { warehouses } from '../../modules/warehouses/warehouses.table';
import { diffFields, recordAudit } from './audit.service';
import { auditLog } from './audit.table';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('diffFields', () => {
  it('records only what changed, hides secrets and ignores bookkeeping columns', () => {
    expect(
      diffFields(
        { name: 'A', city: 'Bath', passwordHash: 'x', version: 1, updatedAt: new Date(0), tags: ['a'] },
        { name: 'B', city: 'Bath', passwordHash: 'y', version: 2, updatedAt: new Date(1), tags: ['a', 'b'] },
      ),
    ).toEqual({
      name: { before: 'A', after: 'B' },
      passwordHash: { before: '[hidden]', after: '[hidden]' },
      tags: { before: ['a'], after: ['a', 'b'] },
    });
    expect(diffFields(null, { name: 'New' })).toEqual({ name: { before: null, after: 'New' } });
  });
});

describe('recordAudit', () => {
  it('is written in the same transaction as the change: both commit or neither does', async () => {
    const actor = { firmId: HARBOR_PINE_ID, userId: null };
    const countFor = (id: string) =>
      inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
        const rows = await tx.select().from(auditLog).where(eq(auditLog.entityId, id));
        return rows.length;
      });

    let rolledBack = '';
    await expect(
      inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
        const [w] = await tx.insert(warehouses).values({ firmId: HARBOR_PINE_ID, name: 'Temporary' }).returning();
        rolledBack = w!.id;
        await recordAudit(tx, actor, {
          entityType: 'warehouse',
          entityId: w!.id,
          action: 'create',
          after: { name: 'Temporary' },
        });
        throw new Error('the change fails after the audit row was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await countFor(rolledBack)).toBe(0);

    const kept = await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const [w] = await tx.insert(warehouses).values({ firmId: HARBOR_PINE_ID, name: 'Overflow' }).returning();
      await recordAudit(tx, actor, {
        entityType: 'warehouse',
        entityId: w!.id,
        action: 'create',
        after: { name: 'Overflow' },
      });
      return w!.id;
    });
    expect(await countFor(kept)).toBe(1);
  });

  it('skips updates that changed nothing', async () => {
    const id = '019a0000-0000-7000-8000-0000000000aa';
    await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
      recordAudit(
        tx,
        { firmId: HARBOR_PINE_ID, userId: null },
        { entityType: 'x', entityId: id, action: 'update', before: { a: 1 }, after: { a: 1 } },
      ),
    );
    const n = await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
      tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log WHERE entity_id = ${id}`),
    );
    expect(n.rows[0]!.n).toBe(0);
  });
});

describe('GET /api/v1/logs', () => {
  it('lists the firm’s history with who did what, filtered and paged', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const sales = await signIn(t.app, 'sales@demo.test');
    await call(t.app, { method: 'PUT', url: '/api/v1/profile/', cookie: sales, body: { first_name: 'Samantha' } });
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: sales })).json();

    const mine = await call(t.app, {
      method: 'GET',
      url: `/api/v1/logs?entityType=employee&entity=${me._id}&limit=100`,
      cookie: owner,
    });
    expect(mine.statusCode).toBe(200);
    const update = mine.json().items.find((e: { action: string }) => e.action === 'update');
    expect(update).toMatchObject({
      entityType: 'employee',
      entity: me._id,
      actor: { _id: me._id, name: 'Samantha Reyes' },
      impersonator: null,
      changes: { firstName: { before: 'Sam', after: 'Samantha' } },
    });

    const first = await call(t.app, { method: 'GET', url: '/api/v1/logs?limit=2', cookie: owner });
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(2);
    const second = (
      await call(t.app, { method: 'GET', url: `/api/v1/logs?limit=2&cursor=${page1.next}`, cookie: owner })
    ).json();
    expect(second.items[0]._id).not.toBe(page1.items[1]._id);
    expect(second.items[0].createdAt <= page1.items[1].createdAt).toBe(true);
    expect(second.total).toBe(page1.total);
  });

  it('answers bad filters with 400 and per-field messages', async () => {
    const owner = await signIn(t.app, 'owner@demo.test');
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/v1/logs?entity=42&from=yesterday&limit=500',
      cookie: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      entity: 'Not a valid record id.',
      from: 'Use a date like 2026-01-31.',
      limit: 'The limit can be at most 100.',
    });
    const cursor = await call(t.app, { method: 'GET', url: '/api/v1/logs?cursor=garbage', cookie: owner });
    expect(cursor.statusCode).toBe(400);
  });
});
