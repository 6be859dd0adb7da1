import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARBOR_PINE_ID, startTestApp, type TestApp } from '../../../test/helpers';
import { startMailCatcher } from '../../../test/mail-catcher';
import { inScope } from '../../db/tenancy';
import { queueEmail } from './outbox.service';
import { startEmailWorker } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const outbox = () =>
  inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
    tx.execute<{
      to_address: string;
      status: string;
      attempts: number;
      retry_in: number | null;
      last_error: string | null;
    }>(
      sql`SELECT to_address, status, attempts, extract(epoch FROM next_attempt_at - now())::int AS retry_in, last_error FROM email_outbox ORDER BY created_at`,
    ),
  );

describe('the email outbox', () => {
  it('sends nothing for a transaction that rolled back', async () => {
    await expect(
      inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
        await queueEmail(tx, HARBOR_PINE_ID, { to: 'ghost@demo.test', subject: 'x', text: 'x' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow();
    expect((await outbox()).rows).toEqual([]);
  });

  it('retries a failed send with growing delays, then gives up after a bounded number of attempts', async () => {
    const failing = await startMailCatcher({ reject: true });
    const worker = startEmailWorker({
      db: t.database.db,
      url: t.ownerUrl,
      smtpUrl: failing.url,
      from: 'a@b.test',
      sessionIdleSeconds: 60,
      log: quiet,
    });
    try {
      await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
        queueEmail(tx, HARBOR_PINE_ID, { to: 'retry@demo.test', subject: 'Hello', text: 'Body' }),
      );
      await worker.runOnce();
      let [row] = (await outbox()).rows;
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.retry_in).toBeGreaterThan(20);
      expect(row!.last_error).toMatch(/Mailbox unavailable/);

      const delays = [row!.retry_in!];
      for (let attempt = 2; attempt <= 5; attempt++) {
        await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
          tx.execute(sql`UPDATE email_outbox SET next_attempt_at = now()`),
        );
        await worker.runOnce();
        [row] = (await outbox()).rows;
        if (attempt < 5) delays.push(row!.retry_in!);
      }
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(delays).toEqual([...delays].sort((a, b) => a - b));
      expect(delays.at(-1)).toBeGreaterThan(delays[0]! * 4);

      await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
        tx.execute(sql`UPDATE email_outbox SET next_attempt_at = now()`),
      );
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await worker.stop();
      await failing.close();
    }
  });

  it('delivers as soon as the queuing transaction commits (LISTEN/NOTIFY), without waiting for the poll', async () => {
    const mail = await startMailCatcher();
    const worker = startEmailWorker({
      db: t.database.db,
      url: t.ownerUrl,
      smtpUrl: mail.url,
      from: 'a@b.test',
      sessionIdleSeconds: 60,
      log: quiet,
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // let it LISTEN
      await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
        queueEmail(tx, HARBOR_PINE_ID, { to: 'fast@demo.test', subject: 'Quick', text: 'Body' }),
      );
      const message = await mail.waitFor('fast@demo.test', 3000);
      expect(message.text).toContain('Subject: Quick');
    } finally {
      await worker.stop();
      await mail.close();
    }
  });
});
