import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEDAR_ROW_ID, call, errorOf, signIn, startTestApp, startTestJobs, type TestApp } from '../../../test/helpers';
import { headerOf, startMailCatcher } from '../../../test/mail-catcher';
import { sendEmailJob } from '../../platform/email/email-job';
import type { JobRunner } from '../../platform/jobs/runner';
import { replyText, startInboundSmtp } from './inbound';
import { replyAddress } from './reply-address';

let t: TestApp;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let worker: JobRunner;
let db: pg.Client;
let owner: string;
let inbound: Awaited<ReturnType<typeof startInboundSmtp>>;
let inboundPort: number;
const dropped: string[] = [];
let casey: { _id: string };

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestApp({ env: { SMTP_URL: mail.url, REPLY_DOMAIN: 'replies.atelier.test' } });
  worker = startTestJobs(t, { jobs: [sendEmailJob] });
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  inbound = await startInboundSmtp(
    t.database.db,
    { ...t.config, inboundSmtp: { port: 0, host: '127.0.0.1' } },
    { info: () => {}, warn: (m) => dropped.push(m) },
  );
  inboundPort = (inbound!.server.server.address() as AddressInfo).port;
  owner = await signIn(t.app, 'owner@demo.test');
  const found = await call(t.app, { method: 'GET', url: '/api/v1/customers?q=casey', cookie: owner });
  casey = found.json().items[0];
});
afterAll(async () => {
  await inbound?.close();
  await worker.stop();
  await db.end();
  await t.close();
  await mail.close();
});

const api = (method: 'GET' | 'POST', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });

/** Mail to the server's inbound endpoint, as a customer's mail server would send it. */
const reply = (to: string, text: string, extra: Record<string, unknown> = {}) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true })
    .sendMail({ from: 'Casey <casey@customer.test>', to, subject: 'Re: Your kitchen', text, ...extra });

const header = headerOf;

async function waitFor<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('one-to-one messaging', () => {
  it('emails a customer with the thread’s own reply address, and files their reply on the record', async () => {
    const recipients = (await api('GET', `/customers/${casey._id}/message-recipients`)).json();
    const address = recipients.find((r: { channel: string }) => r.channel === 'email').value;
    const sent = await api('POST', `/customers/${casey._id}/messages`, {
      to: address,
      subject: 'Your kitchen',
      body: 'Hello Casey,\n\nThe cabinets arrive on Tuesday.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      direction: 'out',
      channel: 'email',
      status: 'queued',
      subject: 'Your kitchen',
    });
    await worker.runOnce();
    const out = await mail.waitFor(address, 10_000, (m) => header(m, 'Subject') === 'Your kitchen');
    const replyTo = header(out, 'Reply-To');
    expect(replyTo).toMatch(/^r\.[0-9a-f]{8}\.[0-9a-f]{32}\.[0-9a-f]{10}@replies\.atelier\.test$/);
    expect(out.text).toContain('The cabinets arrive on Tuesday.');

    await reply(
      replyTo,
      'Tuesday works, thank you!\n\nOn Mon, 30 Nov 2026, Harbor & Pine wrote:\n> Hello Casey,\n> The cabinets arrive on Tuesday.',
      {
        inReplyTo: header(out, 'Message-ID'),
      },
    );
    const threads = await waitFor(async () => {
      const list = (await api('GET', `/customers/${casey._id}/messages`)).json();
      return list[0]?.messages.length === 2 ? list : undefined;
    });
    expect(threads).toHaveLength(1);
    expect(threads[0].subject).toBe('Your kitchen');
    expect(threads[0].messages.map((m: { direction: string; status: string }) => [m.direction, m.status])).toEqual([
      ['out', 'sent'],
      ['in', 'received'],
    ]);
    expect(threads[0].messages[1]).toMatchObject({ from: 'casey@customer.test', body: 'Tuesday works, thank you!' });
    // The sender hears of it.
    const { rows } = await db.query(
      `SELECT message, link FROM notifications WHERE message LIKE 'Reply from casey@customer.test%'`,
    );
    expect(rows[0].link).toBe(`/u/customers/${casey._id}/interactions`);

    // An answer in the thread goes out as a reply: Re: its subject, In-Reply-To the customer's message.
    const answer = await api('POST', `/customers/${casey._id}/messages`, {
      to: address,
      body: 'Great, see you then.',
      thread: threads[0]._id,
    });
    expect(answer.json().subject).toBe('Re: Your kitchen');
    await worker.runOnce();
    const second = await mail.waitFor(address, 10_000, (m) => header(m, 'Subject') === 'Re: Your kitchen');
    expect(header(second, 'In-Reply-To')).toMatch(/^<.+>$/);
    expect(header(second, 'Reply-To')).toBe(replyTo);
  });

  it('drops and logs a forged reply address, an unknown thread, and a reply to a thread of another firm', async () => {
    const [thread] = (await api('GET', `/customers/${casey._id}/messages`)).json();
    const count = async () => (await db.query('SELECT count(*)::int AS n FROM messages')).rows[0].n;
    const before = await count();
    const real = thread.messages[0].from as string;
    const forged = real.replace(
      /\.([0-9a-f]{10})@/,
      (_, sig: string) => `.${sig.startsWith('0') ? '1' : '0'}${sig.slice(1)}@`,
    );
    await reply(forged, 'forged');
    // A correctly signed address of another firm's key for this firm's thread.
    const otherFirm = replyAddress(t.config, CEDAR_ROW_ID, thread._id);
    await reply(otherFirm, 'crossing firms');
    const unknown = replyAddress(t.config, CEDAR_ROW_ID, '0190a5c4-0000-7000-8000-000000000000');
    await reply(unknown, 'nobody');
    await waitFor(async () => (dropped.length >= 3 ? true : undefined));
    expect(dropped.join('\n')).toContain('not a reply address this server made');
    expect(dropped.join('\n')).toContain('a reply to a thread of another firm');
    expect(dropped.join('\n')).toContain('no such conversation');
    expect(await count()).toBe(before);
    // Mail for another domain is refused outright.
    await expect(reply('someone@elsewhere.test', 'relay me')).rejects.toThrow(/550/);
  });

  it('sends only to the record’s own addresses, writes texts to the log, and fills a template for the person', async () => {
    const stranger = await api('POST', `/customers/${casey._id}/messages`, {
      to: 'stranger@elsewhere.test',
      subject: 'Hi',
      body: 'Not to a stranger',
    });
    expect(stranger.statusCode).toBe(400);
    expect(errorOf(stranger).fields).toHaveProperty('to');
    const recipients = (await api('GET', `/customers/${casey._id}/message-recipients`)).json();
    const phone = recipients.find((r: { channel: string }) => r.channel === 'sms');
    expect(phone).toBeTruthy();
    const text = await api('POST', `/customers/${casey._id}/messages`, {
      channel: 'sms',
      to: phone.value,
      body: 'On our way',
    });
    expect(text.statusCode).toBe(201);
    expect(text.json().status).toBe('logged');
    const long = await api('POST', `/customers/${casey._id}/messages`, {
      channel: 'sms',
      to: '555',
      body: 'x'.repeat(1601),
    });
    expect(errorOf(long).fields).toHaveProperty('body');
    const [template] = (await api('GET', '/emails')).json().items;
    const draft = await api('POST', `/customers/${casey._id}/message-drafts`, { template: template._id });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().subject).toMatch(/^Casey, you are invited/);
    expect(draft.json().body).not.toContain('<p>');
  });

  it('messages a lead, an account and a job too: each at its own addresses (a job’s are its customer’s)', async () => {
    const made = async (url: string, body: unknown) => {
      const r = await api('POST', url, body);
      expect(r.statusCode, r.body).toBe(201);
      return r.json();
    };
    const lead = await made('/leads', { firstName: 'Robin', lastName: 'Vale', email: 'robin@lead.test' });
    const account = await made('/companies', { name: 'Vale Builders', type: 'contractor', email: 'office@vale.test' });
    const job = await made('/customer-jobs', { name: 'Vale kitchen', customer: casey._id });
    const caseyEmail = (await api('GET', `/customers/${casey._id}/message-recipients`)).json()[0].value;
    for (const [path, to] of [
      [`/leads/${lead._id}`, 'robin@lead.test'],
      [`/companies/${account._id}`, 'office@vale.test'],
      [`/customer-jobs/${job._id}`, caseyEmail],
    ] as const) {
      const recipients = (await api('GET', `${path}/message-recipients`)).json();
      expect(
        recipients.map((r: { value: string }) => r.value),
        path,
      ).toContain(to);
      const sent = await api('POST', `${path}/messages`, { to, subject: 'Hello', body: 'About your project' });
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await api('GET', `${path}/messages`)).json()[0].messages[0].to).toBe(to);
    }
  });

  it('needs the messaging module and the record’s own code, and keeps to the firm', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const off = await api('GET', `/customers/${casey._id}/messages`, undefined, cedar);
    expect(off.statusCode).toBe(403);
    await db.query(`UPDATE firms SET features = array_append(features, 'messaging') WHERE id = $1`, [CEDAR_ROW_ID]);
    const cedarAgain = await signIn(t.app, 'owner@cedar.test');
    const foreign = await api('GET', `/customers/${casey._id}/messages`, undefined, cedarAgain);
    expect(foreign.statusCode).toBe(404);
    const send = await api(
      'POST',
      `/customers/${casey._id}/messages`,
      { to: 'a@b.test', subject: 's', body: 'b' },
      cedarAgain,
    );
    expect(send.statusCode).toBe(404);
  });

  it('keeps the reply and leaves the quoted message out', () => {
    expect(replyText('Yes please.\n\nOn Tue, Dec 1, 2026 at 9:00 AM Harbor <x@y> wrote:\n> old')).toBe('Yes please.');
    expect(replyText('Fine\n-----Original Message-----\nFrom: x')).toBe('Fine');
    expect(replyText('> only quoted')).toBe('> only quoted');
  });
});
