import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { apiRoutes } from '../../app';
import { fullPath } from './routes';

let t: TestApp;
let owner: pg.Client;
beforeAll(async () => {
  t = await startTestApp();
  owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner.end();
  await t.close();
});

/** A fingerprint of every table's contents, except the bookkeeping of sessions and throttling. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await owner.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname NOT IN ('sessions', 'auth_throttle') ORDER BY 1`,
  );
  const result: Record<string, string> = {};
  for (const { relname } of rows) {
    const q = await owner.query(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${relname} t`,
    );
    result[relname] = q.rows[0].h;
  }
  return result;
}

const malformed: unknown[] = [42, 'text', [], { unexpected_field: true }];

describe('every route that takes a body', () => {
  it('answers a malformed body with 400 and per-field messages, and changes nothing', async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const withBody = apiRoutes.filter((r) => r.body);
    expect(withBody.length).toBeGreaterThan(5);
    const before = await fingerprint();
    for (const route of withBody) {
      for (const body of malformed) {
        const url = fullPath(route).replace(/:\w+/g, '019a0000-0000-7000-8000-00000000abcd');
        const response = await call(t.app, {
          method: route.method as 'POST',
          url,
          cookie,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        const label = `${route.method} ${route.url} with ${JSON.stringify(body)}`;
        expect(response.statusCode, label).toBe(400);
        const error = response.json().error;
        expect(error.code, label).toBe('validation');
        expect(error.message.length, label).toBeGreaterThan(5);
        expect(Object.keys(error.fields ?? {}).length, label).toBeGreaterThan(0);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });
});
