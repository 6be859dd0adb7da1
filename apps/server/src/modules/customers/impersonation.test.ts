import { P } from '@atelier/contracts';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { createRole, createUser } from '../users/users.service';

let t: TestApp;
let owner: string;
let sales: string;
let cedar: string;
let db: pg.Client;
let casey: string; // Casey Morgan's customer record, with the store login customer@demo.test

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  casey = (
    await db.query(
      `SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@demo.test' AND c.firm_id = $1`,
      [HARBOR_PINE_ID],
    )
  ).rows[0].id;
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}
/** The browser's cookie header after a response that set cookies. */
function cookiesAfter(before: string, response: LightMyRequestResponse): string {
  const jar = new Map(before.split('; ').map((c) => c.split('=') as [string, string]));
  for (const c of response.cookies) {
    if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

describe('signing in as a customer', () => {
  it('opens the app as the customer, with the staff member named, and returns to the staff session', async () => {
    const r = await api('POST', `/customers/${casey}/sign-in-as`, owner);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ kind: 'customer', first_name: 'Casey', impersonator: { first_name: 'Olivia' } });
    const as = cookiesAfter(owner, r);
    expect(as).toContain('atelier_return=');
    const me = (await api('GET', '/auth/', as)).json();
    expect(me).toMatchObject({ first_name: 'Casey', impersonator: { first_name: 'Olivia', last_name: 'Harbor' } });

    // Preferences may change; who the customer is may not.
    expect((await api('PUT', '/profile/', as, { list_settings: { orders: [] } })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['PUT', '/profile/password', { current_password: 'demo-password', new_password: 'another-password-1' }],
      ['DELETE', '/profile', undefined],
      ['PUT', '/profile/', { first_name: 'Mallory' }],
    ] as const) {
      const refused = await api(method, url, as, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(refused).message).toMatch(/while signed in as someone else/);
    }
    const audit = await db.query(
      `SELECT action, actor_id, impersonator_id FROM audit_log WHERE entity_id = $1 AND action LIKE 'sign-in-as%' ORDER BY created_at`,
      [casey],
    );
    const ownerId = (await db.query(`SELECT id FROM users WHERE email = 'owner@demo.test'`)).rows[0].id;
    expect(audit.rows).toEqual([{ action: 'sign-in-as', actor_id: ownerId, impersonator_id: null }]);
    // What is done meanwhile is recorded as the customer's, with the staff member beside it.
    const preferences = await db.query(
      `SELECT actor_id, impersonator_id FROM audit_log WHERE action = 'update' AND entity_id = $1`,
      [me._id],
    );
    expect(preferences.rows).toEqual([{ actor_id: me._id, impersonator_id: ownerId }]);

    const back = await api('DELETE', '/auth/impersonation', as);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().profile).toMatchObject({ first_name: 'Olivia', impersonator: null });
    const mine = cookiesAfter(as, back);
    expect(mine).not.toContain('atelier_return=');
    expect((await api('GET', '/auth/', mine)).json().first_name).toBe('Olivia');
    expect((await api('GET', '/auth/', as)).statusCode).toBe(401); // the customer session has ended
    const ended = await db.query(
      `SELECT action, actor_id, impersonator_id FROM audit_log WHERE entity_id = $1 AND action = 'sign-in-as-end'`,
      [casey],
    );
    expect(ended.rows).toHaveLength(1);
    expect(ended.rows[0].impersonator_id).toBe(ownerId);
  });

  it('needs code 11, a customer of the firm with an active store login, and no second level', async () => {
    expect((await api('POST', `/customers/${casey}/sign-in-as`, sales)).statusCode).toBe(403);
    expect((await api('POST', `/customers/${casey}/sign-in-as`, cedar)).statusCode).toBe(404);
    const { rows } = await db.query(
      'SELECT id, name FROM customers WHERE firm_id = $1 AND user_id IS NULL ORDER BY id LIMIT 1',
      [HARBOR_PINE_ID],
    );
    const none = await api('POST', `/customers/${rows[0].id}/sign-in-as`, owner);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).message).toBe(`${rows[0].name} has no store login to sign in as.`);
    const staffId = (await db.query(`SELECT id FROM users WHERE email = 'sales@demo.test'`)).rows[0].id;
    expect((await api('POST', `/customers/${staffId}/sign-in-as`, owner)).statusCode).toBe(404);

    const as = cookiesAfter(owner, await api('POST', `/customers/${casey}/sign-in-as`, owner));
    expect((await api('POST', `/customers/${casey}/sign-in-as`, as)).statusCode).toBe(403);
    expect((await api('DELETE', '/auth/impersonation', owner)).statusCode).toBe(409);
    const sessions = await db.query('SELECT count(*)::int AS n FROM sessions WHERE impersonator_id IS NOT NULL');
    expect(sessions.rows[0].n).toBe(1);
  });

  it('ends the customer session with the staff member: losing code 11, a password change, signing out', async () => {
    let roleId = '';
    await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const actor = { firmId: HARBOR_PINE_ID, userId: null };
      roleId = (await createRole(tx, actor, { name: 'Store support', codes: [P.LOGIN_AS_USER, P.MODIFY_USERS] })).id;
      await createUser(tx, actor, {
        kind: 'staff',
        email: 'support@demo.test',
        firstName: 'Sol',
        lastName: 'Porter',
        password: 'demo-password',
        roleIds: [roleId],
      });
    });
    const startAs = async () => {
      const staff = await signIn(t.app, 'support@demo.test');
      const r = await api('POST', `/customers/${casey}/sign-in-as`, staff);
      expect(r.statusCode, r.body).toBe(200);
      return { staff, as: cookiesAfter(staff, r) };
    };

    // Losing the code ends it at the next request.
    let { as } = await startAs();
    await db.query('UPDATE roles SET codes = $1 WHERE id = $2', [[P.MODIFY_USERS], roleId]);
    expect((await api('GET', '/auth/', as)).statusCode).toBe(401);
    await db.query('UPDATE roles SET codes = $1 WHERE id = $2', [[P.LOGIN_AS_USER, P.MODIFY_USERS], roleId]);

    // A password change of the staff member ends every session they hold, as anyone.
    const second = await startAs();
    const changed = await api('PUT', '/profile/password', second.staff, {
      current_password: 'demo-password',
      new_password: 'a-new-password-22',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api('GET', '/auth/', second.as)).statusCode).toBe(401);

    // Signing out while signed in as the customer also ends the staff session kept for the way back.
    const staff = await signIn(t.app, 'support@demo.test', 'a-new-password-22');
    as = cookiesAfter(staff, await api('POST', `/customers/${casey}/sign-in-as`, staff));
    expect((await api('DELETE', '/auth/', as)).statusCode).toBe(204);
    expect((await api('GET', '/auth/', staff)).statusCode).toBe(401);
  });
});
