import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CEDAR_ROW_ID,
  failure,
  HARBOR_PINE_ID,
  startTestApp,
  startTestJobs,
  type TestApp,
} from '../../../test/helpers';
import { startMailCatcher } from '../../../test/mail-catcher';
import { inScope } from '../../db/tenancy';
import { followUpRemindersJob } from '../../modules/leads/follow-ups';
import { sendEmailJob } from '../email/email-job';
import { queueEmail } from '../email/outbox.service';
import { defineJob, enqueueJob, FIRST_RETRY_SECONDS, forEachFirm } from './runner';

let t: TestApp;
let owner: pg.Client;
beforeAll(async () => {
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
  await t.close();
});

const rows = async <R>(text: string, values: unknown[] = []) => (await owner.query(text, values)).rows as R[];
type JobRow = { status: string; attempts: number; retry_in: number | null; last_error: string | null };
const jobRow = async (id: string) =>
  (
    await rows<JobRow>(
      'SELECT status, attempts, extract(epoch FROM run_at - now())::int AS retry_in, last_error FROM jobs WHERE id = $1',
      [id],
    )
  )[0]!;
const inHarbor = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(t.database.db, { firmId: HARBOR_PINE_ID }, fn);

describe('the job runner', () => {
  it('runs a job in its own firm’s scope only, whatever its payload names', async () => {
    const [cedarFirm] = await rows<{ name: string }>('SELECT name FROM firms WHERE id = $1', [CEDAR_ROW_ID]);
    const seen: unknown[] = [];
    const probe = defineJob<{ firmId: string }>({
      name: 'test.probe',
      run: async ({ payload, scoped, firmId }) => {
        // The payload names the other firm; the scope is still the job's own.
        const found = await scoped((tx) =>
          tx.execute<{ id: string }>(sql`SELECT id FROM firms WHERE id = ${payload.firmId}::uuid`),
        );
        const renamed = await scoped((tx) =>
          tx.execute(sql`UPDATE firms SET name = 'Taken over' WHERE id = ${payload.firmId}::uuid`),
        );
        seen.push({ firmId, found: found.rows.length, renamed: renamed.rowCount });
      },
    });
    const id = await inHarbor((tx) => enqueueJob(tx, HARBOR_PINE_ID, 'test.probe', { firmId: CEDAR_ROW_ID }));
    const runner = startTestJobs(t, { jobs: [probe] });
    try {
      await runner.runOnce();
    } finally {
      await runner.stop();
    }
    expect(seen).toEqual([{ firmId: HARBOR_PINE_ID, found: 0, renamed: 0 }]);
    expect((await jobRow(id)).status).toBe('done');
    expect((await rows<{ name: string }>('SELECT name FROM firms WHERE id = $1', [CEDAR_ROW_ID]))[0]).toEqual(
      cedarFirm,
    );
    // Nor can a firm queue a job for another.
    expect(await failure(inHarbor((tx) => enqueueJob(tx, CEDAR_ROW_ID, 'test.probe')))).toMatch(/row-level security/);
  });

  it('retries a failure with doubling delays, then ends it as failed, visibly', async () => {
    let calls = 0;
    const flaky = defineJob({
      name: 'test.flaky',
      run: async () => {
        calls += 1;
        throw new Error(`Attempt ${calls} went wrong`);
      },
    });
    const id = await inHarbor((tx) => enqueueJob(tx, HARBOR_PINE_ID, 'test.flaky', {}, { maxAttempts: 4 }));
    const runner = startTestJobs(t, { jobs: [flaky] });
    const delays: number[] = [];
    try {
      for (let attempt = 1; attempt <= 4; attempt++) {
        await owner.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
        await runner.runOnce();
        const row = await jobRow(id);
        expect(row.attempts).toBe(attempt);
        expect(row.last_error).toBe(`Attempt ${attempt} went wrong`);
        if (attempt < 4) {
          expect(row.status).toBe('queued');
          delays.push(row.retry_in!);
        } else expect(row.status).toBe('failed');
      }
      // Failed for good: nothing runs it again.
      await owner.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
      expect(await runner.runOnce()).toBe(0);
    } finally {
      await runner.stop();
    }
    expect(delays[0]).toBeGreaterThanOrEqual(FIRST_RETRY_SECONDS - 2);
    expect(Math.abs(delays[1]! - 2 * delays[0]!)).toBeLessThanOrEqual(2);
    expect(Math.abs(delays[2]! - 4 * delays[0]!)).toBeLessThanOrEqual(3);
    // The firm sees its own failed job (row-level security shows it no other).
    const visible = await inHarbor((tx) =>
      tx.execute<{ status: string }>(sql`SELECT status FROM jobs WHERE id = ${id}`),
    );
    expect(visible.rows).toEqual([{ status: 'failed' }]);
    const fromCedar = await inScope(t.database.db, { firmId: CEDAR_ROW_ID }, (tx) =>
      tx.execute(sql`SELECT 1 FROM jobs WHERE id = ${id}`),
    );
    expect(fromCedar.rows).toEqual([]);
  });

  it('arms a recurring job for each firm with its module, and skips a firm whose module is off', async () => {
    const runner = startTestJobs(t, { jobs: [followUpRemindersJob] });
    try {
      await runner.runOnce();
      const armed = await rows<{ firm_id: string; status: string }>(
        "SELECT firm_id, status FROM jobs WHERE name = 'leads.follow-up-reminders' ORDER BY firm_id",
      );
      const withLeads = await rows<{ id: string }>(
        "SELECT id FROM firms WHERE 'lead_management' = ANY (features) ORDER BY id",
      );
      expect(armed).toEqual(withLeads.map((f) => ({ firm_id: f.id, status: 'done' })));
      expect(armed.map((a) => a.firm_id)).not.toContain(CEDAR_ROW_ID);

      // Turned off after the job was queued: the job is skipped, not run.
      await owner.query(
        "UPDATE jobs SET status = 'queued', run_at = now(), finished_at = NULL WHERE name = 'leads.follow-up-reminders' AND firm_id = $1",
        [HARBOR_PINE_ID],
      );
      await owner.query("UPDATE firms SET features = array_remove(features, 'lead_management') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
      await runner.runOnce();
      const [skipped] = await rows<{ status: string; last_error: string }>(
        "SELECT status, last_error FROM jobs WHERE name = 'leads.follow-up-reminders' AND firm_id = $1",
        [HARBOR_PINE_ID],
      );
      expect(skipped).toEqual({ status: 'skipped', last_error: 'The firm does not have the lead_management module.' });
    } finally {
      await owner.query("UPDATE firms SET features = array_append(features, 'lead_management') WHERE id = $1", [
        HARBOR_PINE_ID,
      ]);
      await runner.stop();
    }
  });

  it('runs a task for every firm (or every firm with a module), each in its own scope', async () => {
    const each = await forEachFirm(t.database.db, null, async (tx) =>
      (await tx.execute<{ id: string }>(sql`SELECT id FROM firms`)).rows.map((r) => r.id),
    );
    const all = await rows<{ id: string }>('SELECT id FROM firms ORDER BY id');
    // Each run sees its own firm and no other.
    expect(each).toEqual(all.map((f) => [f.id]));
    const withLeads = await forEachFirm(t.database.db, 'lead_management', async (_tx, firmId) => firmId);
    expect(withLeads).not.toContain(CEDAR_ROW_ID);
    expect(withLeads).toContain(HARBOR_PINE_ID);
  });
});

describe('the email outbox on the job runner', () => {
  const outbox = (to: string) =>
    rows<{ status: string; last_error: string | null }>(
      'SELECT status, last_error FROM email_outbox WHERE to_address = $1',
      [to],
    );
  const jobOf = async (to: string) =>
    (
      await rows<{ id: string }>(
        "SELECT j.id FROM jobs j JOIN email_outbox o ON j.payload->>'id' = o.id::text WHERE o.to_address = $1",
        [to],
      )
    )[0]?.id;

  it('queues nothing for a transaction that rolled back', async () => {
    await expect(
      inHarbor(async (tx) => {
        await queueEmail(tx, HARBOR_PINE_ID, { to: 'ghost@demo.test', subject: 'x', text: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect(await outbox('ghost@demo.test')).toEqual([]);
    expect(await jobOf('ghost@demo.test')).toBeUndefined();
  });

  it('retries a failed send through the runner, then marks the message failed', async () => {
    const failing = await startMailCatcher({ reject: true });
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: failing.url } });
    try {
      await inHarbor((tx) => queueEmail(tx, HARBOR_PINE_ID, { to: 'retry@demo.test', subject: 'Hello', text: 'Body' }));
      const id = (await jobOf('retry@demo.test'))!;
      for (let attempt = 1; attempt <= 5; attempt++) {
        await owner.query('UPDATE jobs SET run_at = now() WHERE id = $1', [id]);
        await runner.runOnce();
        const [message] = await outbox('retry@demo.test');
        expect(message!.last_error).toMatch(/Mailbox unavailable/);
        expect(message!.status).toBe(attempt < 5 ? 'pending' : 'failed');
        expect((await jobRow(id)).status).toBe(attempt < 5 ? 'queued' : 'failed');
      }
    } finally {
      await runner.stop();
      await failing.close();
    }
  });

  it('delivers a message once the queuing transaction commits, and marks it sent', async () => {
    const mail = await startMailCatcher();
    const runner = startTestJobs(t, { jobs: [sendEmailJob], config: { smtpUrl: mail.url } });
    try {
      await inHarbor((tx) => queueEmail(tx, HARBOR_PINE_ID, { to: 'fast@demo.test', subject: 'Quick', text: 'Body' }));
      const message = await mail.waitFor('fast@demo.test', 3000);
      expect(message.text).toContain('Subject: Quick');
      await expect.poll(async () => (await outbox('fast@demo.test'))[0]?.status).toBe('sent');
    } finally {
      await runner.stop();
      await mail.close();
    }
  });
});
