import {
  canGrant,
  type Department,
  hasCode,
  P,
  permissionLabel,
  type Role,
  type RoleInput,
  type StaffMember,
} from '@atelier/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, conflictOnDuplicate, HttpError, notFound } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { departments, roles, userRoles, users } from '../../platform/identity/users.table';
import { updateVersioned } from '../../platform/records/records';
import type { SettingsReference } from '../../platform/settings/settings-references';
import { assertCanGrant, assertFirmKeepsSuperAdmin, createRole } from '../users';

const activeUser = and(eq(users.active, true), isNull(users.deletedAt));

// ---- Roles (72 modify, 73 delete) ----

export async function listRoles(db: Executor): Promise<Role[]> {
  return db
    .select({
      _id: roles.id,
      name: roles.name,
      permissions: roles.codes,
      version: roles.version,
      users: sql<number>`(SELECT count(*)::int FROM ${userRoles} ur JOIN ${users} u ON u.id = ur.user_id
                         WHERE ur.role_id = ${qualified(roles.id)} AND u.active AND u.deleted_at IS NULL)`,
    })
    .from(roles)
    .orderBy(asc(roles.name));
}

async function findRole(db: Executor, id: string) {
  const [role] = isUuid(id) ? await db.select().from(roles).where(eq(roles.id, id)) : [];
  if (!role) throw notFound('This role does not exist.');
  return role;
}

export async function addRole(db: Executor, actor: Actor, input: RoleInput): Promise<Role> {
  assertCanGrant(actor.codes, { added: input.permissions });
  const role = await createRole(db, actor, { name: input.name, codes: input.permissions }).catch((e) =>
    conflictOnDuplicate(e, `A role named "${input.name}" already exists.`, 'name'),
  );
  return { _id: role.id, name: role.name, permissions: role.codes, users: 0, version: role.version };
}

/** Adding a code needs the editor to hold it; removing super admin must leave the firm one. */
export async function updateRole(db: Executor, actor: Actor, id: string, input: RoleInput & { version: number }) {
  const firm = await lockFirm(db, actor.firmId);
  const before = await findRole(db, id);
  assertCanGrant(actor.codes, {
    added: input.permissions.filter((code) => !before.codes.includes(code)),
    removed: before.codes.filter((code) => !input.permissions.includes(code)),
  });
  const codes = [...new Set(input.permissions)].sort((a, b) => a - b);
  const after = await updateVersioned(db, actor, roles, id, input.version, 'role', { name: input.name, codes }).catch(
    (e) => {
      // A stale version is its own 409; only a taken name is about the name.
      if (e instanceof HttpError) throw e;
      return conflictOnDuplicate(e, `A role named "${input.name}" already exists.`, 'name');
    },
  );
  await assertFirmKeepsSuperAdmin(db, firm.name);
  await recordAudit(db, actor, {
    entityType: 'role',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { name: before.name, codes: before.codes },
    after: { name: input.name, codes },
  });
  return (await listRoles(db)).find((r) => r._id === id)!;
}

export async function deleteRole(db: Executor, actor: Actor, id: string): Promise<void> {
  // Under the firm lock, so no one is given this role between the count and the delete.
  await lockFirm(db, actor.firmId);
  const role = await findRole(db, id);
  const [used] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, id), activeUser));
  if (used && used.n > 0) {
    throw conflict(
      `${used.n} ${used.n === 1 ? 'person has' : 'people have'} the role "${role.name}". Take it away from them first.`,
    );
  }
  await db.delete(roles).where(eq(roles.id, id));
  await recordAudit(db, actor, {
    entityType: 'role',
    entityId: id,
    action: 'delete',
    before: { name: role.name, codes: role.codes },
  });
}

/** The employee settings' `defaultRole` (the role an invitation starts with) names one of the firm's roles. */
export const defaultRoleSetting: SettingsReference = {
  message: 'Choose a role from the list.',
  exists: async (db, firmId, id) =>
    (
      await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, id), eq(roles.firmId, firmId)))
    ).length > 0,
};

// ---- Departments (70 modify, 71 delete) ----

export async function listDepartments(db: Executor): Promise<Department[]> {
  return db
    .select({
      _id: departments.id,
      name: departments.name,
      version: departments.version,
      users: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.department_id = ${qualified(departments.id)} AND u.active AND u.deleted_at IS NULL)`,
    })
    .from(departments)
    .orderBy(asc(departments.name));
}

export async function addDepartment(db: Executor, actor: Actor, name: string): Promise<Department> {
  const [row] = await db
    .insert(departments)
    .values({ firmId: actor.firmId, name })
    .returning()
    .catch((e) => conflictOnDuplicate(e, `A department named "${name}" already exists.`, 'name'));
  await recordAudit(db, actor, { entityType: 'department', entityId: row!.id, action: 'create', after: { name } });
  return { _id: row!.id, name: row!.name, users: 0, version: row!.version };
}

export async function renameDepartment(
  db: Executor,
  actor: Actor,
  id: string,
  name: string,
  version: number,
): Promise<Department> {
  const [before] = isUuid(id) ? await db.select().from(departments).where(eq(departments.id, id)) : [];
  if (!before) throw notFound('This department does not exist.');
  const after = await updateVersioned(db, actor, departments, id, version, 'department', { name }).catch((e) => {
    if (e instanceof HttpError) throw e;
    return conflictOnDuplicate(e, `A department named "${name}" already exists.`, 'name');
  });
  await recordAudit(db, actor, {
    entityType: 'department',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { name: before.name },
    after: { name },
  });
  return (await listDepartments(db)).find((d) => d._id === id)!;
}

export async function deleteDepartment(db: Executor, actor: Actor, id: string): Promise<void> {
  const department = (await listDepartments(db)).find((d) => d._id === id);
  if (!department) throw notFound('This department does not exist.');
  if (department.users > 0) {
    throw conflict(
      `${department.users} ${department.users === 1 ? 'person is' : 'people are'} in "${department.name}". Move them first.`,
    );
  }
  await db.delete(departments).where(eq(departments.id, id));
  await recordAudit(db, actor, {
    entityType: 'department',
    entityId: id,
    action: 'delete',
    before: { name: department.name },
  });
}

// ---- Staff and their roles (/s/manage: 167 view, 168 modify permissions) ----

export async function listStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .select({
      _id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      active: users.active,
      invited: sql<boolean>`${users.passwordHash} IS NULL`,
      department: departments.name,
      roles: sql<
        { _id: string; name: string }[]
      >`COALESCE((SELECT json_agg(json_build_object('_id', r.id, 'name', r.name) ORDER BY r.name)
        FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${qualified(users.id)}), '[]'::json)`,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(and(eq(users.kind, 'staff'), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}

/** The roles given, all of this firm; an unknown or foreign id is a field error. */
export async function findRoles(db: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = unique.length ? await db.select().from(roles).where(inArray(roles.id, unique)) : [];
  if (found.length !== unique.length)
    throw badRequest('Choose roles from the list.', { roles: 'Choose roles from the list.' });
  return found;
}

/** Every code a staff member holds through their roles. */
export async function staffCodes(db: Executor, userId: string): Promise<number[]> {
  const rows = await db
    .select({ codes: roles.codes })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return [...new Set(rows.flatMap((r) => r.codes))];
}

/**
 * Nobody changes, deactivates or removes a colleague who holds codes they could not grant
 * themselves: someone with 51 cannot lock out the super admin.
 */
export function assertCanManage(
  actor: Actor,
  targetCodes: number[],
  target: { firstName: string; lastName: string },
): void {
  const above = targetCodes.filter((code) => !canGrant(actor.codes, code));
  if (above.length === 0) return;
  const name = `${target.firstName} ${target.lastName}`.trim();
  throw new HttpError(
    403,
    'forbidden',
    `You cannot change ${name}: they hold permissions you do not (${above
      .map((code) => `${permissionLabel(code)} (${code})`)
      .join(', ')}).`,
  );
}

/**
 * Gives a staff member exactly these roles, in the caller's transaction. A change needs 168,
 * and may only add or take away codes the actor holds; the firm keeps a super admin. Audited.
 */
export async function applyStaffRoles(db: Executor, actor: Actor, userId: string, roleIds: string[]): Promise<void> {
  const firm = await lockFirm(db, actor.firmId);
  const wanted = await findRoles(db, roleIds);
  const current = await db
    .select({ id: roles.id, name: roles.name, codes: roles.codes })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const had = new Set(current.map((r) => r.id));
  const keeps = new Set(wanted.map((r) => r.id));
  if (had.size === keeps.size && [...had].every((id) => keeps.has(id))) return;
  if (!hasCode(actor.codes, P.MODIFY_PERMISSIONS))
    throw new HttpError(403, 'forbidden', 'You do not have permission to change roles.', {
      roles: 'Changing roles needs the modify permissions code (168).',
    });
  assertCanGrant(
    actor.codes,
    {
      added: wanted.filter((r) => !had.has(r.id)).flatMap((r) => r.codes),
      removed: current.filter((r) => !keeps.has(r.id)).flatMap((r) => r.codes),
    },
    'roles',
  );
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (wanted.length) {
    await db.insert(userRoles).values(wanted.map((r) => ({ firmId: actor.firmId, userId, roleId: r.id })));
  }
  await assertFirmKeepsSuperAdmin(db, firm.name);
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: userId,
    action: 'update',
    before: { roles: current.map((r) => r.name).sort() },
    after: { roles: wanted.map((r) => r.name).sort() },
  });
}

export async function setStaffRoles(
  db: Executor,
  actor: Actor,
  userId: string,
  roleIds: string[],
): Promise<StaffMember> {
  const [user] = isUuid(userId)
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.kind, 'staff'), isNull(users.deletedAt)))
    : [];
  if (!user) throw notFound('This staff member does not exist.');
  await applyStaffRoles(db, actor, userId, roleIds);
  return (await listStaff(db)).find((s) => s._id === userId)!;
}
