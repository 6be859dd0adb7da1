import { UNSUBSCRIBE_INVALID } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CEDAR_ROW_ID,
  call,
  errorOf,
  HARBOR_PINE_ID,
  signIn,
  startTestApp,
  startTestJobs,
  type TestApp,
  TINY_PNG,
  upload,
} from '../../../test/helpers';
import { type CaughtMail, headerOf, startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';
import type { JobRunner } from '../../platform/jobs/runner';
import { sendBatchJob } from './sends.service';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let worker: JobRunner;
let batches: JobRunner;
let db: pg.Client;
let owner: string;

const FIXTURE = 1000;
beforeAll(async () => {
  mail = await startMailCatcher();
  // One connection for many messages, as a server sending newsletters would use.
  t = await startTestApp({ env: { SMTP_URL: `${mail.url}?pool=true` } });
  // The outbox's sender, and apart from it the sends' batches: a minute's batch is timed alone.
  worker = startTestJobs(t, { jobs: [sendEmailJob] });
  batches = startTestJobs(t, { jobs: [sendBatchJob] });
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  // The fixture: 1,000 consenting customers and 20 who never agreed, all tagged alike; the first
  // five tagged again; one whose name is HTML.
  await db.query(
    `INSERT INTO customers (firm_id, first_name, last_name, emails, primary_email, tags, marketing_consent)
     SELECT $1, CASE WHEN g = 7 THEN '<b>Bold</b>' ELSE 'Fixture' END, 'N' || g,
       jsonb_build_array(jsonb_build_object('label', 'Home', 'email', 'fix' || g || '@example.com')),
       'fix' || g || '@example.com',
       CASE WHEN g <= 5 THEN ARRAY['fixture', 'first-five'] ELSE ARRAY['fixture'] END, g <= $2
     FROM generate_series(1, $2 + 20) g`,
    [HARBOR_PINE_ID, FIXTURE],
  );
  const saved = await api('PUT', '/api/v1/settings/messagingSettings', {
    postalAddress: '12 Harbor Road\nPortland, ME 04101',
    senderName: 'Harbor & Pine',
    replyTo: 'hello@harborpine.test',
  });
  expect(saved.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await batches.stop();
  await db.end();
  await t.close();
  await mail.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url, cookie, body });

const newsletter = {
  name: 'Spring newsletter',
  subject: 'New in the showroom, {{first_name}}',
  preheader: 'Tiles, lights and a sale',
  blocks: [
    { type: 'heading', text: 'Hello {{ first_name }}' },
    {
      type: 'text',
      html: '<p onclick="steal()">Come and see us.<script>alert(1)</script></p><p><a href="https://harborpine.test/sale">The sale</a></p>',
    },
    { type: 'button', label: 'Visit the showroom', url: 'https://harborpine.test/visit' },
    { type: 'footer', text: 'See you soon.' },
  ],
};

async function makeEmail(body: unknown = newsletter) {
  const made = await api('POST', '/api/v1/emails', body);
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { _id: string; version: number; blocks: { type: string; html?: string }[] };
}

/** Runs the send's batches now, one after another, as the minutes would, until it is all handed over. */
async function drain(sendId: string) {
  for (let i = 0; i < 20; i++) {
    await batches.runOnce();
    await worker.runOnce();
    const { rows } = await db.query(
      `SELECT s.status, count(*) FILTER (WHERE o.status IN ('pending', 'sending'))::int AS waiting
       FROM email_sends s LEFT JOIN email_recipients r ON r.send_id = s.id LEFT JOIN email_outbox o ON o.id = r.outbox_id
       WHERE s.id = $1 GROUP BY s.status`,
      [sendId],
    );
    if (rows[0]?.status === 'sent' && rows[0].waiting === 0) return;
    // The next minute's batch, now.
    await db.query(`UPDATE email_sends SET next_batch_at = now() WHERE id = $1`, [sendId]);
    await db.query(`UPDATE jobs SET run_at = now() WHERE name = 'emailer.batch' AND status = 'queued'`);
  }
  throw new Error(`send ${sendId} did not finish`);
}

const header = headerOf;
const to = (m: CaughtMail) => m.to[0]!;

describe('the emailer', () => {
  it('keeps a template safe: scripts and event handlers removed on save, merge fields only from the list', async () => {
    const email = await makeEmail();
    expect(email.blocks[1]!.html).toBe(
      '<p>Come and see us.</p><p><a href="https://harborpine.test/sale" rel="noopener noreferrer nofollow" target="_blank">The sale</a></p>',
    );
    for (const [subject, field] of [
      ['Hi {{customer.__proto__}}', 'subject'],
      ['Hi {{constructor}}', 'subject'],
      ['{{ 7*7 }}', 'subject'],
    ] as const) {
      const refused = await api('POST', '/api/v1/emails', { ...newsletter, subject });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toHaveProperty(field);
    }
    const heading = await api('POST', '/api/v1/emails', {
      ...newsletter,
      blocks: [{ type: 'heading', text: '{{firm.owner.password}}' }],
    });
    expect(errorOf(heading).fields).toHaveProperty(['blocks.0.text']);
    // An image must be an image the firm uploaded.
    const notAnImage = await api('POST', '/api/v1/emails', {
      ...newsletter,
      blocks: [{ type: 'image', file: '0190a5c4-0000-7000-8000-000000000000', alt: '' }],
    });
    expect(errorOf(notAnImage).fields).toHaveProperty(['blocks.0.file']);
    const text = await upload(t.app, owner, 'not-an-image.png', Buffer.from('plain text, not a picture'));
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('previews with sample values, escaped, and an image only by its signed public link', async () => {
    const image = await upload(t.app, owner, 'tiles.png', TINY_PNG);
    expect(image.statusCode).toBe(201);
    const preview = await api('POST', '/api/v1/emails/preview', {
      subject: 'For {{first_name}}',
      blocks: [
        { type: 'heading', text: 'Hello {{first_name}}' },
        { type: 'image', file: image.json()._id, alt: 'New tiles' },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const { html, text, subject } = preview.json();
    expect(subject).toBe('For Casey');
    expect(text).toContain('HELLO CASEY');
    expect(text).toContain('12 Harbor Road');
    const src = /src="(http:\/\/atelier\.test\/api\/v1\/public\/email\/image\?t=[^"]+)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const served = await call(t.app, {
      method: 'GET',
      url: src!.replace('http://atelier.test', '').replace(/&amp;/g, '&'),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    // A changed link serves nothing.
    const forged = await call(t.app, {
      method: 'GET',
      url: src!
        .replace('http://atelier.test', '')
        .replace(/&amp;/g, '&')
        .replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('counts only consenting customers, by the query itself, and refuses another firm’s accounts', async () => {
    const count = await api('POST', '/api/v1/email-segments/count', { segment: { tags: ['fixture'] } });
    expect(count.json().count).toBe(FIXTURE);
    const five = await api('POST', '/api/v1/email-segments/count', { segment: { tags: ['first-five'] } });
    expect(five.json().count).toBe(5);
    const { rows } = await db.query('SELECT id FROM companies WHERE firm_id = $1 LIMIT 1', [CEDAR_ROW_ID]);
    const foreign = await api('POST', '/api/v1/email-segments/count', { segment: { companies: [rows[0].id] } });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toHaveProperty(['segment.companies']);
    const email = await makeEmail({ ...newsletter, name: 'Foreign' });
    const sent = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: { companies: [rows[0].id] } });
    expect(sent.statusCode).toBe(400);
    expect((await db.query('SELECT count(*)::int AS n FROM email_sends')).rows[0].n).toBe(0);
  });

  it(`sends to a segment of ${FIXTURE} through a real SMTP server, each with their own unsubscribe link, and honours it`, async () => {
    const email = await makeEmail();
    const sent = await api('POST', `/api/v1/emails/${email._id}/sends`, {
      segment: { tags: ['fixture'] },
      ratePerMinute: 600,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: FIXTURE, status: 'sending' });
    // The first minute's batch only: 600 handed to the outbox, the rest wait their minute.
    await batches.runOnce();
    const first = await db.query(
      `SELECT status, count(*)::int AS n FROM email_recipients GROUP BY status ORDER BY status`,
    );
    expect(first.rows).toEqual([
      { status: 'outboxed', n: 600 },
      { status: 'queued', n: 400 },
    ]);
    await drain(sent.json()._id);

    const ours = mail.messages.filter((m) => /^fix\d+@example\.com$/.test(to(m)));
    expect(ours).toHaveLength(FIXTURE);
    expect(new Set(ours.map(to)).size).toBe(FIXTURE);
    expect(ours.some((m) => /^fix10(0[1-9]|1\d|20)@/.test(to(m)))).toBe(false); // never agreed
    const ids = new Set(ours.map((m) => header(m, 'Message-ID')));
    expect(ids.size).toBe(FIXTURE);
    for (const m of ours.slice(0, 50)) {
      expect(header(m, 'List-Unsubscribe')).toMatch(
        /^<http:\/\/atelier\.test\/api\/v1\/public\/unsubscribe\?t=[\w.%-]+>$/,
      );
      expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(header(m, 'From')).toContain('Harbor & Pine');
      expect(header(m, 'Reply-To')).toContain('hello@harborpine.test');
      expect(m.text).toContain('http://atelier.test/unsubscribe/?t=');
      expect(m.text).toContain('12 Harbor Road');
      expect(m.text).not.toContain('<script');
      expect(m.text).not.toContain('onclick');
    }
    // A name that is HTML arrives as text: escaped in the HTML part (the subject and the plain
    // text part are text already).
    const bold = ours.find((m) => to(m) === 'fix7@example.com')!;
    const htmlPart = bold.text.slice(bold.text.indexOf('Content-Type: text/html'));
    expect(htmlPart).toContain('Hello &lt;b&gt;Bold&lt;/b&gt;');
    expect(htmlPart).not.toContain('<b>Bold</b>');
    // Each link is the person's own.
    const links = new Set(ours.map((m) => header(m, 'List-Unsubscribe')));
    expect(links.size).toBe(FIXTURE);

    const results = await api('GET', `/api/v1/emails/${email._id}/sends`);
    expect(results.json()[0]).toMatchObject({
      status: 'sent',
      recipients: FIXTURE,
      delivered: FIXTURE,
      bounced: 0,
      waiting: 0,
    });

    // fix3 unsubscribes with one click from their mail app (RFC 8058).
    const fix3 = ours.find((m) => to(m) === 'fix3@example.com')!;
    const oneClick = header(fix3, 'List-Unsubscribe').slice(1, -1).replace('http://atelier.test', '');
    const tampered = oneClick.replace(/t=(.)/, (_, c: string) => `t=${c === 'e' ? 'f' : 'e'}`);
    const refused = await call(t.app, {
      method: 'POST',
      url: tampered,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(UNSUBSCRIBE_INVALID);
    const consent = () =>
      db
        .query(`SELECT marketing_consent FROM customers WHERE primary_email = 'fix3@example.com'`)
        .then((r) => r.rows[0].marketing_consent);
    expect(await consent()).toBe(true);
    const page = await call(t.app, { method: 'GET', url: oneClick });
    expect(page.json()).toEqual({ firmName: 'Harbor & Pine Interiors', email: 'fix3@example.com', subscribed: true });
    const done = await call(t.app, {
      method: 'POST',
      url: oneClick,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ subscribed: false });
    expect(await consent()).toBe(false);
    const audit = await db.query(
      `SELECT a.action, a.actor_id, a.changes FROM audit_log a JOIN customers c ON c.id = a.entity_id
       WHERE c.primary_email = 'fix3@example.com' AND a.entity_type = 'customer'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_id).toBeNull();
    expect(JSON.stringify(audit.rows[0].changes)).toContain('marketingConsent');
    expect((await api('GET', `/api/v1/emails/${email._id}/sends`)).json()[0].unsubscribed).toBe(1);

    // The next send leaves fix3 out: by the segment's own query.
    const next = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: { tags: ['first-five'] } });
    expect(next.json().recipients).toBe(4);
    await drain(next.json()._id);
    const second = mail.messages.filter((m) => /^fix[1-5]@example\.com$/.test(to(m)));
    expect(second.filter((m) => to(m) === 'fix3@example.com')).toHaveLength(1);
    expect(second).toHaveLength(9);
  }, 240_000);

  it('skips someone who unsubscribes after a send started, and resends a crashed message with its own Message-ID', async () => {
    const email = await makeEmail({ ...newsletter, name: 'Crash course' });
    // No batch goes until fix1 has changed their mind.
    await batches.stop();
    const sent = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: { tags: ['first-five'] } });
    expect(sent.json().recipients).toBe(4);
    // fix1 withdraws consent before the batch goes (through their record's settings).
    const [fix1] = (await db.query(`SELECT id, version FROM customers WHERE primary_email = 'fix1@example.com'`)).rows;
    const withdrawn = await api('PUT', `/api/v1/customers/${fix1.id}/settings`, {
      marketingConsent: false,
      version: fix1.version,
    });
    expect(withdrawn.statusCode).toBe(200);
    batches = startTestJobs(t, { jobs: [sendBatchJob] });
    const before = mail.messages.length;
    await drain(sent.json()._id);
    const delivered = mail.messages.slice(before);
    expect(delivered.map(to).sort()).toEqual(['fix2@example.com', 'fix4@example.com', 'fix5@example.com']);
    expect((await api('GET', `/api/v1/emails/${email._id}/sends`)).json()[0]).toMatchObject({
      skipped: 1,
      delivered: 3,
    });

    // A crash after the mail server took fix2's message but before it was marked sent: the job
    // runs again after its lease and sends the same message, with the same Message-ID.
    const { rows } = await db.query(
      `SELECT o.id FROM email_outbox o JOIN email_recipients r ON r.outbox_id = o.id
       WHERE r.send_id = $1 AND r.to_address = 'fix2@example.com'`,
      [sent.json()._id],
    );
    await db.query(`UPDATE email_outbox SET status = 'pending', sent_at = NULL WHERE id = $1`, [rows[0].id]);
    await db.query(
      `INSERT INTO jobs (firm_id, name, payload) VALUES ($1, 'email.send', jsonb_build_object('id', $2::text))`,
      [HARBOR_PINE_ID, rows[0].id],
    );
    await worker.runOnce();
    await worker.runOnce();
    const again = mail.messages.slice(before).filter((m) => to(m) === 'fix2@example.com');
    expect(again).toHaveLength(2);
    expect(new Set(again.map((m) => header(m, 'Message-ID'))).size).toBe(1);
  }, 60_000);

  it('counts opens and clicks only where the firm turned tracking on', async () => {
    const email = await makeEmail({ ...newsletter, name: 'Tracked' });
    const plain = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: { tags: ['first-five'] } });
    let before = mail.messages.length;
    await drain(plain.json()._id);
    const untracked = mail.messages.slice(before)[0]!;
    expect(untracked.text).not.toContain('/public/email/open');
    expect(untracked.text).toContain('href="https://harborpine.test/visit"');

    await api('PUT', '/api/v1/settings/messagingSettings', { tracking: true });
    const tracked = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: { tags: ['first-five'] } });
    before = mail.messages.length;
    await drain(tracked.json()._id);
    const m = mail.messages.slice(before)[0]!;
    const pixel = /src="http:\/\/atelier\.test(\/api\/v1\/public\/email\/open\?t=[^"]+)"/.exec(m.text)?.[1];
    const click = /href="http:\/\/atelier\.test(\/api\/v1\/public\/email\/click\?t=[^"]+)"/.exec(m.text)?.[1];
    expect(pixel && click).toBeTruthy();
    expect((await call(t.app, { method: 'GET', url: pixel!.replace(/&amp;/g, '&') })).headers['content-type']).toBe(
      'image/gif',
    );
    const went = await call(t.app, { method: 'GET', url: click!.replace(/&amp;/g, '&') });
    expect(went.statusCode).toBe(302);
    expect(went.headers.location).toMatch(/^https:\/\/harborpine\.test\//);
    const [latest] = (await api('GET', `/api/v1/emails/${email._id}/sends`)).json();
    expect(latest).toMatchObject({ opened: 1, clicked: 1 });
    await api('PUT', '/api/v1/settings/messagingSettings', { tracking: false });
  }, 60_000);

  it('sends a test to the sender only, and refuses a send without the firm’s postal address', async () => {
    const email = await makeEmail({ ...newsletter, name: 'Test me' });
    const test = await api('POST', `/api/v1/emails/${email._id}/test`);
    expect(test.statusCode).toBe(202);
    const got = await mail.waitFor(test.json().to, 10_000, (m) => header(m, 'Subject').includes('[Test]'));
    expect(header(got, 'Subject')).toContain('[Test]');
    await api('PUT', '/api/v1/settings/messagingSettings', { postalAddress: '' });
    await db.query(`UPDATE settings SET data = data || '{"addressBlock": ""}' WHERE "group" = 'documentSettings'`);
    const refused = await api('POST', `/api/v1/emails/${email._id}/sends`, { segment: {} });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toContain('postal address');
    await api('PUT', '/api/v1/settings/messagingSettings', { postalAddress: '12 Harbor Road\nPortland, ME 04101' });
  });
});
