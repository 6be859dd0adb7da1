import { P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  errorOf,
  HARBOR_PINE_ID,
  signIn,
  staffMember,
  startTestApp,
  type TestApp,
  TINY_PNG,
  upload,
} from '../../../test/helpers';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(() => t.close());

describe('image uploads', () => {
  it('stores an image under a generated name and serves it back as an attachment', async () => {
    const response = await upload(t.app, owner, 'Our logo.png', TINY_PNG);
    expect(response.statusCode).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      name: 'Our logo.png',
      contentType: 'image/png',
      size: TINY_PNG.length,
      url: `/api/v1/files/${file._id}`,
    });

    const served = await call(t.app, { method: 'GET', url: file.url, cookie: owner });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Our logo.png"; filename*=UTF-8''Our%20logo.png`,
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const progress = t.app.deps.progress.get(
      (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json()._id,
    );
    expect(progress).toMatchObject({
      current: TINY_PNG.length,
      total: TINY_PNG.length,
      label: 'Uploading Our logo.png',
    });
  });

  it('echoes the upload id in progress, and clears progress when an upload fails', async () => {
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json()._id;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=a.png&upload=u-1',
      headers: { cookie: owner, 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    expect(t.app.deps.progress.get(me).id).toBe('u-1');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/files?name=b.png&upload=u-2',
      headers: { cookie: owner, 'content-type': 'image/png' },
      payload: Buffer.from('not a png'),
    });
    expect(t.app.deps.progress.get(me)).toMatchObject({ total: 0 });
  });

  it('checks the content against the declared type', async () => {
    const fake = await upload(t.app, owner, 'evil.png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(400);
    expect(errorOf(fake).message).toBe('This file is not a PNG image.');
    const jpegAsPng = await upload(t.app, owner, 'photo.png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
    expect(jpegAsPng.statusCode).toBe(400);
  });

  it('refuses other types (415) and files over 5 MB (413)', async () => {
    expect((await upload(t.app, owner, 'a.pdf', Buffer.from('%PDF-1.7'), 'application/pdf')).statusCode).toBe(415);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(t.app, owner, 'big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).message).toBe('Images can be at most 5 MB.');
  });

  it("answers another firm's file with 404", async () => {
    const file = (await upload(t.app, owner, 'mine.png', TINY_PNG)).json();
    const cedar = await signIn(t.app, 'owner@cedar.test');
    expect((await call(t.app, { method: 'GET', url: file.url, cookie: cedar })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: file.url })).statusCode).toBe(401);
  });

  it('becomes the firm logo and the user photo; a foreign file cannot', async () => {
    const file = (await upload(t.app, owner, 'logo.png', TINY_PNG)).json();
    const settings = (await call(t.app, { method: 'GET', url: '/api/v1/settings/', cookie: owner })).json();
    const { features: _f, ...firm } = settings.firmSettings;
    const saved = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/firmSettings',
      cookie: owner,
      body: { ...firm, logo: file.url },
    });
    expect(saved.json().logo).toBe(file.url);
    const photo = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      cookie: owner,
      body: { image: file.url },
    });
    expect(photo.json().image).toBe(file.url);

    const cedar = await signIn(t.app, 'owner@cedar.test');
    const cedarFirm = (await call(t.app, { method: 'GET', url: '/api/v1/settings/', cookie: cedar })).json()
      .firmSettings;
    const { features: _g, ...cf } = cedarFirm;
    const foreign = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/firmSettings',
      cookie: cedar,
      body: { ...cf, logo: file.url },
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/profile/', cookie: cedar, body: { image: file.url } }))
        .statusCode,
    ).toBe(400);
  });
});

describe('sharing a job’s file with its customer', () => {
  let db: pg.Client; // the owner role: looks past row-level security
  let jobId: string;
  let fileId: string;
  beforeAll(async () => {
    db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    const { rows } = await db.query(
      `SELECT id FROM customer_jobs WHERE firm_id = $1 AND customer_id IS NOT NULL ORDER BY name LIMIT 1`,
      [HARBOR_PINE_ID],
    );
    jobId = rows[0].id;
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer-jobs/${jobId}/files?name=Floor plan.pdf`,
      headers: { cookie: owner, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.7\n%%EOF\n'),
    });
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().sharedAt).toBeNull();
    fileId = attached.json()._id;
  });
  afterAll(() => db.end());

  const share = (id: string, body: unknown, cookie = owner) =>
    call(t.app, { method: 'POST', url: `/api/v1/files/${id}/share`, cookie, body });
  const audits = async () =>
    (
      await db.query(
        `SELECT action, entity_type, entity_id, changes FROM audit_log
          WHERE entity_id = $1 AND action IN ('share-file', 'unshare-file') ORDER BY created_at, id`,
        [jobId],
      )
    ).rows;

  it('shares and unshares it, shows it in the job’s file list, and records both in the job’s history', async () => {
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json()._id;
    const shared = await share(fileId, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ _id: fileId, name: 'Floor plan.pdf' });
    expect(Date.parse(shared.json().sharedAt)).toBeGreaterThan(Date.now() - 60_000);
    const list = (
      await call(t.app, { method: 'GET', url: `/api/v1/customer-jobs/${jobId}/files`, cookie: owner })
    ).json();
    expect(list.find((f: { _id: string }) => f._id === fileId).sharedAt).toBe(shared.json().sharedAt);
    const row = (await db.query('SELECT shared_by FROM files WHERE id = $1', [fileId])).rows[0];
    expect(row.shared_by).toBe(me);
    // Sharing again changes nothing, and is not recorded twice.
    expect((await share(fileId, { shared: true })).json().sharedAt).toBe(shared.json().sharedAt);

    const unshared = await share(fileId, { shared: false });
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json().sharedAt).toBeNull();
    expect((await db.query('SELECT shared_at, shared_by FROM files WHERE id = $1', [fileId])).rows[0]).toEqual({
      shared_at: null,
      shared_by: null,
    });
    expect(
      (await audits()).map((a) => [
        a.action,
        a.entity_type,
        a.entity_id,
        JSON.stringify(a.changes).includes('Floor plan.pdf'),
      ]),
    ).toEqual([
      ['share-file', 'customer_job', jobId, true],
      ['unshare-file', 'customer_job', jobId, true],
    ]);
  });

  it('refuses a file that is not a job’s (409), a bad body (400), and a malformed or unknown id (404)', async () => {
    const logo = (await upload(t.app, owner, 'not-a-job.png', TINY_PNG)).json();
    const refused = await share(logo._id, { shared: true });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe("Only a job's files can be shared with its customer.");
    expect((await db.query('SELECT shared_at FROM files WHERE id = $1', [logo._id])).rows[0].shared_at).toBeNull();
    const bad = await share(fileId, { shared: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('shared');
    expect((await share('not-an-id', { shared: true })).statusCode).toBe(404);
    expect((await share('019a0000-0000-7000-8000-00000000abcd', { shared: true })).statusCode).toBe(404);
  });

  it('needs the code to modify jobs (403); another firm’s staff get 404, a signed-out caller 401', async () => {
    const clerk = await staffMember(t, owner, db, 'clerk-files@demo.test', [P.MODIFY_COMPANIES]);
    const forbidden = await share(fileId, { shared: true }, clerk.cookie);
    expect(forbidden.statusCode).toBe(403);
    const cedar = await signIn(t.app, 'owner@cedar.test');
    expect((await share(fileId, { shared: true }, cedar)).statusCode).toBe(404);
    expect(
      (await call(t.app, { method: 'POST', url: `/api/v1/files/${fileId}/share`, body: { shared: true } })).statusCode,
    ).toBe(401);
    expect((await db.query('SELECT shared_at FROM files WHERE id = $1', [fileId])).rows[0].shared_at).toBeNull();
  });
});
