import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, HARBOR_PINE_ID, signIn, startTestApp, type TestApp, TINY_PNG } from '../../../../test/helpers';
import { storeVisitor } from '../../../../test/store-visitor';

let t: TestApp;
let db: pg.Client; // the owner role: looks past row-level security
let owner: string;
const slug = 'harbor-and-pine-interiors';
const at = (path: string) => `/store/${slug}/${path}`;
const visitor = (ip: string) => storeVisitor(t.app, slug, ip);

const api = async (method: 'POST' | 'PUT', url: string, body: unknown) => {
  const r = await call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
};
const attach = async (jobId: string, name: string, type: string, bytes: Buffer) => {
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v1/customer-jobs/${jobId}/files?name=${encodeURIComponent(name)}`,
    headers: { cookie: owner, 'content-type': type },
    payload: bytes,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json()._id as string;
};
const share = (id: string) => api('POST', `/files/${id}/share`, { shared: true });

const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n');
let caseyJob: string;
let otherJob: string;
let photo: string;
let contract: string;
let notes: string;
let unshared: string;
let othersFile: string;
let caseyJobs: { id: string; name: string }[];

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  const customer = async (where: string) =>
    (
      await db.query(
        `SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id WHERE c.firm_id = $1 AND ${where} ORDER BY c.id LIMIT 1`,
        [HARBOR_PINE_ID],
      )
    ).rows[0].id as string;
  const casey = await customer(`u.email = 'customer@demo.test'`);
  // Another customer of the same firm, with a store login of their own (made straight in the database).
  const user = await db.query(
    `INSERT INTO users (firm_id, kind, email, first_name, last_name, password_hash)
     VALUES ($1, 'customer', 'pat@portal.test', 'Pat', 'Tester', (SELECT password_hash FROM users WHERE email = 'owner@demo.test'))
     RETURNING id`,
    [HARBOR_PINE_ID],
  );
  const other = (
    await db.query(
      `INSERT INTO customers (firm_id, first_name, last_name, user_id, emails, primary_email)
       VALUES ($1, 'Pat', 'Tester', $2, '[{"label":"Personal","email":"pat@portal.test"}]'::jsonb, 'pat@portal.test') RETURNING id`,
      [HARBOR_PINE_ID, user.rows[0].id],
    )
  ).rows[0].id as string;
  const job = async (customerId: string, name: string) =>
    (
      await api('POST', '/customer-jobs', {
        customer: customerId,
        name,
        startDate: '2026-03-02',
        endDate: '2026-04-17',
        budgetRevenueCents: 4_321_00,
        notes: 'INTERNAL-JOB-NOTE: the client haggles',
      })
    )._id as string;
  caseyJob = await job(casey, 'Mudroom <b>bench</b> & "hooks"');
  otherJob = await job(other, 'Somebody else’s pantry');
  const task = (name: string, status: string, dueDate: string | null) =>
    api('POST', '/project-management', {
      name,
      status,
      dueDate,
      customerJob: { _id: caseyJob },
      description: 'INTERNAL-TASK-DESCRIPTION',
      checklist: [{ text: 'INTERNAL-CHECKLIST-ITEM', done: false }],
    });
  await task('Measure the mudroom', 'Done', '2026-03-03');
  await task('Build the bench', 'To Do', '2026-03-20');
  await task('Undated internal reminder', 'To Do', null);

  photo = await attach(caseyJob, "Bench & co's sketch.png", 'image/png', TINY_PNG);
  contract = await attach(caseyJob, 'Contract.pdf', 'application/pdf', PDF);
  notes = await attach(caseyJob, 'Cut list.csv', 'text/csv', Buffer.from('part,length\nseat,48\n'));
  unshared = await attach(caseyJob, 'Margin sheet.pdf', 'application/pdf', PDF);
  othersFile = await attach(otherJob, 'Pantry plan.pdf', 'application/pdf', PDF);
  for (const id of [photo, contract, notes, othersFile]) await share(id);
  caseyJobs = (
    await db.query('SELECT id, name FROM customer_jobs WHERE customer_id = $1 AND archived_at IS NULL ORDER BY name', [
      casey,
    ])
  ).rows;
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('the customer portal’s jobs', () => {
  it('sends a signed-out visitor to sign in', async () => {
    const v = visitor('198.51.100.60');
    for (const path of ['account/jobs', `account/jobs/${caseyJob}`, `account/files/${photo}`]) {
      const r = await v.get(path);
      expect([r.statusCode, r.headers.location]).toEqual([303, at('account')]);
    }
  });

  it('lists only the customer’s own jobs, with their status and dates, the names escaped', async () => {
    const v = visitor('198.51.100.61');
    await v.signIn('customer@demo.test');
    const page = await v.get('account/jobs');
    expect(page.statusCode).toBe(200);
    // Every one of Casey's jobs is linked, and no other job of the firm.
    const linked = [...page.body.matchAll(/account\/jobs\/([0-9a-f-]{36})"/g)].map((m) => m[1]).sort();
    expect(linked).toEqual(caseyJobs.map((j) => j.id).sort());
    expect(page.body).not.toContain(otherJob);
    expect(page.body).not.toContain('Somebody else');
    expect(page.body).toContain('Mudroom &lt;b&gt;bench&lt;/b&gt; &amp; &quot;hooks&quot;');
    expect(page.body).not.toContain('<b>bench</b>');
    expect(page.body).toContain('<td>Planned</td><td>Mar 2, 2026</td><td>Apr 17, 2026</td><td class="num">3</td>');
  });

  it('shows a job’s status, schedule and shared files, and nothing internal', async () => {
    const v = visitor('198.51.100.62');
    await v.signIn('customer@demo.test');
    const page = await v.get(`account/jobs/${caseyJob}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Mudroom &lt;b&gt;bench&lt;/b&gt; &amp; &quot;hooks&quot;</h1>');
    expect(page.body).toContain('<dt>Status</dt><dd>Planned</dd><dt>Start</dt><dd>Mar 2, 2026</dd>');
    // The schedule: dated tasks in date order, done or not.
    expect(page.body).toMatch(
      /<td>Measure the mudroom<\/td><td>Mar 3, 2026<\/td><td><span class="stock">Done<\/span><\/td>.*<td>Build the bench<\/td><td>Mar 20, 2026<\/td><td><span class="muted">Not yet<\/span>/s,
    );
    for (const secret of [
      'INTERNAL-JOB-NOTE',
      'INTERNAL-TASK-DESCRIPTION',
      'INTERNAL-CHECKLIST-ITEM',
      'Undated internal reminder',
      '4,321',
      'Margin sheet',
      unshared,
    ])
      expect(page.body).not.toContain(secret);
    // The photo as a lazy thumbnail named by its file; the documents as links.
    expect(page.body).toContain(
      `<img src="${at(`account/files/${photo}`)}" alt="Bench &amp; co&#39;s sketch.png" loading="lazy"`,
    );
    expect(page.body).toContain(`<a href="${at(`account/files/${contract}`)}">Contract.pdf</a>`);
    expect(page.body).toContain(`<a href="${at(`account/files/${notes}`)}">Cut list.csv</a>`);
  });

  it('serves a shared file’s bytes: images and PDFs inline, anything else saved', async () => {
    const v = visitor('198.51.100.63');
    await v.signIn('customer@demo.test');
    const image = await v.get(`account/files/${photo}`);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="Bench & co's sketch.png"; filename*=UTF-8''Bench%20%26%20co's%20sketch.png`,
    );
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const pdf = await v.get(`account/files/${contract}`);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="Contract.pdf"/);
    const csv = await v.get(`account/files/${notes}`);
    expect(csv.body).toBe('part,length\nseat,48\n');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Cut list.csv"/);
  });

  it('answers 404 for an unshared file, another customer’s shared file or job, and a malformed id', async () => {
    const v = visitor('198.51.100.64');
    await v.signIn('customer@demo.test');
    for (const path of [
      `account/files/${unshared}`,
      `account/files/${othersFile}`,
      'account/files/not-a-uuid',
      `account/jobs/${otherJob}`,
      'account/jobs/not-a-uuid',
    ]) {
      const r = await v.get(path);
      expect(r.statusCode, path).toBe(404);
      expect(r.body).not.toContain('%PDF');
    }
    // Unsharing takes the file away at once.
    await api('POST', `/files/${photo}/share`, { shared: false });
    expect((await v.get(`account/files/${photo}`)).statusCode).toBe(404);
    expect((await v.get(`account/jobs/${caseyJob}`)).body).not.toContain(photo);
    await share(photo);
  });

  it('another customer of the firm sees their own job and file, none of Casey’s', async () => {
    const v = visitor('198.51.100.65');
    await v.signIn('pat@portal.test');
    const list = await v.get('account/jobs');
    expect(list.body).toContain(`account/jobs/${otherJob}"`);
    expect(list.body).not.toContain(caseyJob);
    expect((await v.get(`account/jobs/${caseyJob}`)).statusCode).toBe(404);
    expect((await v.get(`account/files/${othersFile}`)).statusCode).toBe(200);
    expect((await v.get(`account/files/${photo}`)).statusCode).toBe(404);
  });
});
