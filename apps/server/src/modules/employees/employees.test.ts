import type { AddressInfo } from 'node:net';
import { type Employee, type EmployeeRow, P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let sales: string;
let cedar: string;
let db: pg.Client;
let ids: Record<'owner' | 'sales' | 'warehouse' | 'accounting', string>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  const { rows } = await db.query("SELECT id, email FROM users WHERE kind = 'staff' AND email LIKE '%@demo.test'");
  ids = Object.fromEntries(rows.map((r) => [r.email.split('@')[0], r.id])) as typeof ids;
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}

/** A staff member of Harbor & Pine holding exactly `codes`, signed in. */
const staffWith = (email: string, codes: number[]) => staffMember(t, owner, db, email, codes);

const get = async (id: string, cookie = owner): Promise<Employee> => {
  const r = await api('GET', `/employees/${id}`, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const detailsOf = (e: Employee) => ({
  firstName: e.firstName,
  lastName: e.lastName,
  title: e.title,
  phone: e.phone,
  departmentId: e.department?._id ?? null,
  hireDate: e.hireDate,
  version: e.version,
});

describe('employees list and record', () => {
  it('lists the firm staff (not customer logins, not other firms), searchable and filterable', async () => {
    const r = await api('GET', '/employees', owner);
    expect(r.statusCode, r.body).toBe(200);
    const names = (r.json().items as EmployeeRow[]).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['Olivia Harbor', 'Sam Reyes', 'Wes Turner', 'Ada Kim']));
    expect(names).not.toContain('Casey Morgan');
    expect(names.some((n) => n.includes('Cedar'))).toBe(false);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const byTitle = (await api('GET', '/employees?q=bookkeeper', owner)).json().items as EmployeeRow[];
    expect(byTitle.map((e) => e.name)).toEqual(['Ada Kim']);
    const byPhone = (await api('GET', `/employees?q=${encodeURIComponent('207 555 0178')}`, owner)).json().items;
    expect(byPhone.map((e: EmployeeRow) => e.name)).toEqual(['Wes Turner']);
    const row = byPhone[0] as EmployeeRow;
    expect(row).toMatchObject({ title: 'Warehouse lead', status: 'active', roles: ['Warehouse'] });

    const bad = await api('GET', '/employees?filter[status][]=gone', owner);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('filter.status');
  });

  it('needs 51; another firm’s employee is 404, exactly like a missing one', async () => {
    expect((await api('GET', '/employees', sales)).statusCode).toBe(403);
    expect((await api('GET', `/employees/${ids.sales}`, sales)).statusCode).toBe(403);
    const foreign = await api('GET', `/employees/${ids.sales}`, cedar);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('This employee does not exist.');
    expect((await api('GET', '/employees/019a0000-0000-7000-8000-00000000ffff', cedar)).statusCode).toBe(404);
    expect((await api('PUT', `/employees/${ids.sales}`, cedar, { firstName: 'X', version: 1 })).statusCode).toBe(404);
    expect((await api('POST', `/employees/${ids.sales}/deactivate`, cedar, {})).statusCode).toBe(404);
  });

  it('shows and changes pay only with employee settings (53); a guess cannot be checked either', async () => {
    expect((await get(ids.sales)).pay).toEqual({ rateCents: 3400, type: 'hourly' });
    const hr = await staffWith('hr@demo.test', [P.MODIFY_EMPLOYEES]);
    const junior = await staffWith('junior@demo.test', []);
    const seen = await get(junior.id, hr.cookie);
    expect(seen).not.toHaveProperty('pay');
    await db.query("UPDATE users SET pay_rate = 2000, pay_type = 'hourly' WHERE id = $1", [junior.id]);

    for (const pay of [{ rateCents: 9999, type: 'hourly' }, { rateCents: 2000, type: 'hourly' }, null]) {
      const refused = await api('PUT', `/employees/${junior.id}`, hr.cookie, { ...detailsOf(seen), pay });
      expect(refused.statusCode, JSON.stringify(pay)).toBe(403);
      expect(errorOf(refused).fields).toHaveProperty('pay');
    }
    // Leaving pay out leaves it as it is.
    const ok = await api('PUT', `/employees/${junior.id}`, hr.cookie, { ...detailsOf(seen), title: 'Junior' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get(junior.id)).pay).toEqual({ rateCents: 2000, type: 'hourly' });

    // A colleague holding codes the editor lacks is not theirs to edit; their own record is.
    const wes = await get(ids.warehouse, hr.cookie);
    const above = await api('PUT', `/employees/${ids.warehouse}`, hr.cookie, { ...detailsOf(wes), title: 'Yard lead' });
    expect(above.statusCode).toBe(403);
    expect(errorOf(above).message).toMatch(/^You cannot change Wes Turner: they hold permissions you do not/);
    const self = await get(hr.id, hr.cookie);
    expect((await api('PUT', `/employees/${hr.id}`, hr.cookie, { ...detailsOf(self), title: 'HR' })).statusCode).toBe(
      200,
    );

    const raised = await api('PUT', `/employees/${ids.warehouse}`, owner, {
      ...detailsOf(await get(ids.warehouse)),
      pay: { rateCents: 3000, type: 'hourly' },
    });
    expect(raised.json().pay).toEqual({ rateCents: 3000, type: 'hourly' });
    // The history says pay changed, never what it is.
    const { rows } = await db.query(
      "SELECT changes FROM audit_log WHERE entity_type = 'employee' AND entity_id = $1 AND changes ? 'pay'",
      [ids.warehouse],
    );
    expect(rows.at(-1).changes.pay).toEqual({ before: '[hidden]', after: '[hidden]' });
  });

  it('edits details with per-field errors and a stale version answered 409, changing nothing', async () => {
    const before = await get(ids.accounting);
    const bad = await api('PUT', `/employees/${ids.accounting}`, owner, {
      ...detailsOf(before),
      firstName: ' ',
      hireDate: '2024-13-45',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(expect.arrayContaining(['firstName', 'hireDate']));
    const dept = await api('POST', '/departments', owner, { name: 'Finance' });
    const saved = await api('PUT', `/employees/${ids.accounting}`, owner, {
      ...detailsOf(before),
      departmentId: dept.json()._id,
      hireDate: '2022-02-01',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ department: { name: 'Finance' }, hireDate: '2022-02-01' });
    const stale = await api('PUT', `/employees/${ids.accounting}`, owner, { ...detailsOf(before), title: 'CFO' });
    expect(stale.statusCode).toBe(409);
    expect((await get(ids.accounting)).title).toBe('Bookkeeper');
    const foreignDept = await api('PUT', `/employees/${ids.accounting}`, owner, {
      ...detailsOf(await get(ids.accounting)),
      departmentId: '019a0000-0000-7000-8000-00000000ffff',
    });
    expect(foreignDept.statusCode).toBe(400);
    expect(errorOf(foreignDept).fields).toHaveProperty('departmentId');
  });
});

describe('escalation', () => {
  it('changes roles only with 168, granting only codes the editor holds; 1000 only from a developer', async () => {
    const lead = await staffWith('lead@demo.test', [P.MODIFY_EMPLOYEES, P.MODIFY_PERMISSIONS, P.MODIFY_USERS]);
    const hr = await db.query("SELECT id FROM users WHERE email = 'hr@demo.test'");
    const target = await get(hr.rows[0].id);
    const admins = (await api('GET', '/roles', owner)).json().find((r: { name: string }) => r.name === 'Super admin');

    const grant = await api('PUT', `/employees/${target._id}`, lead.cookie, {
      ...detailsOf(target),
      roles: [...target.roles.map((r) => r._id), admins._id],
    });
    expect(grant.statusCode).toBe(403);
    expect(errorOf(grant).fields).toHaveProperty('roles');
    expect((await get(target._id)).roles.map((r) => r.name)).not.toContain('Super admin');

    const noRoles = await staffWith('editor@demo.test', [P.MODIFY_EMPLOYEES]);
    const quiet = await api('PUT', `/employees/${target._id}`, noRoles.cookie, { ...detailsOf(target), roles: [] });
    expect(quiet.statusCode).toBe(403);

    const dev = await api('POST', '/roles', owner, { name: 'Developer', permissions: [P.DEVELOPER] });
    expect(dev.statusCode).toBe(403);
  });
});

describe('deactivating', () => {
  it('needs 52, refuses oneself, and refuses a colleague above the actor', async () => {
    expect((await api('POST', `/employees/${ids.sales}/deactivate`, sales, {})).statusCode).toBe(403);
    const self = await api('POST', `/employees/${ids.owner}/deactivate`, owner, {});
    expect(self.statusCode).toBe(409);
    const remover = await staffWith('remover@demo.test', [P.MODIFY_EMPLOYEES, P.DELETE_EMPLOYEES]);
    const above = await api('POST', `/employees/${ids.owner}/deactivate`, remover.cookie, {});
    expect(above.statusCode).toBe(403);
  });

  it('ends their sessions and sockets at once and hands their open records to a colleague', async () => {
    const victim = await signIn(t.app, 'sales@demo.test');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const socket = new WebSocket(`ws://${base}/api/v1/websocket/`, {
      headers: { origin: `http://${base}`, cookie: victim },
    });
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    await db.query('UPDATE customers SET assigned_to = $1 WHERE id IN (SELECT id FROM customers ORDER BY id LIMIT 3)', [
      ids.sales,
    ]);
    const assignee = await api('PUT', '/settings/leadSettings', owner, { webLeadAssignee: ids.sales });
    expect(assignee.statusCode, assignee.body).toBe(200);
    const open = await api('GET', `/employees/${ids.sales}/open-records`, owner);
    const customers = open.json().find((o: { kind: string }) => o.kind === 'customer');
    expect(customers.count).toBeGreaterThanOrEqual(3);

    const bad = await api('POST', `/employees/${ids.sales}/deactivate`, owner, { reassignTo: ids.sales });
    expect(bad.statusCode).toBe(400);
    const started = Date.now();
    const done = await api('POST', `/employees/${ids.sales}/deactivate`, owner, { reassignTo: ids.accounting });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().employee.status).toBe('inactive');
    expect(done.json().reassigned).toBeGreaterThanOrEqual(customers.count);

    expect(await closed).toBe(4401);
    // Well inside the 30 s session re-check: the close came from the deactivation itself.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await api('GET', '/auth/', victim)).statusCode).toBe(401);
    const again = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: 'sales@demo.test', password: 'demo-password' },
    });
    expect(again.statusCode).toBe(403);
    expect(errorOf(again).message).toMatch(/deactivated/);

    const left = await db.query(
      'SELECT count(*)::int AS n FROM customers WHERE assigned_to = $1 AND archived_at IS NULL',
      [ids.sales],
    );
    expect(left.rows[0].n).toBe(0);
    const settings = await db.query(
      `SELECT data->>'webLeadAssignee' AS who FROM settings WHERE "group" = 'leadSettings'
      AND firm_id = (SELECT firm_id FROM users WHERE id = $1)`,
      [ids.sales],
    );
    expect(settings.rows[0].who).toBe(ids.accounting);
    // Not offered as an assignee any more; their search entry shows them as inactive.
    const people = (await api('GET', '/people', owner)).json().map((p: { _id: string }) => p._id);
    expect(people).not.toContain(ids.sales);

    const back = await api('POST', `/employees/${ids.sales}/activate`, owner);
    expect(back.json().status).toBe('active');
    sales = await signIn(t.app, 'sales@demo.test');
  });

  it('deletes only an invitation nobody accepted', async () => {
    const joined = await api('DELETE', `/employees/${ids.warehouse}`, owner);
    expect(joined.statusCode).toBe(409);
    const invited = await api('POST', '/invitations', owner, { email: 'maybe@demo.test', first_name: 'Maybe' });
    const id = invited.json()._id;
    expect((await api('DELETE', `/employees/${id}`, sales)).statusCode).toBe(403);
    expect((await api('PUT', '/settings/leadSettings', owner, { webLeadAssignee: id })).statusCode).toBe(200);
    await db.query('UPDATE customers SET assigned_to = $1 WHERE id = (SELECT id FROM customers ORDER BY id LIMIT 1)', [
      id,
    ]);
    expect((await api('DELETE', `/employees/${id}`, owner)).statusCode).toBe(204);
    // Website leads no longer go to someone who never joined.
    expect((await api('GET', '/settings/', owner)).json().leadSettings.webLeadAssignee).toBeNull();
    const held = await db.query('SELECT count(*)::int AS n FROM customers WHERE assigned_to = $1', [id]);
    expect(held.rows[0].n).toBe(0);
    expect((await api('GET', `/employees/${id}`, owner)).statusCode).toBe(404);
    // The address is free again.
    expect(
      (await api('POST', '/invitations', owner, { email: 'maybe@demo.test', first_name: 'Maybe' })).statusCode,
    ).toBe(201);
  });
});

describe('employees in global search', () => {
  it('finds an employee by name, title or phone for those with 51 only', async () => {
    const found = await api('GET', '/search?q=turner&type=employee', owner);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().items[0]).toMatchObject({
      type: 'employee',
      title: 'Wes Turner',
      href: `/u/employees/${ids.warehouse}`,
    });
    const results = (r: { json: () => { items: { type: string }[] } }) => r.json().items;
    expect(results(await api('GET', '/search?q=0178', owner)).some((r) => r.type === 'employee')).toBe(true);
    expect(results(await api('GET', '/search?q=turner', sales)).some((r) => r.type === 'employee')).toBe(false);
    expect(results(await api('GET', '/search?q=turner', cedar))).toEqual([]);
  });
});
