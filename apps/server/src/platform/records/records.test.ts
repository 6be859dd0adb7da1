import type { Activity, Interaction, StoredFile } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CEDAR_ROW_ID,
  call,
  errorOf,
  HARBOR_PINE_ID,
  signIn,
  startTestApp,
  type TestApp,
  TINY_PNG,
} from '../../../test/helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let t: TestApp;
let owner: string; // super admin
let sales: string; // 13 and 8
let wes: string; // neither 13 nor 8
let ada: string; // neither 13 nor 8
let cedar: string; // super admin of the other firm
let samId: string;
let wesId: string;
let db: pg.Client; // the owner role: looks past row-level security, for ground truth

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  wes = await signIn(t.app, 'warehouse@demo.test');
  ada = await signIn(t.app, 'accounting@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  samId = (await api('GET', '/auth/', sales)).json()._id;
  wesId = (await api('GET', '/auth/', wes)).json()._id;
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: Method, url: string, cookie?: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}

function upload(url: string, cookie: string | undefined, name: string, bytes: Buffer, contentType: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1${url}/files?name=${encodeURIComponent(name)}`,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': contentType },
    payload: bytes,
  });
}

/** A minimal PDF: enough for the content check, which reads the `%PDF-` signature. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const today = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const interaction = (over: Record<string, unknown> = {}) => ({
  kind: 'call',
  occurredAt: new Date().toISOString(),
  summary: 'Talked about the island.',
  ...over,
});

/** Everything a refused request could have changed in a firm's interactions, files and history. */
async function snapshot(firmId = HARBOR_PINE_ID) {
  const { rows } = await db.query(
    `SELECT (SELECT count(*) FROM interactions WHERE firm_id = $1)::int AS interactions,
            (SELECT md5(string_agg(id::text || summary || version || COALESCE(follow_up_done_at::text, ''), ',' ORDER BY id))
               FROM interactions WHERE firm_id = $1) AS interaction_digest,
            (SELECT count(*) FROM files WHERE firm_id = $1 AND deleted_at IS NULL)::int AS files,
            (SELECT count(*) FROM files WHERE firm_id = $1)::int AS file_rows,
            (SELECT count(*) FROM audit_log WHERE firm_id = $1 AND action NOT IN ('sign-in', 'sign-out'))::int AS audit,
            (SELECT COALESCE(sum(version), 0) FROM companies WHERE firm_id = $1)::int AS company_versions,
            (SELECT COALESCE(sum(version), 0) FROM customers WHERE firm_id = $1)::int AS customer_versions`,
    [firmId],
  );
  return rows[0];
}

type Kind = {
  type: 'company' | 'customer';
  path: 'companies' | 'customers';
  noun: string;
  create: (cookie?: string, label?: string) => Promise<string>;
  /** An edit as sales that changes exactly one field, named in the activity line. */
  edit: (id: string, cookie: string) => Promise<void>;
  editedField: string;
};

let seq = 0;
const KINDS: Kind[] = [
  {
    type: 'company',
    path: 'companies',
    noun: 'account',
    create: async (cookie = owner, label = `Record account ${++seq}`) => {
      const r = await api('POST', '/companies', cookie, { name: label, type: 'trade' });
      expect(r.statusCode, r.body).toBe(201);
      return r.json()._id;
    },
    edit: async (id, cookie) => {
      const { version } = (await api('GET', `/companies/${id}`, owner)).json();
      const r = await api('PUT', `/companies/${id}`, cookie, {
        name: `Edited account ${++seq}`,
        type: 'trade',
        version,
      });
      expect(r.statusCode, r.body).toBe(200);
    },
    editedField: 'name',
  },
  {
    type: 'customer',
    path: 'customers',
    noun: 'customer',
    create: async (cookie = owner, label = `Customer ${++seq}`) => {
      const r = await api('POST', '/customers', cookie, { firstName: 'Record', lastName: label });
      expect(r.statusCode, r.body).toBe(201);
      return r.json()._id;
    },
    edit: async (id, cookie) => {
      const { version } = (await api('GET', `/customers/${id}`, owner)).json();
      const r = await api('PUT', `/customers/${id}`, cookie, {
        firstName: 'Record',
        lastName: `Edited ${++seq}`,
        version,
      });
      expect(r.statusCode, r.body).toBe(200);
    },
    editedField: 'lastName',
  },
];

describe.each(KINDS)('the sub-resources of $path', (kind) => {
  const base = (id: string) => `/${kind.path}/${id}`;

  describe('permissions', () => {
    type Ctx = { id: string; interactionId: string; fileId: string };
    let ctx: Ctx;
    beforeAll(async () => {
      const id = await kind.create();
      const i = await api('POST', `${base(id)}/interactions`, owner, interaction({ summary: 'Matrix seed' }));
      const f = await upload(base(id), owner, 'matrix.pdf', PDF, 'application/pdf');
      expect(f.statusCode, f.body).toBe(201);
      ctx = { id, interactionId: i.json()._id, fileId: f.json()._id };
    });

    type Row = { name: string; method: Method; url: (c: Ctx) => string; body?: unknown; upload?: true; status: number };
    const rows: Row[] = [
      { name: 'GET interactions', method: 'GET', url: (c) => `${base(c.id)}/interactions`, status: 200 },
      {
        name: 'POST interactions',
        method: 'POST',
        url: (c) => `${base(c.id)}/interactions`,
        body: interaction(),
        status: 201,
      },
      {
        name: 'PUT interactions/{id}',
        method: 'PUT',
        url: (c) => `${base(c.id)}/interactions/${c.interactionId}`,
        body: interaction({ kind: 'note', summary: 'Matrix edit', version: 1 }),
        status: 200,
      },
      {
        name: 'DELETE interactions/{id}',
        method: 'DELETE',
        url: (c) => `${base(c.id)}/interactions/${c.interactionId}`,
        status: 204,
      },
      { name: 'GET files', method: 'GET', url: (c) => `${base(c.id)}/files`, status: 200 },
      { name: 'POST files', method: 'POST', url: (c) => base(c.id), upload: true, status: 201 },
      { name: 'DELETE files/{id}', method: 'DELETE', url: (c) => `${base(c.id)}/files/${c.fileId}`, status: 204 },
      { name: 'GET logs', method: 'GET', url: (c) => `${base(c.id)}/logs`, status: 200 },
      { name: 'GET activities', method: 'GET', url: (c) => `${base(c.id)}/activities`, status: 200 },
    ];

    it.each(rows)(
      `$name: 401 signed out, 403 without ${kind.type === 'company' ? 13 : 8}, allowed with it`,
      async (row) => {
        const send = (cookie?: string) =>
          row.upload
            ? upload(row.url(ctx), cookie, 'matrix-upload.pdf', PDF, 'application/pdf')
            : api(row.method, row.url(ctx), cookie, row.body);
        const before = await snapshot();
        const anonymous = await send();
        expect(anonymous.statusCode).toBe(401);
        for (const cookie of [wes, ada]) {
          const refused = await send(cookie);
          expect(refused.statusCode, refused.body).toBe(403);
          expect(errorOf(refused).code).toBe('forbidden');
        }
        expect(await snapshot()).toEqual(before);
        const allowed = await send(sales);
        expect(allowed.statusCode, allowed.body).toBe(row.status);
      },
    );

    it('serves a record’s file only to those who may see the record (404 otherwise)', async () => {
      const f = (await upload(base(ctx.id), sales, 'private.pdf', PDF, 'application/pdf')).json();
      expect((await api('GET', f.url.replace('/api/v1', ''))).statusCode).toBe(401);
      for (const cookie of [wes, ada, cedar]) {
        const r = await api('GET', f.url.replace('/api/v1', ''), cookie);
        expect(r.statusCode).toBe(404);
        expect(errorOf(r).message).toBe('This file does not exist.');
      }
      expect((await api('GET', f.url.replace('/api/v1', ''), sales)).statusCode).toBe(200);
    });
  });

  describe('tenant isolation', () => {
    it('answers every sub-route of another firm’s record with 404, and changes nothing', async () => {
      const id = await kind.create(owner, 'Harbor private record');
      const i = (await api('POST', `${base(id)}/interactions`, owner, interaction({ followUpOn: today() }))).json();
      const f = (await upload(base(id), owner, 'harbor.pdf', PDF, 'application/pdf')).json();
      const before = await snapshot();
      const cedarBefore = await snapshot(CEDAR_ROW_ID);
      const attempts: [Method, string, unknown?][] = [
        ['GET', `${base(id)}/interactions`],
        ['POST', `${base(id)}/interactions`, interaction()],
        ['PUT', `${base(id)}/interactions/${i._id}`, interaction({ summary: 'Hijacked', version: 1 })],
        ['DELETE', `${base(id)}/interactions/${i._id}`],
        ['GET', `${base(id)}/files`],
        ['DELETE', `${base(id)}/files/${f._id}`],
        ['GET', `${base(id)}/logs`],
        ['GET', `${base(id)}/activities`],
      ];
      for (const [method, url, body] of attempts) {
        const r = await api(method, url, cedar, body);
        expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(404);
        expect(errorOf(r).message).toBe(`This ${kind.noun} does not exist.`);
      }
      const up = await upload(base(id), cedar, 'intruder.pdf', PDF, 'application/pdf');
      expect(up.statusCode).toBe(404);
      expect((await api('GET', f.url.replace('/api/v1', ''), cedar)).statusCode).toBe(404);

      // Through Cedar's own record, Harbor's interaction and file are just as unknown.
      const { rows } = await db.query(`SELECT id::text FROM ${kind.path} WHERE firm_id = $1 LIMIT 1`, [CEDAR_ROW_ID]);
      const own = base(rows[0].id);
      const viaOwn: [Method, string, unknown?][] = [
        ['PUT', `${own}/interactions/${i._id}`, interaction({ summary: 'Hijacked', version: 1 })],
        ['DELETE', `${own}/interactions/${i._id}`],
        ['DELETE', `${own}/files/${f._id}`],
      ];
      for (const [method, url, body] of viaOwn) {
        const r = await api(method, url, cedar, body);
        expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(404);
      }
      const cedarFollowUps = (await api('GET', '/interactions/follow-ups', cedar)).json();
      expect(cedarFollowUps.map((x: Interaction) => x._id)).not.toContain(i._id);

      expect(await snapshot()).toEqual(before);
      expect(await snapshot(CEDAR_ROW_ID)).toEqual(cedarBefore);
      const still = (await api('GET', `${base(id)}/interactions`, owner)).json();
      expect(still).toEqual([expect.objectContaining({ _id: i._id, summary: 'Talked about the island.', version: 1 })]);
      expect((await api('GET', `${base(id)}/files`, owner)).json().map((x: StoredFile) => x.name)).toEqual([
        'harbor.pdf',
      ]);
    });
  });

  describe('interactions', () => {
    let id: string;
    beforeAll(async () => {
      id = await kind.create();
    });

    it('adds, lists newest first, edits with a version, and deletes', async () => {
      const older = await api('POST', `${base(id)}/interactions`, sales, {
        kind: 'email',
        occurredAt: '2026-01-05T09:30:00+02:00',
        summary: '  Sent the finish samples.  ',
      });
      expect(older.statusCode).toBe(201);
      expect(older.json()).toEqual({
        _id: expect.any(String),
        entityType: kind.type,
        entity: id,
        kind: 'email',
        occurredAt: '2026-01-05T07:30:00.000Z',
        summary: 'Sent the finish samples.',
        followUpOn: null,
        followUpDone: false,
        author: { _id: samId, name: 'Sam Reyes' },
        version: 1,
      });
      const newer = (
        await api(
          'POST',
          `${base(id)}/interactions`,
          sales,
          interaction({ kind: 'meeting', followUpOn: daysFromNow(3) }),
        )
      ).json();
      expect(newer).toMatchObject({ kind: 'meeting', followUpOn: daysFromNow(3), version: 1 });

      const listed = await api('GET', `${base(id)}/interactions`, sales);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((x: Interaction) => x._id)).toEqual([newer._id, older.json()._id]);

      // Olivia edits Sam's note: it stays Sam's.
      const edited = await api('PUT', `${base(id)}/interactions/${newer._id}`, owner, {
        kind: 'meeting',
        occurredAt: newer.occurredAt,
        summary: 'Showroom meeting: chose shaker doors.',
        followUpOn: daysFromNow(3),
        followUpDone: true,
        version: 1,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        summary: 'Showroom meeting: chose shaker doors.',
        followUpDone: true,
        version: 2,
        author: { name: 'Sam Reyes' },
      });

      const stale = await api(
        'PUT',
        `${base(id)}/interactions/${newer._id}`,
        sales,
        interaction({ summary: 'Stale', version: 1 }),
      );
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale).code).toBe('conflict');
      const after = (await api('GET', `${base(id)}/interactions`, sales)).json()[0];
      expect(after).toMatchObject({ summary: 'Showroom meeting: chose shaker doors.', version: 2 });

      // An interaction belongs to its record: another record's URL does not reach it.
      const other = await kind.create();
      for (const [method, url] of [
        ['PUT', `${base(other)}/interactions/${newer._id}`],
        ['DELETE', `${base(other)}/interactions/${newer._id}`],
        ['PUT', `${base(id)}/interactions/not-an-id`],
        ['DELETE', `${base(id)}/interactions/019a0000-0000-7000-8000-00000000abcd`],
      ] as [Method, string][]) {
        const r = await api(method, url, sales, method === 'PUT' ? interaction({ version: 1 }) : undefined);
        expect(r.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(r).message).toBe('This interaction does not exist.');
      }

      expect((await api('DELETE', `${base(id)}/interactions/${newer._id}`, sales)).statusCode).toBe(204);
      expect((await api('GET', `${base(id)}/interactions`, sales)).json().map((x: Interaction) => x._id)).toEqual([
        older.json()._id,
      ]);
      expect((await api('DELETE', `${base(id)}/interactions/${newer._id}`, sales)).statusCode).toBe(404);

      const actions = (await api('GET', `${base(id)}/logs`, sales))
        .json()
        .items.map((x: { action: string }) => x.action);
      expect(actions.slice(0, 4)).toEqual([
        'remove-interaction',
        'edit-interaction',
        'add-interaction',
        'add-interaction',
      ]);
    });

    it('refuses a bad interaction with a message per field, and adds nothing', async () => {
      const before = await snapshot();
      const r = await api('POST', `${base(id)}/interactions`, sales, {
        kind: 'fax',
        occurredAt: 'yesterday',
        summary: '   ',
        followUpOn: '31/01/2026',
        followUpDone: 'yes',
        mood: 'happy',
      });
      expect(r.statusCode).toBe(400);
      expect(errorOf(r).fields).toEqual({
        kind: 'Choose call, email, meeting or note.',
        occurredAt: 'Enter when it happened.',
        summary: 'Write what was said or agreed.',
        followUpOn: 'Use a date like 2026-01-31.',
        followUpDone: expect.any(String),
        mood: '"mood" cannot be set here.',
      });
      const long = await api('POST', `${base(id)}/interactions`, sales, interaction({ summary: 'x'.repeat(5001) }));
      expect(errorOf(long).fields).toEqual({ summary: 'Use at most 5,000 characters.' });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('files', () => {
    let id: string;
    beforeAll(async () => {
      id = await kind.create();
    });

    it('uploads a PDF, lists it, serves it back for download, and deletes it', async () => {
      const r = await upload(base(id), sales, 'Quote 1.pdf', PDF, 'application/pdf');
      expect(r.statusCode, r.body).toBe(201);
      const file = r.json();
      expect(file).toMatchObject({
        name: 'Quote 1.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        url: `/api/v1/files/${file._id}`,
        uploadedBy: { _id: samId, name: 'Sam Reyes' },
      });
      const listed = (await api('GET', `${base(id)}/files`, sales)).json();
      expect(listed).toEqual([file]);

      const served = await call(t.app, { method: 'GET', url: file.url, cookie: sales });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PDF)).toBe(true);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="Quote 1.pdf"; filename*=UTF-8''Quote%201.pdf`,
      );
      expect((await call(t.app, { method: 'GET', url: file.url, cookie: wes })).statusCode).toBe(404);

      // Another record's URL does not reach the file.
      const other = await kind.create();
      expect((await api('DELETE', `${base(other)}/files/${file._id}`, sales)).statusCode).toBe(404);
      expect((await api('DELETE', `${base(id)}/files/not-an-id`, sales)).statusCode).toBe(404);

      expect((await api('DELETE', `${base(id)}/files/${file._id}`, sales)).statusCode).toBe(204);
      expect((await api('GET', `${base(id)}/files`, sales)).json()).toEqual([]);
      expect((await call(t.app, { method: 'GET', url: file.url, cookie: sales })).statusCode).toBe(404);
      expect((await api('DELETE', `${base(id)}/files/${file._id}`, sales)).statusCode).toBe(404);
      const actions = (await api('GET', `${base(id)}/logs`, sales))
        .json()
        .items.map((x: { action: string }) => x.action);
      expect(actions.slice(0, 2)).toEqual(['remove-file', 'attach-file']);
    });

    it('accepts the other document types, each checked by content, and keeps names safe', async () => {
      const accepted: [string, Buffer, string][] = [
        ['photo.png', TINY_PNG, 'image/png'],
        ['notes.txt', Buffer.from('Measure the pantry wall.\n'), 'text/plain'],
        ['cuts.csv', Buffer.from('part,length\nshelf,900\n'), 'text/csv'],
        [
          'plan.docx',
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        [
          'sizes.xlsx',
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ],
        ['../../etc/passwd.pdf', PDF, 'application/pdf'],
      ];
      for (const [name, bytes, type] of accepted) {
        const r = await upload(base(id), sales, name, bytes, type);
        expect(r.statusCode, `${name}: ${r.body}`).toBe(201);
        expect(r.json().contentType).toBe(type);
      }
      const names = (await api('GET', `${base(id)}/files`, sales)).json().map((f: StoredFile) => f.name);
      expect(names).toContain('.._.._etc_passwd.pdf');
      expect(names.every((n: string) => !n.includes('/'))).toBe(true);
    });

    it('refuses content that is not what it claims (400) and unsupported types (415), storing nothing', async () => {
      const before = await snapshot();
      const fake = await upload(
        base(id),
        sales,
        'quote.pdf',
        Buffer.from('This is just text, not a PDF.'),
        'application/pdf',
      );
      expect(fake.statusCode).toBe(400);
      expect(errorOf(fake)).toMatchObject({
        code: 'validation',
        message: 'This file is not a file of the type its name says.',
        fields: { file: 'The file content does not match its type.' },
      });
      const pngAsJpeg = await upload(base(id), sales, 'photo.jpg', TINY_PNG, 'image/jpeg');
      expect(pngAsJpeg.statusCode).toBe(400);
      const binaryText = await upload(base(id), sales, 'notes.txt', Buffer.from([0x41, 0x00, 0x42]), 'text/plain');
      expect(binaryText.statusCode).toBe(400);
      for (const type of ['application/zip', 'text/html', 'application/x-msdownload']) {
        const r = await upload(base(id), sales, 'archive.zip', Buffer.from('PK\u0003\u0004'), type);
        expect(r.statusCode, type).toBe(415);
      }
      const unnamed = await t.app.inject({
        method: 'POST',
        url: `/api/v1${base(id)}/files?name=%20`,
        headers: { cookie: sales, 'content-type': 'application/pdf' },
        payload: PDF,
      });
      expect(unnamed.statusCode).toBe(400);
      expect(errorOf(unnamed).fields).toEqual({ name: 'Name the file.' });
      expect(await snapshot()).toEqual(before);
    });

    it('tells the uploader which types are accepted when refusing one (415)', async () => {
      const r = await upload(base(id), sales, 'archive.zip', Buffer.from('PK\u0003\u0004'), 'application/zip');
      expect(r.statusCode).toBe(415);
      expect(errorOf(r).message).toBe('Upload a PDF, an image, a Word or Excel file, or a text or CSV file.');
    });
  });

  describe('logs and activities', () => {
    it('merge interactions, files and changes into one timeline, newest first', async () => {
      const id = await kind.create(owner);
      await kind.edit(id, sales);
      const talk = (
        await api('POST', `${base(id)}/interactions`, sales, interaction({ summary: 'Timeline call' }))
      ).json();
      const file = (await upload(base(id), sales, 'timeline.pdf', PDF, 'application/pdf')).json();

      const r = await api('GET', `${base(id)}/activities`, sales);
      expect(r.statusCode).toBe(200);
      const items: Activity[] = r.json();
      expect(items).toContainEqual(
        expect.objectContaining({
          _id: talk._id,
          type: 'interaction',
          title: 'Call',
          detail: 'Timeline call',
          by: expect.objectContaining({ name: 'Sam Reyes' }),
        }),
      );
      expect(items).toContainEqual(
        expect.objectContaining({
          _id: file._id,
          type: 'file',
          title: 'File added',
          detail: 'timeline.pdf',
          href: file.url,
        }),
      );
      expect(items).toContainEqual(
        expect.objectContaining({
          type: 'change',
          title: 'Edited',
          detail: `Changed ${kind.editedField}`,
          by: expect.objectContaining({ name: 'Sam Reyes' }),
        }),
      );
      expect(items).toContainEqual(
        expect.objectContaining({
          type: 'change',
          title: 'Create',
          by: expect.objectContaining({ name: 'Olivia Harbor' }),
        }),
      );
      // The interaction and the file are not repeated as changes.
      expect(
        items
          .filter((a) => a.type === 'change')
          .map((a) => a.title)
          .sort(),
      ).toEqual(['Create', 'Edited']);
      expect(items).toHaveLength(4);
      const times = items.map((a) => Date.parse(a.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      // A removed file leaves the timeline; its removal is a change.
      await api('DELETE', `${base(id)}/files/${file._id}`, sales);
      const after: Activity[] = (await api('GET', `${base(id)}/activities`, sales)).json();
      expect(after.map((a) => a._id)).not.toContain(file._id);
      expect(after.filter((a) => a.type === 'change').map((a) => a.title)).toContain('Remove file');
    });

    it('pages the history with limit and next, newest first', async () => {
      const id = await kind.create(owner);
      for (let i = 0; i < 4; i++) await kind.edit(id, sales);
      const seen: { _id: string; createdAt: string; action: string }[] = [];
      let cursor: string | null = null;
      do {
        const url = `${base(id)}/logs?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const r = await api('GET', url, sales);
        expect(r.statusCode, r.body).toBe(200);
        const page = r.json();
        expect(page.total).toBe(5);
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.next;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(new Set(seen.map((s) => s._id)).size).toBe(5);
      expect(seen.map((s) => s.action)).toEqual(['update', 'update', 'update', 'update', 'create']);
      for (const entry of seen.slice(0, 4)) {
        expect(Object.keys((entry as unknown as { changes: object }).changes)).toEqual([kind.editedField]);
      }

      for (const query of [
        'limit=0',
        'limit=abc',
        'cursor=%%%',
        `cursor=${Buffer.from(`["not a time","019a0000-0000-7000-8000-00000000abcd"]`).toString('base64url')}`,
      ]) {
        const r = await api('GET', `${base(id)}/logs?${query}`, sales);
        expect(r.statusCode, `${query}: ${r.body}`).toBe(400);
      }
      expect((await api('GET', `${base('not-an-id')}/logs`, sales)).statusCode).toBe(404);
      expect((await api('GET', `${base('019a0000-0000-7000-8000-00000000abcd')}/activities`, sales)).statusCode).toBe(
        404,
      );
    });
  });
});

describe('GET /interactions/follow-ups', () => {
  const ids = (list: Interaction[]) => list.map((x) => x._id);
  const followUps = async (cookie: string) => {
    const r = await api('GET', '/interactions/follow-ups', cookie);
    expect(r.statusCode).toBe(200);
    return r.json() as (Interaction & { recordName: string; href: string })[];
  };

  it('needs a session', async () => {
    expect((await api('GET', '/interactions/follow-ups')).statusCode).toBe(401);
  });

  it('shows its author the due follow-ups (overdue or within a week) with their records, and no one else', async () => {
    const companyId = await KINDS[0]!.create(owner, 'Follow-up Account');
    const customerId = await KINDS[1]!.create(owner, 'Followup');
    const add = async (path: string, id: string, body: Record<string, unknown>) => {
      const r = await api('POST', `/${path}/${id}/interactions`, sales, interaction(body));
      expect(r.statusCode, r.body).toBe(201);
      return r.json() as Interaction;
    };
    const dueToday = await add('companies', companyId, { summary: 'Call back today', followUpOn: today() });
    const overdue = await add('customers', customerId, { summary: 'Overdue', followUpOn: daysFromNow(-2) });
    const later = await add('companies', companyId, { summary: 'Next month', followUpOn: daysFromNow(30) });
    const done = await add('companies', companyId, { summary: 'Done', followUpOn: today(), followUpDone: true });
    const none = await add('companies', companyId, { summary: 'No follow-up' });

    const mine = await followUps(sales);
    expect(ids(mine)).toEqual(expect.arrayContaining([dueToday._id, overdue._id]));
    for (const x of [later, done, none]) expect(ids(mine)).not.toContain(x._id);
    expect(mine.find((x) => x._id === dueToday._id)).toMatchObject({
      recordName: 'Follow-up Account',
      href: `/u/companies/${companyId}`,
      author: { name: 'Sam Reyes' },
    });
    expect(mine.find((x) => x._id === overdue._id)).toMatchObject({
      recordName: 'Record Followup',
      href: `/u/customers/${customerId}`,
    });
    const dates = mine.map((x) => x.followUpOn!);
    expect(dates).toEqual([...dates].sort());
    expect(mine.every((x) => x.author?._id === samId && !x.followUpDone)).toBe(true);

    for (const cookie of [owner, wes, cedar]) {
      const theirs = await followUps(cookie);
      expect(ids(theirs)).not.toContain(dueToday._id);
      expect(ids(theirs)).not.toContain(overdue._id);
    }

    // Marked done, it leaves the list.
    await api('PUT', `/companies/${companyId}/interactions/${dueToday._id}`, sales, {
      kind: 'call',
      occurredAt: dueToday.occurredAt,
      summary: dueToday.summary,
      followUpOn: dueToday.followUpOn,
      followUpDone: true,
      version: 1,
    });
    expect(ids(await followUps(sales))).not.toContain(dueToday._id);
  });

  it('leaves out follow-ups on records that are gone', async () => {
    const companyId = await KINDS[0]!.create(owner, 'Soon deleted account');
    const x = (
      await api('POST', `/companies/${companyId}/interactions`, sales, interaction({ followUpOn: today() }))
    ).json() as Interaction;
    expect(ids(await followUps(sales))).toContain(x._id);
    expect((await api('DELETE', `/companies/${companyId}`, owner)).statusCode).toBe(204);
    expect(ids(await followUps(sales))).not.toContain(x._id);
  });

  it('leaves out follow-ups on records their author may no longer see', async () => {
    // Wes (no 13) wrote a follow-up on an account, e.g. before his role changed.
    const companyId = await KINDS[0]!.create(owner, 'Hidden from Wes');
    const { rows } = await db.query(
      `INSERT INTO interactions (id, firm_id, entity_type, entity_id, kind, occurred_at, author_id, summary, follow_up_on)
       VALUES (gen_random_uuid(), $1, 'company', $2, 'call', now(), $3, 'Wes follow-up', current_date) RETURNING id::text`,
      [HARBOR_PINE_ID, companyId, wesId],
    );
    const list = await followUps(wes);
    expect(ids(list)).not.toContain(rows[0].id);
    expect(list.map((f) => f.recordName)).not.toContain('Hidden from Wes');
  });
});
