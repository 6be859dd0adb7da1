import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import nodePath from 'node:path';
import {
  columnName,
  type KindRoute,
  kindHas,
  P,
  type RecordKind,
  schemasOf,
  VERSION_MISSING_MESSAGE,
} from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Api, apiClient, type Json } from './api-client';
import { call, signIn, startTestApp, type TestApp, TINY_PNG } from './helpers';

/**
 * What the conformance suite needs to know about a record kind: where it lives, what guards
 * it, and how to make a valid, a changed and an invalid one. Everything else it checks is the
 * platform's promise to every kind.
 */
export type KindFixture = {
  /** The kind's declaration: its paths, codes, module, field codes and searchability. */
  kind: RecordKind;
  /** Its table, for the checks that look past the API. */
  table: string;
  /**
   * Runs once before the checks, as the demo firm's owner: for a kind whose records name others
   * (a purchase order's vendor and items), to find them for `create`.
   */
  prepare?: (api: Api) => Promise<void>;
  /** A valid new record; `n` makes each one distinct. */
  create: (n: number) => Json;
  /** A valid edit of `record` (without its version): it must change `changes` fields. */
  update: (record: Json) => Json;
  /** A field the edit changes, as the audit entry names it, with its value after. */
  changed: { field: string; after: unknown };
  /** An invalid body for create, and the fields whose messages it must name. */
  invalid: { body: Json; fields: string[] };
  /** The text global search finds a new record by (searchable kinds). */
  searchBy?: (record: Json) => string;
  /** Makes something refer to `record` (so it cannot be deleted), through the API. */
  refer?: (api: Api, record: Json) => Promise<void>;
  /**
   * For kinds without a create route (employees join by invitation): makes record `n` another
   * way, through the API, and gives its id; `createdAction` is what its history calls that.
   */
  make?: (api: Api, n: number) => Promise<string>;
  createdAction?: string;
  /** The column that marks a deleted row, for kinds whose rows stay for history (employees). */
  softDeleted?: string;
  /**
   * The kind's own transitions beyond archive and restore (`POST /{kind}/{id}/{name}`), with a
   * body each would accept and the code each needs: they are held to tenancy and codes too.
   */
  transitions?: { name: string; body?: Json; code: 'modify' | 'remove' }[];
  /**
   * For a narrowed kind whose codes alone show only one's own records (time entries): the codes
   * that show everyone's, granted with the kind's own where the checks read the owner's records.
   */
  widen?: number[];
};

/**
 * `describeRecordKind(fixture)`: the platform's promises, checked against a real database for
 * one kind. Another firm is denied on every access path; every route needs the kind's codes and
 * module; an edit needs the version it was made on and exactly one of parallel edits wins; each
 * write leaves one audit row; search follows the record; bad input changes nothing; a record
 * something refers to cannot be deleted, and a deleted one leaves nothing behind.
 */
export function describeRecordKind(fixture: KindFixture): void {
  const { kind } = fixture;
  const path = kind.apiPath;
  const codes = kind.codes;
  const has = (route: KindRoute) => kindHas(kind, route);
  // Where its list answer has its rows: `items`, or the name the spec gives them (`tasks`).
  const rowsKey = kind.listRows ?? 'items';
  const createdAction = fixture.createdAction ?? 'create';
  describe(`${kind.plural}: record kind conformance`, () => {
    let t: TestApp;
    let owner: string;
    let member: string;
    let memberId: string;
    let cedar: string;
    let db: pg.Client;
    let base: string;
    let n = 0;

    const api: Api = apiClient(
      () => t.app,
      () => owner,
    );
    const create = async (cookie = owner): Promise<Json> => {
      n += 1;
      if (fixture.make) {
        const made = await api('GET', `${path}/${await fixture.make(api, n)}`, undefined, cookie);
        expect(made.status, made.text).toBe(200);
        return made.body;
      }
      const r = await api('POST', path, fixture.create(n), cookie);
      expect(r.status, r.text).toBe(201);
      return r.body;
    };
    const sql = async <R = Json>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as R[];
    const auditCount = async (id: unknown) =>
      Number((await sql<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [id]))[0]!.n);
    const rowCount = async () =>
      Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${fixture.table}`))[0]!.n);
    /** Gives the member exactly these codes (through the API, as a firm manager would). */
    const grant = async (codes: number[]) => {
      const role = await api('POST', '/roles', { name: `Conformance ${++n}`, permissions: codes });
      expect(role.status, role.text).toBe(201);
      const set = await api('PUT', `/staff/${memberId}/roles`, { roles: [role.body._id] });
      expect(set.status, set.text).toBe(200);
    };
    const everyCode = () => [
      codes.modify,
      codes.remove,
      codes.export,
      ...Object.values(kind.fieldCodes ?? {}),
      ...(fixture.widen ?? []),
    ];

    beforeAll(async () => {
      t = await startTestApp();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      owner = await signIn(t.app, 'owner@demo.test');
      member = await signIn(t.app, 'sales@demo.test');
      memberId = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: member })).json()._id;
      cedar = await signIn(t.app, 'owner@cedar.test');
      db = new pg.Client({ connectionString: t.ownerUrl });
      await db.connect();
      // The other firm has the kind's module too, so what keeps it out is the tenancy alone.
      if (kind.feature)
        await sql(
          `UPDATE firms SET features = array_append(features, $1)
            WHERE id = (SELECT firm_id FROM users WHERE email = 'owner@cedar.test') AND NOT $1 = ANY(features)`,
          [kind.feature],
        );
      await fixture.prepare?.(api);
    });
    afterAll(async () => {
      await db?.end();
      await t?.close();
    });

    /** Every route the kind declares for one record, with a body each would accept. */
    const routes = (record: Json): [string, string, unknown?][] =>
      (
        [
          ['GET', path],
          has('create') && ['POST', path, fixture.create(999)],
          has('export') && ['GET', `${path}/export`],
          ['GET', `${path}/${record._id}`],
          ['PUT', `${path}/${record._id}`, { ...fixture.update(record), version: record.version }],
          has('archive') && ['POST', `${path}/${record._id}/archive`],
          has('archive') && ['POST', `${path}/${record._id}/restore`],
          has('bulk') && ['POST', `${path}/bulk`, { action: 'archive', ids: [record._id] }],
          ['GET', `${path}/${record._id}/interactions`],
          ['GET', `${path}/${record._id}/files`],
          ['GET', `${path}/${record._id}/logs`],
          ['GET', `${path}/${record._id}/activities`],
          ...(fixture.transitions ?? []).map(
            (step) => ['POST', `${path}/${record._id}/${step.name}`, step.body ?? {}] as const,
          ),
          has('delete') && ['DELETE', `${path}/${record._id}`],
        ] as const
      ).filter((route): route is Exclude<typeof route, false> => Boolean(route)) as [string, string, unknown?][];

    it("checks a record being typed against the firm's others only when its declaration says so", async () => {
      const record = await create();
      const alike = await api('GET', `${path}/duplicates?name=${encodeURIComponent(String(record.name))}`);
      if (kind.duplicates) {
        expect(alike.status, alike.text).toBe(200);
        expect((alike.body as unknown as Json[]).some((r) => r._id === record._id)).toBe(true);
      } else expect([400, 404]).toContain(alike.status);
    });

    it('answers as its declaration says: a record, its list rows and export columns', async () => {
      const schemas = schemasOf(kind);
      const record = await create();
      expect(schemas.detail.safeParse(record).error?.issues ?? []).toEqual([]);
      expect(schemas.detail.safeParse((await api('GET', `${path}/${record._id}`)).body).success).toBe(true);
      const list = await api('GET', `${path}?limit=5`);
      const items = list.body[rowsKey] as Json[];
      expect(items.length).toBeGreaterThan(0);
      for (const row of items) expect(schemas.row.safeParse(row).error?.issues ?? []).toEqual([]);
      // Every declared column can sort (if it says so), page on (its cursor holds its value), and
      // filter by each of its choices.
      for (const column of kind.columns ?? []) {
        if (column.sort) {
          const sorted = await api('GET', `${path}?sort=-${columnName(column)}&limit=1`);
          expect(sorted.status, sorted.text).toBe(200);
          if (sorted.body.next) {
            const next = `${path}?sort=-${columnName(column)}&limit=1&cursor=${encodeURIComponent(String(sorted.body.next))}`;
            expect((await api('GET', next)).status, `${columnName(column)}: next page`).toBe(200);
          }
        }
        for (const value of Object.keys(column.choices ?? {}))
          expect((await api('GET', `${path}?filter[${columnName(column)}][]=${value}`)).status).toBe(200);
      }
      if (has('export')) {
        const csv = await api('GET', `${path}/export`);
        const header = csv.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
        for (const column of kind.columns ?? []) expect(header).toContain(column.label);
      }
    });

    it('denies another firm on every access path, and changes nothing there', async () => {
      const mine = await create();
      const audits = await auditCount(mine._id);
      for (const [method, url, body] of routes(mine)) {
        if (url === path || url.endsWith('/export') || url.endsWith('/bulk')) continue;
        const r = await api(method as 'GET', url, body, cedar);
        expect(r.status, `${method} ${url}`).toBe(404);
      }
      const list = await api(
        'GET',
        `${path}?limit=100${has('archive') ? '&filter[status][]=active&filter[status][]=archived' : ''}`,
        undefined,
        cedar,
      );
      expect(list.status).toBe(200);
      expect((list.body[rowsKey] as Json[]).some((r) => r._id === mine._id)).toBe(false);
      if (has('bulk')) {
        const bulk = await api('POST', `${path}/bulk`, { action: 'archive', ids: [mine._id] }, cedar);
        expect(bulk.body.updated ?? 0, bulk.text).toBe(0);
      }
      if (has('export')) {
        const csv = await api('GET', `${path}/export`, undefined, cedar);
        expect(csv.status).toBe(200);
        expect(csv.text).not.toContain(String(mine._id));
      }
      if (kind.duplicates) {
        const alike = await api(
          'GET',
          `${path}/duplicates?name=${encodeURIComponent(String(mine.name))}`,
          undefined,
          cedar,
        );
        expect(alike.status).toBe(200);
        expect((alike.body as unknown as Json[]).some((r) => r._id === mine._id)).toBe(false);
      }
      if (fixture.searchBy) {
        const found = await api('GET', `/search?q=${encodeURIComponent(fixture.searchBy(mine))}`, undefined, cedar);
        expect((found.body.items as Json[]).some((r) => r._id === mine._id)).toBe(false);
      }
      const follow = await api(
        'POST',
        '/profile/subscriptions',
        { action: 'subscribe', entity: mine._id, entityType: kind.key },
        cedar,
      );
      expect(follow.status).toBe(404);
      expect(await auditCount(mine._id)).toBe(audits);
      const [still] = await sql(`SELECT version FROM ${fixture.table} WHERE id = $1`, [mine._id]);
      expect(still!.version).toBe(mine.version);
    });

    it('sends its realtime events to the firm only, and only to those who may read the kind', async () => {
      const connect = (cookie: string) =>
        new Promise<{ socket: WebSocket; seen: Json[] }>((resolve, reject) => {
          const socket = new WebSocket(`ws://${base}/api/v1/websocket/?events=1`, {
            headers: { cookie, origin: `http://${base}` },
          });
          const seen: Json[] = [];
          socket.on('message', (data) => seen.push(JSON.parse(data.toString())));
          socket.on('open', () => resolve({ socket, seen }));
          socket.on('error', reject);
        });
      // The member holds a code, but not this kind's.
      await grant([codes.modify === P.MODIFY_COMPANIES ? P.MODIFY_AMBASSADORS : P.MODIFY_COMPANIES]);
      const mine = await connect(owner);
      const theirs = await connect(cedar);
      const blind = await connect(member);
      const record = await create();
      const edited = await api('PUT', `${path}/${record._id}`, {
        ...fixture.update(record),
        version: record.version,
      });
      expect(edited.status, edited.text).toBe(200);
      const wanted = (seen: Json[]) => seen.filter((e) => e.type === 'record' && e.id === record._id);
      for (let i = 0; i < 100 && wanted(mine.seen).length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(wanted(mine.seen).map((e) => [e.kind, e.action, e.version])).toEqual([
        [kind.key, createdAction, null],
        [kind.key, 'update', edited.body.version],
      ]);
      // The others had every chance to hear the same notifications.
      await new Promise((r) => setTimeout(r, 100));
      expect(wanted(theirs.seen)).toEqual([]);
      expect(wanted(blind.seen)).toEqual([]);
      for (const s of [mine, theirs, blind]) s.socket.close();
    });

    it('answers 403 on every route for each missing code, and for each field code hides its fields', async () => {
      const record = await create();
      const { modify, remove, export: exporting } = codes;
      // What each route needs: bulk archive is a modify route that checks the remove code too,
      // and an export needs the list's own code as well as the export one.
      const step = (url: string) => fixture.transitions?.find((t) => url.endsWith(`/${t.name}`));
      const needs = (method: string, url: string): number[] =>
        step(url)
          ? [codes[step(url)!.code]]
          : url.endsWith('/bulk')
            ? [modify, remove]
            : url.endsWith('/export')
              ? [modify, exporting]
              : method === 'DELETE' || /\/(archive|restore)$/.test(url)
                ? [remove]
                : [modify];
      for (const missing of new Set([modify, remove, exporting])) {
        await grant(everyCode().filter((c) => c !== missing));
        for (const [method, url, body] of routes(record)) {
          if (!needs(method, url).includes(missing)) continue;
          const r = await api(method as 'GET', url, body, member);
          expect(r.status, `${method} ${url} without ${missing}`).toBe(403);
        }
      }
      for (const [field, code] of Object.entries(kind.fieldCodes ?? {})) {
        await grant(everyCode().filter((c) => c !== code));
        const detail = await api('GET', `${path}/${record._id}`, undefined, member);
        expect(detail.status).toBe(200);
        expect(Object.hasOwn(detail.body, field), `GET has ${field} without ${code}`).toBe(false);
        const list = await api('GET', `${path}?filter[id][]=${record._id}`, undefined, member);
        expect(Object.hasOwn((list.body[rowsKey] as Json[])[0]!, field), `list has ${field}`).toBe(false);
        const logs = await api('GET', `${path}/${record._id}/logs`, undefined, member);
        expect(JSON.stringify(logs.body)).not.toContain(`"${field}"`);
        const column = kind.columns?.find((c) => c.key === field);
        if (column && has('export')) {
          const csv = await api('GET', `${path}/export`, undefined, member);
          expect(csv.status, csv.text).toBe(200);
          expect(csv.text.replace(/^\uFEFF/, '').split(/\r?\n/)[0], `export has ${field}`).not.toContain(column.label);
        }
      }
      expect((await sql(`SELECT 1 FROM ${fixture.table} WHERE id = $1`, [record._id])).length).toBe(1);
    });

    it.skipIf(!kind.feature)('answers 403 on every route while the firm does not have its module', async () => {
      const record = await create();
      await grant(everyCode());
      const [firm] = await sql<{ id: string }>(`SELECT firm_id AS id FROM ${fixture.table} WHERE id = $1`, [
        record._id,
      ]);
      await sql('UPDATE firms SET features = array_remove(features, $2) WHERE id = $1', [firm!.id, kind.feature]);
      try {
        for (const [method, url, body] of routes(record)) {
          const r = await api(method as 'GET', url, body, owner);
          expect(r.status, `${method} ${url}`).toBe(403);
        }
      } finally {
        await sql('UPDATE firms SET features = array_append(features, $2) WHERE id = $1', [firm!.id, kind.feature]);
      }
    });

    it('needs the version an edit was made on: 400 without it, 409 when stale, and one of parallel edits wins', async () => {
      const record = await create();
      const url = `${path}/${record._id}`;
      const missing = await api('PUT', url, fixture.update(record));
      expect(missing.status).toBe(400);
      expect(((missing.body.error as Json).fields as Json).version).toBe(VERSION_MISSING_MESSAGE);
      const ok = await api('PUT', url, { ...fixture.update(record), version: record.version });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.version).toBe(Number(record.version) + 1);
      const stale = await api('PUT', url, { ...fixture.update(record), version: record.version });
      expect(stale.status).toBe(409);
      expect(String((stale.body.error as Json).message)).toMatch(/changed this .* since you opened it/);

      const fresh = await create();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          api('PUT', `${path}/${fresh._id}`, { ...fixture.update(fresh), version: fresh.version }),
        ),
      );
      const codes = results.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const [row] = await sql(`SELECT version FROM ${fixture.table} WHERE id = $1`, [fresh._id]);
      expect(row!.version).toBe(Number(fresh.version) + 1);
    });

    it.runIf(has('archive'))(
      'archives and restores only from the state that allows it (409 otherwise), one of parallel archives winning',
      async () => {
        const record = await create();
        const url = `${path}/${record._id}`;
        const notArchived = await api('POST', `${url}/restore`);
        expect(notArchived.status).toBe(409);
        expect((notArchived.body.error as Json).message).toBe(`This ${kind.noun} is not archived.`);
        const results = await Promise.all(Array.from({ length: 10 }, () => api('POST', `${url}/archive`)));
        expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
        expect(results.find((r) => r.status === 409)!.body.error).toMatchObject({
          message: `This ${kind.noun} is already archived.`,
        });
        const archives = await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1 AND action = 'archive'`,
          [record._id],
        );
        expect(archives[0]!.n).toBe(1);
        const restored = await api('POST', `${url}/restore`);
        expect(restored.status, restored.text).toBe(200);
        expect(restored.body.archived).toBe(false);
        expect(restored.body.version).toBe(Number(record.version) + 2);
      },
    );

    it('edits its interactions on the version they were made on: 400 without it, one of parallel edits wins', async () => {
      const record = await create();
      const note = { kind: 'note', occurredAt: new Date().toISOString(), summary: 'Called about the quote.' };
      const made = await api('POST', `${path}/${record._id}/interactions`, note);
      expect(made.status, made.text).toBe(201);
      const url = `${path}/${record._id}/interactions/${made.body._id}`;
      const missing = await api('PUT', url, { ...note, summary: 'No version' });
      expect(missing.status).toBe(400);
      expect(((missing.body.error as Json).fields as Json).version).toBe(VERSION_MISSING_MESSAGE);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api('PUT', url, { ...note, summary: `Edit ${i}`, version: made.body.version }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((c) => c === 200)).toHaveLength(1);
      expect(statuses.filter((c) => c === 409)).toHaveLength(19);
      const [row] = await sql('SELECT version, summary FROM interactions WHERE id = $1', [made.body._id]);
      expect(row).toEqual({
        version: Number(made.body.version) + 1,
        summary: results.find((r) => r.status === 200)!.body.summary,
      });
    });

    it('leaves exactly one audit row for each write, with the change as before → after', async () => {
      const record = await create();
      const entries = () =>
        sql<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
          'SELECT action, changes FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
          [record._id],
        );
      expect((await entries()).map((e) => e.action)).toEqual([createdAction]);
      const edited = await api('PUT', `${path}/${record._id}`, {
        ...fixture.update(record),
        version: record.version,
      });
      expect(edited.status, edited.text).toBe(200);
      const update = (await entries())[1]!;
      expect(update.action).toBe('update');
      expect(update.changes[fixture.changed.field]?.after).toEqual(fixture.changed.after);
      expect(update.changes[fixture.changed.field]?.before).not.toEqual(fixture.changed.after);
      const actions = [createdAction, 'update'];
      if (has('archive')) {
        expect((await api('POST', `${path}/${record._id}/archive`)).status).toBe(200);
        expect((await api('POST', `${path}/${record._id}/restore`)).status).toBe(200);
        actions.push('archive', 'restore');
      }
      if (has('delete')) {
        expect((await api('DELETE', `${path}/${record._id}`)).status).toBe(204);
        actions.push('delete');
      }
      expect((await entries()).map((e) => e.action)).toEqual(actions);
    });

    it.skipIf(!kind.searchable)('is found by global search once created, and forgotten once deleted', async () => {
      const record = await create();
      const q = encodeURIComponent((fixture.searchBy ?? ((r: Json) => String(r.name)))(record));
      const found = await api('GET', `/search?q=${q}&type=${kind.key}`);
      expect((found.body.items as Json[]).map((r) => r._id)).toContain(record._id);
      if (!has('delete')) return;
      expect((await api('DELETE', `${path}/${record._id}`)).status).toBe(204);
      const gone = await api('GET', `/search?q=${q}&type=${kind.key}`);
      expect((gone.body.items as Json[]).map((r) => r._id)).not.toContain(record._id);
    });

    it('refuses bad input with 400 and per-field messages, and changes nothing', async () => {
      const fieldsOf = (r: { body: Json }) => (r.body.error as Json).fields as Record<string, string>;
      if (has('create')) {
        const before = await rowCount();
        const bad = await api('POST', path, fixture.invalid.body);
        expect(bad.status).toBe(400);
        for (const field of fixture.invalid.fields) expect(fieldsOf(bad)[field], field).toBeTruthy();
        expect(await rowCount()).toBe(before);
      }
      const record = await create();
      const badEdit = await api('PUT', `${path}/${record._id}`, {
        ...fixture.invalid.body,
        version: record.version,
      });
      expect(badEdit.status).toBe(400);
      for (const field of fixture.invalid.fields) expect(fieldsOf(badEdit)[field], field).toBeTruthy();
      const [row] = await sql(`SELECT version FROM ${fixture.table} WHERE id = $1`, [record._id]);
      expect(row!.version).toBe(record.version);
      expect(await auditCount(record._id)).toBe(1);
    });

    it.skipIf(!fixture.refer || !has('delete'))(
      'cannot be deleted while something refers to it (409, offering archive where it archives)',
      async () => {
        const record = await create();
        await fixture.refer!(api, record);
        const refused = await api('DELETE', `${path}/${record._id}`);
        expect(refused.status).toBe(409);
        // A kind that is never archived (a credit memo in use) says what to do instead.
        expect(String((refused.body.error as Json).message)).toMatch(has('archive') ? /[Aa]rchive/ : /\w+/);
        expect((await api('GET', `${path}/${record._id}`)).status).toBe(200);
      },
    );

    it.runIf(has('delete'))(
      'takes its interactions, files, followers, notification links and search entry with it when deleted',
      async () => {
        const record = await create();
        const id = record._id as string;
        const said = await api('POST', `${path}/${id}/interactions`, {
          kind: 'note',
          occurredAt: new Date().toISOString(),
          summary: 'Measured the kitchen.',
        });
        expect(said.status, said.text).toBe(201);
        const uploaded = await t.app.inject({
          method: 'POST',
          url: `/api/v1${path}/${id}/files?name=plan.png`,
          headers: { cookie: owner, 'content-type': 'image/png' },
          payload: TINY_PNG,
        });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        const [file] = await sql<{ storage_key: string }>('SELECT storage_key FROM files WHERE entity_id = $1', [id]);
        const bytes = nodePath.join(t.config.filesDir, file!.storage_key);
        expect(fs.existsSync(bytes)).toBe(true);
        // Someone follows it and has a notification that links to it.
        await grant(everyCode());
        const follow = await api(
          'POST',
          '/profile/subscriptions',
          { action: 'subscribe', entity: id, entityType: kind.key },
          member,
        );
        expect(follow.status, follow.text).toBe(200);
        const edited = await api('PUT', `${path}/${id}`, { ...fixture.update(record), version: record.version });
        expect(edited.status, edited.text).toBe(200);
        const links = () => sql('SELECT 1 FROM notifications WHERE link LIKE $1', [`%${id}`]);
        expect((await links()).length).toBe(1);

        expect((await api('DELETE', `${path}/${id}`)).status).toBe(204);
        const left = async (table: string, extra = '') =>
          (await sql(`SELECT 1 FROM ${table} WHERE entity_id = $1 ${extra}`, [id])).length;
        expect(await left('interactions')).toBe(0);
        expect(await left('files', 'AND deleted_at IS NULL')).toBe(0);
        expect(await left('subscriptions')).toBe(0);
        expect(await left('search_entries')).toBe(0);
        expect((await links()).length).toBe(0);
        const live = fixture.softDeleted ? `AND ${fixture.softDeleted} IS NULL` : '';
        expect((await sql(`SELECT 1 FROM ${fixture.table} WHERE id = $1 ${live}`, [id])).length).toBe(0);
        // The bytes go once the deletion has committed.
        for (let i = 0; i < 50 && fs.existsSync(bytes); i++) await new Promise((r) => setTimeout(r, 20));
        expect(fs.existsSync(bytes)).toBe(false);
      },
    );
  });
}
