import {
  EMPLOYEE_STATUSES,
  type Employee,
  type EmployeeRow,
  type EmployeeStatus,
  type employeeInputSchema,
  hasCode,
  KINDS,
  P,
  type PayType,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, HttpError, notFound } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { departments, roles, userRoles, users } from '../../platform/identity/users.table';
import { idsIn, type ListSpec, searchText } from '../../platform/lists/list';
import { registerEntity } from '../../platform/records/entities';
import { personOf, updateVersioned } from '../../platform/records/records';
import { customers } from '../customers';
import { applyStaffRoles, assertCanManage, staffCodes } from '../organization';
import { staffSearchText } from '../users';

type Input = z.output<typeof employeeInputSchema>;
export type StaffRow = typeof users.$inferSelect;

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
/** Deactivated, invited (no password yet) or active. */
const statusOf = sql<EmployeeStatus>`CASE WHEN NOT ${users.active} THEN 'inactive'
  WHEN ${users.passwordHash} IS NULL THEN 'invited' ELSE 'active' END`;
const isStaff = and(eq(users.kind, 'staff'), isNull(users.deletedAt));

export const employeeKind = registerEntity(KINDS.employee, {
  // Their account's own history (sign-ins, password changes) belongs in their logs too.
  alsoAuditedAs: ['user'],
  find: async (db, id) => {
    const [row] = await db
      .select({ name: fullName })
      .from(users)
      .where(and(eq(users.id, id), isStaff));
    return row ?? null;
  },
  searchDocs: (db, ids) =>
    db
      .select({
        id: users.id,
        title: fullName,
        subtitle: sql<string>`concat_ws(' · ', NULLIF(${users.title}, ''), ${users.email})`,
        searchText: users.searchText,
        archived: sql<boolean>`NOT ${users.active}`,
      })
      .from(users)
      .where(and(inArray(users.id, ids), isStaff)),
});

const roleNames = sql<string[]>`COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM ${userRoles} ur
  JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${qualified(users.id)}), '{}')`;
const assignedCustomers = sql<number>`(SELECT count(*)::int FROM ${customers} c
  WHERE c.assigned_to = ${qualified(users.id)} AND c.archived_at IS NULL)`;
const iso = (column: AnyPgColumn) => sql<string>`to_json(${column})#>>'{}'`;

const statusFilter = (values: string[]): SQL => {
  const bad = values.find((v) => !(EMPLOYEE_STATUSES as readonly string[]).includes(v));
  if (bad) throw badRequest(`"${bad}" is not a status.`, { 'filter.status': 'Choose active, invited or inactive.' });
  return sql`(${statusOf}) IN (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
};

const roleFilter = (values: string[]): SQL => {
  if (values.some((v) => !isUuid(v))) throw badRequest('Not a valid role.', { 'filter.role': 'Not a valid role.' });
  return sql`EXISTS (SELECT 1 FROM ${userRoles} ur WHERE ur.user_id = ${qualified(users.id)}
    AND ur.role_id IN (${sql.join(
      values.map((v) => sql`${v}::uuid`),
      sql`, `,
    )}))`;
};

export const listSpecFor = (actor: Actor): ListSpec<EmployeeRow> => ({
  noun: 'employees',
  table: users,
  id: users.id,
  scope: and(eq(users.firmId, actor.firmId), isStaff)!,
  sorts: {
    name: { expr: users.nameKey, type: 'text' },
    created: { expr: users.createdAt, type: 'timestamptz' },
    updated: { expr: users.updatedAt, type: 'timestamptz' },
  },
  defaultSort: 'name',
  filters: {
    status: statusFilter,
    department: idsIn(users.departmentId, 'department', true),
    role: roleFilter,
    id: idsIn(users.id, 'employee'),
  },
  defaultFilters: { status: ['active', 'invited'] },
  search: searchText(users, users.id, users.nameKey),
  fetch: (db, ids) =>
    db
      .select({
        _id: users.id,
        name: fullName,
        email: sql<string>`coalesce(${users.email}, '')`,
        title: users.title,
        phone: users.phone,
        status: statusOf,
        hireDate: users.hireDate,
        lastSignInAt: iso(users.lastSignInAt),
        department: departments.name,
        roles: roleNames,
        createdAt: iso(users.createdAt),
        updatedAt: iso(users.updatedAt),
      })
      .from(users)
      .leftJoin(departments, eq(departments.id, users.departmentId))
      .where(inArray(users.id, ids)),
});

export const EMPLOYEE_CSV_COLUMNS: [string, (row: EmployeeRow) => unknown][] = [
  ['Name', (r) => r.name],
  ['Email', (r) => r.email],
  ['Title', (r) => r.title],
  ['Phone', (r) => r.phone],
  ['Department', (r) => r.department ?? ''],
  ['Roles', (r) => r.roles.join('; ')],
  ['Status', (r) => r.status],
  ['Hire date', (r) => r.hireDate ?? ''],
  ['Last sign-in', (r) => r.lastSignInAt ?? ''],
];

/** A staff member of the caller's firm (row-level security keeps others out), locked when asked. */
export async function findStaff(db: Executor, id: string, lock = false): Promise<StaffRow> {
  if (!isUuid(id)) throw notFound('This employee does not exist.');
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('This employee does not exist.');
  return row;
}

const editor = alias(users, 'editor');

export async function getEmployee(db: Executor, actor: Actor, id: string): Promise<Employee> {
  const [found] = isUuid(id)
    ? await db
        .select({
          row: users,
          status: statusOf,
          department: { id: departments.id, name: departments.name },
          editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
          customers: assignedCustomers,
          roles: sql<
            { _id: string; name: string }[]
          >`COALESCE((SELECT json_agg(json_build_object('_id', r.id, 'name', r.name)
            ORDER BY r.name) FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
            WHERE ur.user_id = ${qualified(users.id)}), '[]'::json)`,
        })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .leftJoin(editor, eq(editor.id, users.updatedBy))
        .where(and(eq(users.id, id), isStaff))
    : [];
  if (!found) throw notFound('This employee does not exist.');
  const r = found.row;
  const seesPay = hasCode(actor.codes, P.EMPLOYEE_SETTINGS);
  return {
    _id: r.id,
    version: r.version,
    archived: !r.active,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    updatedBy: personOf(found.editor),
    firstName: r.firstName,
    lastName: r.lastName,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email ?? '',
    image: r.image,
    title: r.title,
    phone: r.phone,
    department: found.department?.id ? { _id: found.department.id, name: found.department.name! } : null,
    roles: found.roles,
    hireDate: r.hireDate,
    status: found.status,
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    pay: seesPay && r.payRate !== null && r.payType ? { rateCents: r.payRate, type: r.payType } : null,
    customers: found.customers,
  };
}

const samePay = (row: StaffRow, pay: { rateCents: number; type: PayType } | null) =>
  pay === null ? row.payRate === null : row.payRate === pay.rateCents && row.payType === pay.type;

/** The audited fields, with the department by name; pay only as "changed" (see audit REDACTED). */
async function audited(db: Executor, row: StaffRow) {
  const [dept] = row.departmentId
    ? await db.select({ name: departments.name }).from(departments).where(eq(departments.id, row.departmentId))
    : [];
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    phone: row.phone,
    department: dept?.name ?? null,
    hireDate: row.hireDate,
    pay: row.payRate === null ? null : `${row.payRate}/${row.payType}`,
  };
}

/**
 * PUT /employees/{id}: their details (51). Roles go through the same checks as the firm
 * manager's (168, only codes the editor holds, a super admin kept); pay needs 53.
 */
export async function updateEmployee(
  db: Executor,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<Employee> {
  // The firm first, then the person: the order deactivation and role changes lock in.
  await lockFirm(db, actor.firmId);
  const before = await findStaff(db, id, true);
  // Anyone may keep their own details; a colleague's only if they hold nothing the editor lacks.
  if (id !== actor.userId) assertCanManage(actor, await staffCodes(db, id), before);
  if (input.departmentId) {
    const [dept] = await db
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, input.departmentId));
    if (!dept)
      throw badRequest('Choose a department from the list.', { departmentId: 'Choose a department from the list.' });
  }
  // Refused whether or not it differs: otherwise the answer would tell a guess from the truth.
  if (input.pay !== undefined && !hasCode(actor.codes, P.EMPLOYEE_SETTINGS))
    throw new HttpError(403, 'forbidden', 'You do not have permission to see or change pay.', {
      pay: 'Pay needs employee settings (53).',
    });
  const payChanged = input.pay !== undefined && !samePay(before, input.pay);
  if (input.roles !== undefined) await applyStaffRoles(db, actor, id, input.roles);

  const after = await updateVersioned(db, actor, users, id, input.version, 'employee', {
    firstName: input.firstName,
    lastName: input.lastName,
    title: input.title,
    phone: input.phone,
    departmentId: input.departmentId,
    hireDate: input.hireDate,
    ...(payChanged ? { payRate: input.pay?.rateCents ?? null, payType: input.pay?.type ?? null } : {}),
    searchText: staffSearchText({ ...input, email: before.email }),
  });
  await recordAudit(db, actor, {
    entityType: 'employee',
    entityId: id,
    action: 'update',
    version: after.version,
    before: await audited(db, before),
    after: await audited(db, after),
  });
  return getEmployee(db, actor, id);
}
