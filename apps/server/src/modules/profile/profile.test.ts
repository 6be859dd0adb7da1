import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function ownerRows(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: t.ownerUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const profile = async (cookie: string) => (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).json();

describe('PUT /api/v1/profile/', () => {
  it('saves only the fields sent, returns the profile and writes an audit row of what changed', async () => {
    const cookie = await signIn(t.app, 'sales@demo.test');
    const views = { orders: [{ name: 'Open orders', query: 'filter[status][]=open', default: true }] };
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      cookie,
      body: { first_name: 'Samuel', list_settings: views, kanban: { view: 'list', colors: { todo: '#1c7ed6' } } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Samuel',
      last_name: 'Reyes',
      list_settings: views,
      kanban: { view: 'list' },
    });
    expect((await profile(cookie)).first_name).toBe('Samuel');

    const [audit] = await ownerRows(
      "SELECT actor_id, action, changes FROM audit_log WHERE entity_type = 'employee' AND action = 'update' ORDER BY created_at DESC LIMIT 1",
    );
    // A staff member's new name is what colleagues search for.
    const [entry] = await ownerRows(
      `SELECT title, search_text FROM search_entries WHERE entity_type = 'employee' AND entity_id = '${audit.actor_id}'`,
    );
    expect(entry).toMatchObject({ title: expect.stringMatching(/^Samuel /) });
    expect(entry.search_text).toContain('samuel');
    expect(audit.actor_id).toBe((await profile(cookie))._id);
    expect(audit.changes.firstName).toEqual({ before: 'Sam', after: 'Samuel' });
    expect(Object.keys(audit.changes).sort()).toEqual(['firstName', 'kanban', 'listSettings']);
  });

  it.each([
    [{ permissions: [{ name: 'x', permissions: [100] }] }, 'permissions'],
    [{ firm: { _id: 'x' } }, 'firm'],
    [{ email: 'someone@else.test' }, 'email'],
    [{ clocked_in: true }, 'clocked_in'],
  ])('refuses %j with 400 and changes nothing', async (body, field) => {
    const cookie = await signIn(t.app, 'accounting@demo.test');
    const before = await profile(cookie);
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/',
      cookie,
      body: { first_name: 'Changed', ...body },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ [field]: `"${field}" cannot be set here.` });
    expect(await profile(cookie)).toEqual(before);
  });

  it.each([
    [{ kanban: { view: 'grid', colors: {} } }, { 'kanban.view': 'The kanban view must be kanban or list.' }],
    [{ first_name: '   ' }, { first_name: 'Enter your first name.' }],
    [{ image: 'javascript:alert(1)' }, { image: 'Use an https address or an uploaded image.' }],
    [
      { list_settings: { orders: [{ name: '', query: '' }] } },
      { 'list_settings.orders.0.name': 'Give the view a name.' },
    ],
  ])('validates %j with per-field messages', async (body, fields) => {
    const cookie = await signIn(t.app, 'accounting@demo.test');
    const response = await call(t.app, { method: 'PUT', url: '/api/v1/profile/', cookie, body });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual(fields);
  });

  it('needs a session', async () => {
    const response = await call(t.app, { method: 'PUT', url: '/api/v1/profile/', body: { first_name: 'X' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/v1/profile/password', () => {
  it('refuses a wrong current password and a too short new one, changing nothing', async () => {
    const cookie = await signIn(t.app, 'owner@cedar.test');
    const wrong = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      cookie,
      body: { current_password: 'not-it-at-all', new_password: 'brand-new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ current_password: 'The current password is incorrect.' });
    const short = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      cookie,
      body: { current_password: 'demo-password', new_password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ new_password: 'Use at least 10 characters.' });
    expect((await signIn(t.app, 'owner@cedar.test')).length).toBeGreaterThan(20);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await signIn(t.app, 'owner@cedar.test');
    const cookie = await signIn(t.app, 'owner@cedar.test');
    const response = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/profile/password',
      cookie,
      body: { current_password: 'demo-password', new_password: 'cedar-new-password' },
    });
    expect(response.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: other })).statusCode).toBe(401);
    expect((await signIn(t.app, 'owner@cedar.test', 'cedar-new-password')).length).toBeGreaterThan(20);
  });
});

describe('DELETE /api/v1/profile', () => {
  it("refuses the firm's last super admin with 409 and a message", async () => {
    const cookie = await signIn(t.app, 'owner@demo.test');
    const response = await call(t.app, { method: 'DELETE', url: '/api/v1/profile', cookie });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'You are the only super admin of Harbor & Pine Interiors. Make another user a super admin before deleting your account.',
    );
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).statusCode).toBe(200);
  });

  it('deletes the account: sessions end, sign-in fails, the name stays for the history', async () => {
    const cookie = await signIn(t.app, 'sales@demo.test');
    const { _id } = await profile(cookie);
    const response = await call(t.app, { method: 'DELETE', url: '/api/v1/profile', cookie });
    expect(response.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).statusCode).toBe(401);
    const again = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'sales@demo.test', password: 'demo-password' },
    });
    expect(again.statusCode).toBe(401);
    const [row] = await ownerRows(
      'SELECT email, password_hash, active, deleted_at, last_name FROM users WHERE id = $1',
      [_id],
    );
    expect(row).toMatchObject({ email: null, password_hash: null, active: false, last_name: 'Reyes' });
    expect(row.deleted_at).toBeInstanceOf(Date);
  });
});
