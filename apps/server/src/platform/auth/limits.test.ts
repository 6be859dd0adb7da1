import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp, upload } from '../../../test/helpers';

/**
 * Every counter-based limit reserves atomically in PostgreSQL (decision 0012): fired 50 at once,
 * exactly the limit gets through. Sign-ins are proven in auth.test.ts; document numbers in
 * numbering.test.ts.
 */
let t: TestApp;
let owner: pg.Client;
const QUOTA_MB = 1;

beforeAll(async () => {
  t = await startTestApp({ env: { FILES_QUOTA_MB: String(QUOTA_MB) } });
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

const fifty = <T>(fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: 50 }, (_, i) => fn(i)));
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('limits fired 50 at once', () => {
  it('take exactly 10 website enquiries from one address', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const key = (await call(t.app, { method: 'GET', url: '/api/v1/leads/capture', cookie })).json().key;
    const before = (await owner.query('SELECT count(*)::int AS n FROM leads WHERE firm_id = $1', [HARBOR_PINE_ID]))
      .rows[0].n;
    const statuses = (
      await fifty((i) =>
        call(t.app, {
          method: 'POST',
          url: `/api/v1/public/leads/${key}`,
          body: { firstName: `Visitor ${i}`, email: `visitor${i}@example.test`, message: 'A kitchen, please.' },
          ip: '198.51.100.7',
        }),
      )
    ).map((r) => r.statusCode);
    expect(count(statuses, 201)).toBe(10);
    expect(count(statuses, 429)).toBe(40);
    const after = (await owner.query('SELECT count(*)::int AS n FROM leads WHERE firm_id = $1', [HARBOR_PINE_ID]))
      .rows[0].n;
    expect(after - before).toBe(10);
  });

  it('take exactly 10 password-reset requests from one address, and email one account at most 3 times', async () => {
    const responses = await fifty(() =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        body: { email: 'sales@demo.test' },
        ip: '198.51.100.8',
      }),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(count(statuses, 200)).toBe(10);
    expect(count(statuses, 429)).toBe(40);
    const sent = await owner.query(
      `SELECT count(*)::int AS n FROM email_outbox WHERE to_address = 'sales@demo.test' AND subject ILIKE '%password%'`,
    );
    expect(sent.rows[0].n).toBe(3);
  });

  it('take exactly 10 sign-ups from one address', async () => {
    const statuses = (
      await fifty((i) =>
        call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/register',
          body: {
            firm_name: `Parallel ${i}`,
            first_name: 'Pat',
            last_name: 'Lee',
            email: `parallel${i}@example.test`,
            password: 'a-long-password',
          },
          ip: '198.51.100.9',
        }),
      )
    ).map((r) => r.statusCode);
    expect(count(statuses, 429)).toBe(40);
    expect(statuses.filter((s) => s !== 429).every((s) => s < 300)).toBe(true);
  });

  it('store exactly as many parallel uploads as the firm’s quota holds, and count what is stored', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const used = Number(
      (
        await owner.query(
          'SELECT COALESCE(sum(size), 0)::bigint AS n FROM files WHERE firm_id = $1 AND deleted_at IS NULL',
          [HARBOR_PINE_ID],
        )
      ).rows[0].n,
    );
    const quota = QUOTA_MB * 1024 * 1024;
    expect(used).toBeLessThan(quota);
    const size = 40 * 1024;
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      Buffer.alloc(size - 16, 7), // a PNG signature, then filler: the content check reads the head
    ]);
    const fits = Math.floor((quota - used) / size);
    expect(fits).toBeGreaterThan(0);
    expect(fits).toBeLessThan(50);
    const responses = await fifty((i) => upload(t.app, cookie, `part-${i}.png`, png));
    const statuses = responses.map((r) => r.statusCode);
    expect(count(statuses, 201) + count(statuses, 200)).toBe(fits);
    expect(count(statuses, 413)).toBe(50 - fits);
    const stored = Number(
      (
        await owner.query(
          'SELECT COALESCE(sum(size), 0)::bigint AS n FROM files WHERE firm_id = $1 AND deleted_at IS NULL',
          [HARBOR_PINE_ID],
        )
      ).rows[0].n,
    );
    expect(stored).toBe(used + fits * size);
    expect(stored).toBeLessThanOrEqual(quota);
    // Nothing stays set aside once the uploads are over.
    expect((await owner.query('SELECT count(*)::int AS n FROM file_reservations')).rows[0].n).toBe(0);
  });
});
