import { P, type SettingsKind, VERSION_MISSING_MESSAGE } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, type Json } from './api-client';
import type { KindFixture } from './conformance';
import { call, signIn, startTestApp, type TestApp } from './helpers';

/** What the suite needs to know about a settings kind: as for a record kind, with its settings declaration. */
export type SettingsFixture = Pick<KindFixture, 'table' | 'create' | 'update' | 'changed' | 'invalid' | 'refer'> & {
  kind: SettingsKind;
  /** The kind's own write routes for one record (a category's move), held to tenancy and codes too. */
  also?: (record: Json) => [string, string, unknown?][];
  /** Records a new one needs first (a vendor item's vendor and material), made through the API. */
  prepare?: (api: Api) => Promise<void>;
};

/**
 * `describeSettingsKind(fixture)`: the platform's promises for a firm's setup records
 * (warehouses, roles, departments), which are listed whole on a settings page: another firm is
 * denied, every write needs the kind's codes, an edit needs its version and one of parallel
 * edits wins, each write leaves one audit row, bad input changes nothing, and a record in use
 * cannot be deleted.
 */
export function describeSettingsKind(fixture: SettingsFixture): void {
  const { kind } = fixture;
  const path = kind.apiPath;
  const remove = 'remove' in kind.codes ? kind.codes.remove : undefined;
  describe(`${kind.plural}: settings kind conformance`, () => {
    let t: TestApp;
    let owner: string;
    let member: string;
    let memberId: string;
    let cedar: string;
    let db: pg.Client;
    let n = 0;

    const api: Api = apiClient(
      () => t.app,
      () => owner,
    );
    const create = async (): Promise<Json> => {
      n += 1;
      const r = await api('POST', path, fixture.create(n));
      expect(r.status, r.text).toBe(201);
      return r.body;
    };
    const sql = async <R = Json>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as R[];
    const audits = (id: unknown) =>
      sql<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
        'SELECT action, changes FROM audit_log WHERE entity_id = $1 ORDER BY created_at, id',
        [id],
      );
    const rowCount = async () =>
      Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${fixture.table}`))[0]!.n);
    const versionOf = async (id: unknown) =>
      (await sql<{ version: number }>(`SELECT version FROM ${fixture.table} WHERE id = $1`, [id]))[0]?.version;
    const grant = async (codes: number[]) => {
      const role = await api('POST', '/roles', { name: `Settings conformance ${++n}`, permissions: codes });
      expect(role.status, role.text).toBe(201);
      const set = await api('PUT', `/staff/${memberId}/roles`, { roles: [role.body._id] });
      expect(set.status, set.text).toBe(200);
    };
    const routes = (record: Json): [string, string, unknown?][] => [
      ['POST', path, fixture.create(999)],
      ...(kind.readable ? [['GET', `${path}/${record._id}`] as [string, string]] : []),
      ['PUT', `${path}/${record._id}`, { ...fixture.update(record), version: record.version }],
      ...(fixture.also?.(record) ?? []),
      ...(remove ? [['DELETE', `${path}/${record._id}`] as [string, string]] : []),
    ];

    beforeAll(async () => {
      t = await startTestApp();
      owner = await signIn(t.app, 'owner@demo.test');
      member = await signIn(t.app, 'sales@demo.test');
      memberId = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: member })).json()._id;
      cedar = await signIn(t.app, 'owner@cedar.test');
      db = new pg.Client({ connectionString: t.ownerUrl });
      await db.connect();
      await fixture.prepare?.(api);
    });
    afterAll(async () => {
      await db?.end();
      await t?.close();
    });

    it('denies another firm on every access path, and changes nothing there', async () => {
      const mine = await create();
      const before = (await audits(mine._id)).length;
      for (const [method, url, body] of routes(mine)) {
        if (method === 'POST') continue;
        const r = await api(method as 'GET', url, body, cedar);
        expect(r.status, `${method} ${url}`).toBe(404);
      }
      const list = await api('GET', path, undefined, cedar);
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(String(mine._id));
      expect((await audits(mine._id)).length).toBe(before);
      expect(await versionOf(mine._id)).toBe(mine.version);
    });

    it('answers 403 on every write without its code; the list needs it unless every colleague may read it', async () => {
      const record = await create();
      await grant([P.MODIFY_USERS]);
      for (const [method, url, body] of routes(record)) {
        const r = await api(method as 'GET', url, body, member);
        expect(r.status, `${method} ${url}`).toBe(403);
      }
      expect((await api('GET', path, undefined, member)).status).toBe(kind.listedToAll ? 200 : 403);
      // A kind whose one code covers deleting too (categories, 50) has no further code to miss.
      if (remove && remove !== kind.codes.modify) {
        await grant([kind.codes.modify]);
        expect((await api('DELETE', `${path}/${record._id}`, undefined, member)).status).toBe(403);
      }
      expect(await versionOf(record._id)).toBe(record.version);
    });

    it('needs the version an edit was made on: 400 without it, 409 when stale, and one of parallel edits wins', async () => {
      const record = await create();
      const url = `${path}/${record._id}`;
      const missing = await api('PUT', url, fixture.update(record));
      expect(missing.status).toBe(400);
      expect(((missing.body.error as Json).fields as Json).version).toBe(VERSION_MISSING_MESSAGE);
      expect((await api('PUT', url, { ...fixture.update(record), version: record.version })).status).toBe(200);
      const stale = await api('PUT', url, { ...fixture.update(record), version: record.version });
      expect(stale.status).toBe(409);

      const fresh = await create();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          api('PUT', `${path}/${fresh._id}`, { ...fixture.update(fresh), version: fresh.version }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((c) => c === 200)).toHaveLength(1);
      expect(statuses.filter((c) => c === 409)).toHaveLength(19);
      expect(await versionOf(fresh._id)).toBe(Number(fresh.version) + 1);
    });

    it('leaves exactly one audit row for each write, with the change as before → after', async () => {
      const record = await create();
      expect((await audits(record._id)).map((e) => e.action)).toEqual(['create']);
      const edited = await api('PUT', `${path}/${record._id}`, { ...fixture.update(record), version: record.version });
      expect(edited.status, edited.text).toBe(200);
      const update = (await audits(record._id))[1]!;
      expect(update.action).toBe('update');
      expect(update.changes[fixture.changed.field]?.after).toEqual(fixture.changed.after);
      if (!remove) return;
      expect((await api('DELETE', `${path}/${record._id}`)).status).toBe(204);
      expect((await audits(record._id)).map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    });

    it('refuses bad input with 400 and per-field messages, and changes nothing', async () => {
      const before = await rowCount();
      const bad = await api('POST', path, fixture.invalid.body);
      expect(bad.status).toBe(400);
      const fields = (r: { body: Json }) => (r.body.error as Json).fields as Record<string, string>;
      for (const field of fixture.invalid.fields) expect(fields(bad)[field], field).toBeTruthy();
      expect(await rowCount()).toBe(before);
      const record = await create();
      const badEdit = await api('PUT', `${path}/${record._id}`, { ...fixture.invalid.body, version: record.version });
      expect(badEdit.status).toBe(400);
      expect(await versionOf(record._id)).toBe(record.version);
      expect((await audits(record._id)).length).toBe(1);
    });

    it.skipIf(!fixture.refer || !remove)('cannot be deleted while something refers to it (409)', async () => {
      const record = await create();
      await fixture.refer!(api, record);
      const refused = await api('DELETE', `${path}/${record._id}`);
      expect(refused.status).toBe(409);
      expect((await sql(`SELECT 1 FROM ${fixture.table} WHERE id = $1`, [record._id])).length).toBe(1);
    });
  });
}
