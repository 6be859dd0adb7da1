import { P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiClient, type Json } from '../../../test/api-client';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { INVALID_KEY_MESSAGE } from './api-key-auth';

let t: TestApp;
let owner: string;
let member: string;
let memberId: string;
let cedar: string;
let db: pg.Client;
const api: Api = apiClient(
  () => t.app,
  () => owner,
);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  member = await signIn(t.app, 'sales@demo.test');
  memberId = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: member })).json()._id;
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

/** A request as an integration would make it: the key in the Authorization header, no cookie. */
const withKey = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}` }, body });

async function makeKey(codes: number[], cookie = owner): Promise<Json & { key: string; _id: string }> {
  const r = await api('POST', '/api-keys', { name: `Key ${codes.join('+')}`, codes }, cookie);
  expect(r.status, r.text).toBe(201);
  return r.body as Json & { key: string; _id: string };
}

/** Gives the member exactly these codes, as a firm manager would. */
async function grant(codes: number[]) {
  const role = await api('POST', '/roles', { name: `Keys ${codes.join('+')} ${Math.random()}`, permissions: codes });
  expect(role.status, role.text).toBe(201);
  const set = await api('PUT', `/staff/${memberId}/roles`, { roles: [role.body._id] });
  expect(set.status, set.text).toBe(200);
}

describe('API keys', () => {
  it('reads customers with a key shown once and kept only as a hash; is refused once revoked', async () => {
    const made = await makeKey([P.MODIFY_USERS]);
    expect(made.key).toMatch(/^atk_[A-Za-z0-9_-]{40,}$/);
    expect(made.prefix).toBe(made.key.slice(0, 10));
    // Listed without the key; nothing in the database holds it.
    const listed = (await api('GET', '/api-keys')).body as unknown as Json[];
    expect(listed.find((k) => k._id === made._id)).not.toHaveProperty('key');
    const stored = await db.query('SELECT * FROM api_keys WHERE id = $1', [made._id]);
    expect(JSON.stringify(stored.rows)).not.toContain(made.key.slice(10));

    const customers = await withKey(made.key, 'GET', '/customers?limit=5');
    expect(customers.statusCode, customers.body).toBe(200);
    expect(customers.json().items.length).toBeGreaterThan(0);
    // Only what the key was given: accounts need another code.
    const accounts = await withKey(made.key, 'GET', '/companies');
    expect(accounts.statusCode).toBe(403);
    const used = await db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [made._id]);
    expect(used.rows[0].last_used_at).not.toBeNull();

    const revoked = await api('DELETE', `/api-keys/${made._id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const after = await withKey(made.key, 'GET', '/customers');
    expect(after.statusCode).toBe(401);
    expect(errorOf(after).message).toBe(INVALID_KEY_MESSAGE);
    expect((await api('DELETE', `/api-keys/${made._id}`)).status).toBe(409);
    expect((await withKey('atk_made-up', 'GET', '/customers')).statusCode).toBe(401);
  });

  it('keeps a key to its own firm', async () => {
    const made = await makeKey([P.MODIFY_USERS]);
    const theirs = await api('POST', '/customers', { firstName: 'Only', lastName: 'Cedar' }, cedar);
    expect(theirs.status, theirs.text).toBe(201);
    expect((await withKey(made.key, 'GET', `/customers/${theirs.body._id}`)).statusCode).toBe(404);
    const listed = (await withKey(made.key, 'GET', '/customers?q=Only%20Cedar')).json();
    expect(listed.items).toEqual([]);
    // Another firm's manager neither sees nor revokes it.
    expect(
      ((await api('GET', '/api-keys', undefined, cedar)).body as unknown as Json[]).map((k) => k._id),
    ).not.toContain(made._id);
    expect((await api('DELETE', `/api-keys/${made._id}`, undefined, cedar)).status).toBe(404);
  });

  it('is made only with the integrations code, with no code its maker lacks, and never by a key', async () => {
    expect((await api('POST', '/api-keys', { name: 'Nope', codes: [P.MODIFY_USERS] }, member)).status).toBe(403);
    await grant([P.MODIFY_INTEGRATIONS, P.MODIFY_USERS]);
    const wider = await api('POST', '/api-keys', { name: 'Wide', codes: [P.MODIFY_USERS, P.MODIFY_COMPANIES] }, member);
    expect(wider.status).toBe(400);
    expect((wider.body.error as Json).fields).toEqual({
      codes: `You can give a key only codes you hold yourself; you do not hold ${P.MODIFY_COMPANIES}.`,
    });
    const bad = await api('POST', '/api-keys', { name: '', codes: [] }, member);
    expect((bad.body.error as Json).fields).toMatchObject({ name: 'Give the key a name.' });
    const own = await makeKey([P.MODIFY_USERS, P.MODIFY_INTEGRATIONS], member);
    const byKey = await withKey(own.key, 'POST', '/api-keys', { name: 'Spread', codes: [P.MODIFY_USERS] });
    expect(byKey.statusCode).toBe(403);

    // The key never holds more than its maker does now: without the customers code, it is refused.
    await grant([P.MODIFY_INTEGRATIONS]);
    expect((await withKey(own.key, 'GET', '/customers')).statusCode).toBe(403);
    await grant([P.MODIFY_INTEGRATIONS, P.MODIFY_USERS]);
    expect((await withKey(own.key, 'GET', '/customers')).statusCode).toBe(200);
    // Nor does it outlive its maker's account.
    await db.query('UPDATE users SET active = false WHERE id = $1', [memberId]);
    try {
      expect((await withKey(own.key, 'GET', '/customers')).statusCode).toBe(401);
    } finally {
      await db.query('UPDATE users SET active = true WHERE id = $1', [memberId]);
    }
  });

  it("reads with a key but never changes its maker's own account, sessions or notifications", async () => {
    const made = await makeKey([P.MODIFY_USERS]);
    expect((await withKey(made.key, 'GET', '/search?q=a')).statusCode).toBe(200);
    const before = await db.query('SELECT first_name, active, deleted_at FROM users WHERE email = $1', [
      'owner@demo.test',
    ]);
    for (const [method, url] of [
      ['DELETE', '/profile'],
      ['POST', '/profile/sign-out-everywhere'],
      ['POST', '/notifications/mark-all-read'],
    ] as const) {
      const r = await withKey(made.key, method as 'DELETE' | 'POST', url);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(r).message).toMatch(/cannot change a person's own account/);
    }
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      headers: { authorization: `Bearer ${made.key}` },
      body: { first_name: 'Taken' },
    });
    expect(put.statusCode).toBe(403);
    const after = await db.query('SELECT first_name, active, deleted_at FROM users WHERE email = $1', [
      'owner@demo.test',
    ]);
    expect(after.rows).toEqual(before.rows);
    // The owner's own session still works.
    expect((await api('GET', '/auth/')).status).toBe(200);
  });

  it('leaves an audit row for making and revoking a key', async () => {
    const made = await makeKey([P.MODIFY_USERS]);
    await api('DELETE', `/api-keys/${made._id}`);
    const rows = await db.query('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY created_at', [made._id]);
    expect(rows.rows.map((r) => r.action)).toEqual(['create', 'revoke']);
  });
});
