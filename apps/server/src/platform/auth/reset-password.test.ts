import { INVALID_RESET_LINK_MESSAGE, PASSWORD_RESET_DONE_MESSAGE, RESET_EMAIL_SENT_MESSAGE } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../email/email-job';
import type { JobRunner } from '../jobs/runner';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let worker: JobRunner;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestApp({ env: { SMTP_URL: mail.url, APP_URL: 'https://app.atelier.test' } });
  worker = startTestJobs(t, { jobs: [sendEmailJob] });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await mail.close();
});

const requestReset = (email: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/reset-password', body: { email }, headers });

function tokenFrom(text: string): string {
  const match = text.match(/https:\/\/app\.atelier\.test\/reset-password#token=([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`No reset link in:\n${text}`);
  return match[1]!;
}

describe('password reset by email', () => {
  it('emails a single-use link built from APP_URL (never the Host header), which sets a new password and ends every session', async () => {
    const oldSession = await signIn(t.app, 'warehouse@demo.test');

    const asked = await requestReset('warehouse@demo.test', { host: 'evil.example' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: RESET_EMAIL_SENT_MESSAGE });

    const email = await mail.waitFor('warehouse@demo.test');
    expect(email.text).toContain('Subject: Reset your Atelier password');
    expect(email.text).not.toContain('evil.example');
    const token = tokenFrom(email.text);

    const check = await call(t.app, { method: 'POST', url: '/api/v1/auth/reset-password/check', body: { token } });
    expect(check.json()).toEqual({ email: 'warehouse@demo.test' });

    const weak = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password/confirm',
      body: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).fields).toEqual({ password: 'Use at least 10 characters.' });

    const done = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password/confirm',
      body: { token, password: 'a-new-long-password' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_DONE_MESSAGE });

    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: oldSession })).statusCode).toBe(401);
    const oldPassword = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'warehouse@demo.test', password: 'demo-password' },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await signIn(t.app, 'warehouse@demo.test', 'a-new-long-password')).length).toBeGreaterThan(20);

    const reused = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password/confirm',
      body: { token, password: 'yet-another-password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toBe(INVALID_RESET_LINK_MESSAGE);
  });

  it('gives the same answer for an unknown address and sends nothing', async () => {
    const before = mail.messages.length;
    const response = await requestReset('nobody-here@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_EMAIL_SENT_MESSAGE });
    await worker.runOnce();
    expect(mail.messages.length).toBe(before);
  });

  it('refuses a link older than its validity', async () => {
    await requestReset('sales@demo.test');
    const token = tokenFrom((await mail.waitFor('sales@demo.test')).text);
    const owner = new pg.Client({ connectionString: t.ownerUrl });
    await owner.connect();
    const { rows } = await owner.query(
      "SELECT (expires_at - created_at) <= interval '60 minutes' AS ok FROM password_reset_tokens",
    );
    expect(rows.every((r) => r.ok)).toBe(true);
    await owner.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'");
    await owner.end();
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/reset-password/confirm',
      body: { token, password: 'a-new-long-password' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(INVALID_RESET_LINK_MESSAGE);
    expect((await signIn(t.app, 'sales@demo.test')).length).toBeGreaterThan(20);
  });

  it('answers a malformed request with 400 and per-field messages', async () => {
    const response = await call(t.app, { method: 'POST', url: '/api/v1/auth/reset-password', body: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ email: 'Enter a valid email address.' });
  });
});

describe('which reset links still work', () => {
  /** Asks for a link for `email` and returns its token, from the newest email to that address. */
  async function newLink(email: string): Promise<string> {
    const sent = () => mail.messages.filter((m) => m.to.includes(email));
    const before = sent().length;
    expect((await requestReset(email)).statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (sent().length === before) {
      if (Date.now() > deadline) throw new Error(`No new email to ${email}`);
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return tokenFrom(sent().at(-1)!.text);
  }
  const works = async (token: string) =>
    (await call(t.app, { method: 'POST', url: '/api/v1/auth/reset-password/check', body: { token } })).statusCode ===
    200;

  it('only the newest: asking again voids the link sent before', async () => {
    const first = await newLink('accounting@demo.test');
    expect(await works(first)).toBe(true);
    const second = await newLink('accounting@demo.test');
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
  });

  it('none after the password was changed on the profile page', async () => {
    const token = await newLink('owner@cedar.test');
    const cookie = await signIn(t.app, 'owner@cedar.test');
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      cookie,
      body: { current_password: 'demo-password', new_password: 'a-brand-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await works(token)).toBe(false);
  });

  it('none after "sign out everywhere", which also ends every session of the account at once', async () => {
    const token = await newLink('owner@demo.test');
    const here = await signIn(t.app, 'owner@demo.test');
    const elsewhere = await signIn(t.app, 'owner@demo.test');
    const out = await call(t.app, { method: 'POST', url: '/api/v1/profile/sign-out-everywhere', cookie: here });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'atelier_session')?.value).toBe('');
    for (const cookie of [here, elsewhere]) {
      expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).statusCode).toBe(401);
    }
    expect(await works(token)).toBe(false);
    // Signing in again works as before.
    expect((await signIn(t.app, 'owner@demo.test')).length).toBeGreaterThan(20);
  });
});
