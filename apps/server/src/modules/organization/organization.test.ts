import { P } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { createRole, createUser } from '../users/users.service';

let t: TestApp;
let owner: string;
let manager: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  // An office manager who may edit roles, assign roles and manage departments, holding
  // some codes but not super admin.
  await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, async (tx) => {
    const actor = { firmId: HARBOR_PINE_ID, userId: null };
    const role = await createRole(tx, actor, {
      name: 'Office manager',
      codes: [
        P.MODIFY_ROLES,
        P.DELETE_ROLES,
        P.VIEW_PERMISSIONS,
        P.MODIFY_PERMISSIONS,
        P.MODIFY_DEPARTMENTS,
        P.DELETE_DEPARTMENTS,
        P.MODIFY_ORDERS,
      ],
    });
    await createUser(tx, actor, {
      kind: 'staff',
      email: 'office@demo.test',
      firstName: 'Oona',
      password: 'demo-password',
      roleIds: [role.id],
    });
  });
  manager = await signIn(t.app, 'office@demo.test');
});
afterAll(() => t.close());

const roles = async (cookie = owner) => (await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie })).json();
const role = async (name: string) => (await roles()).find((r: { name: string }) => r.name === name);
const roleId = async (name: string) => (await role(name))._id;
const staff = async () => (await call(t.app, { method: 'GET', url: '/api/v1/staff', cookie: owner })).json();
const staffId = async (email: string) => (await staff()).find((s: { email: string }) => s.email === email)._id;

describe('roles', () => {
  it('lists roles with their codes and how many people hold them', async () => {
    const list = await roles();
    expect(list.find((r: { name: string }) => r.name === 'Sales')).toMatchObject({
      permissions: [6, 8, 13, 21, 85, 164, 200],
      users: 1,
    });
  });

  it('creates and edits roles, limited to codes the editor holds', async () => {
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/v1/roles',
      cookie: manager,
      body: { name: 'Order desk', permissions: [P.MODIFY_ORDERS] },
    });
    expect(ok.statusCode).toBe(201);
    const refused = await call(t.app, {
      method: 'POST',
      url: '/api/v1/roles',
      cookie: manager,
      body: { name: 'Too much', permissions: [P.MODIFY_ORDERS, P.MODIFY_INVOICES, P.SUPER_ADMIN] },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(
      'You cannot grant permissions you do not hold: Modify invoices (60), Super admin (100).',
    );
    expect((await roles()).some((r: { name: string }) => r.name === 'Too much')).toBe(false);
  });

  it('lets a super admin grant anything but developer (1000), which only a developer grants', async () => {
    const admin = await call(t.app, {
      method: 'POST',
      url: '/api/v1/roles',
      cookie: owner,
      body: { name: 'Accounts lead', permissions: [60, 61, 62, 63] },
    });
    expect(admin.statusCode).toBe(201);
    const dev = await call(t.app, {
      method: 'POST',
      url: '/api/v1/roles',
      cookie: owner,
      body: { name: 'Dev', permissions: [P.DEVELOPER] },
    });
    expect(dev.statusCode).toBe(403);
  });

  it('does not let the last super admin role lose 100', async () => {
    const { _id: id, version } = await role('Super admin');
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/roles/${id}`,
      cookie: owner,
      body: { name: 'Super admin', permissions: [P.MODIFY_ORDERS], version },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'Harbor & Pine Interiors must keep at least one super admin. Make someone else a super admin first.',
    );
    expect((await roles()).find((r: { _id: string }) => r._id === id).permissions).toEqual([P.SUPER_ADMIN]);
  });

  it('refuses to delete a role people hold; deletes one nobody holds', async () => {
    const held = await call(t.app, { method: 'DELETE', url: `/api/v1/roles/${await roleId('Sales')}`, cookie: owner });
    expect(held.statusCode).toBe(409);
    expect(errorOf(held).message).toBe('1 person has the role "Sales". Take it away from them first.');
    const free = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/roles/${await roleId('Order desk')}`,
      cookie: owner,
    });
    expect(free.statusCode).toBe(204);
  });

  it('answers a duplicate name with 409', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/roles',
      cookie: owner,
      body: { name: 'sales', permissions: [] },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('A role named "sales" already exists.');
  });
});

describe('departments', () => {
  it('are created, renamed and deleted, with 70 and 71', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/departments',
      cookie: manager,
      body: { name: 'Design' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id;
    const renamed = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/departments/${id}`,
      cookie: manager,
      body: { name: 'Design studio', version: created.json().version },
    });
    expect(renamed.json()).toMatchObject({ name: 'Design studio', users: 0 });
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/v1/departments/${id}`, cookie: manager })).statusCode,
    ).toBe(204);
    const sales = await signIn(t.app, 'sales@demo.test');
    // Any staff member may read them (pickers); changing them needs 70/71.
    expect((await call(t.app, { method: 'GET', url: '/api/v1/departments', cookie: sales })).statusCode).toBe(200);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/v1/departments', cookie: sales, body: { name: 'Nope' } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('staff and their roles', () => {
  it('assigns roles whose codes the assigner holds, and refuses the others', async () => {
    const wes = await staffId('warehouse@demo.test');
    const salesRole = await roleId('Sales');
    const refused = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${wes}/roles`,
      cookie: manager,
      body: { roles: [salesRole] },
    });
    expect(refused.statusCode).toBe(403);
    const ok = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${wes}/roles`,
      cookie: owner,
      body: { roles: [salesRole, await roleId('Warehouse')] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles.map((r: { name: string }) => r.name)).toEqual(['Sales', 'Warehouse']);
  });

  it('does not let the last super admin lose the role', async () => {
    const olivia = await staffId('owner@demo.test');
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${olivia}/roles`,
      cookie: owner,
      body: { roles: [] },
    });
    expect(response.statusCode).toBe(409);
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json();
    expect(me.permissions.map((r: { name: string }) => r.name)).toEqual(['Super admin']);
  });

  it('takes effect on the next request', async () => {
    const ada = await staffId('accounting@demo.test');
    const cookie = await signIn(t.app, 'accounting@demo.test');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie })).statusCode).toBe(403);
    await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${ada}/roles`,
      cookie: owner,
      body: { roles: [await roleId('Accounting'), await roleId('Warehouse')] },
    });
    expect((await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie })).statusCode).toBe(200);
  });

  it('refuses a role of another firm as an unknown one', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const cedarRoles = await roles(cedar);
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${await staffId('sales@demo.test')}/roles`,
      cookie: owner,
      body: { roles: [cedarRoles[0]._id] },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ roles: 'Choose roles from the list.' });
  });
});

describe('taking permissions away, and who counts as a super admin', () => {
  it('needs the same right as giving: nobody can remove codes they do not hold', async () => {
    const { _id: id, version } = await role('Accounting');
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/roles/${id}`,
      cookie: manager,
      body: { name: 'Accounting', permissions: [P.MODIFY_INVOICES], version },
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toMatch(/^You cannot take away permissions you do not hold: /);
    const ada = await staffId('accounting@demo.test');
    const stripped = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${ada}/roles`,
      cookie: manager,
      body: { roles: [] },
    });
    expect(stripped.statusCode).toBe(403);
  });

  it('does not count someone who never accepted an invitation as the firm’s super admin', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const cedarRoles = (await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie: cedar })).json();
    const admin = cedarRoles.find((r: { name: string }) => r.name === 'Super admin')._id;
    const invited = await call(t.app, {
      method: 'POST',
      url: '/api/v1/invitations',
      cookie: cedar,
      body: { email: 'typo@cedar.tset', first_name: 'Ty', roles: [admin] },
    });
    expect(invited.statusCode).toBe(201);
    const me = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: cedar })).json();
    const leave = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/staff/${me._id}/roles`,
      cookie: cedar,
      body: { roles: [] },
    });
    expect(leave.statusCode).toBe(409);
    expect((await call(t.app, { method: 'DELETE', url: '/api/v1/profile', cookie: cedar })).statusCode).toBe(409);
  });

  it('lets every staff member read the roles (to assign or invite), but not customers', async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie: sales })).statusCode).toBe(200);
  });
});
