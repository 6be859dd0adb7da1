import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let sales: string;
let wes: string;
let cedar: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  wes = await signIn(t.app, 'warehouse@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}
const follow = (cookie: string, entity: string, entityType = 'company', action = 'subscribe') =>
  api('POST', '/profile/subscriptions', cookie, { action, entity, entityType });
async function unread(cookie: string): Promise<{ message: string; link: string | null }[]> {
  return (await api('GET', '/notifications?isRead=false&limit=50', cookie)).json();
}

async function newAccount(name: string) {
  const r = await api('POST', '/companies', owner, { name, type: 'trade' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { _id: string; version: number };
}

describe('subscriptions', () => {
  it('notifies followers of a change by someone else, with a link, and not the one who made it', async () => {
    const account = await newAccount('Quillfeather Joinery');
    const r = await follow(owner, account._id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toContainEqual({ entity: account._id, entityType: 'company' });
    expect((await api('GET', '/auth/', owner)).json().subscriptions).toContainEqual({
      entity: account._id,
      entityType: 'company',
    });
    expect((await follow(sales, account._id)).statusCode).toBe(200);

    const before = (await unread(sales)).length;
    const edit = await api('PUT', `/companies/${account._id}`, sales, {
      name: 'Quillfeather Joinery',
      type: 'trade',
      phone: '(207) 555-0199',
      version: account.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await unread(owner)).toContainEqual(
      expect.objectContaining({
        message: 'Sam Reyes changed the account Quillfeather Joinery.',
        link: `/u/companies/${account._id}`,
      }),
    );
    expect((await unread(sales)).length).toBe(before);
  });

  it('stops after unsubscribing, and both actions can be repeated safely', async () => {
    const account = await newAccount('Marrowstone Millwork');
    await follow(owner, account._id);
    await follow(owner, account._id);
    const off = await follow(owner, account._id, 'company', 'unsubscribe');
    expect(off.json()).not.toContainEqual({ entity: account._id, entityType: 'company' });
    expect((await follow(owner, account._id, 'company', 'unsubscribe')).statusCode).toBe(200);
    const count = (await unread(owner)).length;
    await api('POST', `/companies/${account._id}/archive`, sales);
    expect((await unread(owner)).length).toBe(count);
  });

  it('stops telling a follower who may no longer see the record (role taken away, or deactivated)', async () => {
    const account = await newAccount('Larkspur Millwork');
    expect((await follow(sales, account._id)).statusCode).toBe(200);
    const salesId = (await api('GET', '/auth/', sales)).json()._id;
    // Sam loses the Sales role (and with it 13, modify accounts).
    const { rows } = await db.query('SELECT role_id FROM user_roles WHERE user_id = $1', [salesId]);
    await db.query('DELETE FROM user_roles WHERE user_id = $1', [salesId]);
    const before = (await unread(sales)).length;
    const edit = await api('PUT', `/companies/${account._id}`, owner, {
      name: 'Larkspur Millwork',
      type: 'trade',
      phone: '(207) 555-0142',
      version: account.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await unread(sales)).toHaveLength(before);
    for (const r of rows)
      await db.query('INSERT INTO user_roles (firm_id, user_id, role_id) VALUES ($1, $2, $3)', [
        HARBOR_PINE_ID,
        salesId,
        r.role_id,
      ]);
    const again = await api('PUT', `/companies/${account._id}`, owner, {
      name: 'Larkspur Millwork',
      type: 'trade',
      phone: '(207) 555-0143',
      version: edit.json().version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await unread(sales)).toHaveLength(before + 1);
  });

  it('tells followers of a deletion, without a link, and forgets the subscriptions', async () => {
    const account = await newAccount('Ashgrove Studio');
    await follow(sales, account._id);
    expect((await api('DELETE', `/companies/${account._id}`, owner)).statusCode).toBe(204);
    expect(await unread(sales)).toContainEqual(
      expect.objectContaining({ message: 'Olivia Harbor deleted the account Ashgrove Studio.', link: null }),
    );
    const { rows } = await db.query('SELECT count(*)::int AS n FROM subscriptions WHERE entity_id = $1', [account._id]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses unknown kinds, records of another firm, and kinds one may not see; changes nothing', async () => {
    const account = await newAccount('Tidewater Cabinetry');
    const cedarCustomer = (await api('POST', '/customers', cedar, { firstName: 'Ingrid', lastName: 'Solberg' })).json();
    const before = (await db.query('SELECT count(*)::int AS n FROM subscriptions')).rows[0].n;

    const unknown = await follow(owner, account._id, 'spaceship');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields?.entityType).toBe('Not a kind of record.');
    const foreign = await follow(owner, cedarCustomer._id, 'customer');
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('This customer does not exist.');
    expect((await follow(wes, account._id)).statusCode).toBe(403);
    const bad = await api('POST', '/profile/subscriptions', owner, {
      action: 'watch',
      entity: 'x',
      entityType: 'company',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      action: 'Choose subscribe or unsubscribe.',
      entity: 'Not a record id.',
    });

    expect((await db.query('SELECT count(*)::int AS n FROM subscriptions')).rows[0].n).toBe(before);
    const { rows } = await db.query(
      'SELECT DISTINCT firm_id FROM subscriptions WHERE user_id IN (SELECT id FROM users WHERE email = $1)',
      ['owner@demo.test'],
    );
    expect(rows.every((r) => r.firm_id === HARBOR_PINE_ID)).toBe(true);
  });
});
