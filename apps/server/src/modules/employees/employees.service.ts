import {
  EMPLOYEE_STATUSES,
  type Employee,
  type EmployeeRow,
  type EmployeeStatus,
  employeeInputSchema,
  hasCode,
  KINDS,
  P,
  type PayType,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { badRequest, HttpError } from '../../platform/http/errors';
import { lockFirm } from '../../platform/identity/firms';
import { departments, roles, userRoles, users } from '../../platform/identity/users.table';
import { idsIn, searchText } from '../../platform/lists/list';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { customers } from '../customers';
import { applyStaffRoles, assertCanManage, staffCodes } from '../organization';
import { staffSearchText } from '../users';
import { activate, deactivate, withdrawal } from './employee-lifecycle';

type StaffRow = typeof users.$inferSelect;

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
/** Deactivated, invited (no password yet) or active. */
const statusOf = sql<EmployeeStatus>`CASE WHEN NOT ${users.active} THEN 'inactive'
  WHEN ${users.passwordHash} IS NULL THEN 'invited' ELSE 'active' END`;

const roleNames = sql<string[]>`COALESCE((SELECT array_agg(r.name ORDER BY r.name) FROM ${userRoles} ur
  JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = ${qualified(users.id)}), '{}')`;
const roleRefs = sql<{ _id: string; name: string }[]>`COALESCE((SELECT json_agg(json_build_object('_id', r.id,
  'name', r.name) ORDER BY r.name) FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
  WHERE ur.user_id = ${qualified(users.id)}), '[]'::json)`;
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

const samePay = (row: StaffRow, pay: { rateCents: number; type: PayType } | null) =>
  pay === null ? row.payRate === null : row.payRate === pay.rateCents && row.payType === pay.type;

/**
 * The firm's staff: the users of kind staff not deleted. They join by invitation and leave by
 * deactivation (employee-lifecycle), so there is no create or archive. Details need 51, roles
 * go through the firm manager's checks (168), pay needs 53.
 */
export const employeeType = defineRecordType<typeof users, typeof employeeInputSchema, Employee, EmployeeRow>({
  kind: KINDS.employee,
  table: users,
  input: employeeInputSchema,
  rows: and(eq(users.kind, 'staff'), isNull(users.deletedAt)),
  archived: { sql: sql<boolean>`NOT ${users.active}`, of: (row) => !row.active },
  alsoAuditedAs: ['user'],
  title: (row) => `${row.firstName} ${row.lastName}`.trim(),
  search: {
    title: fullName,
    subtitle: sql<string>`concat_ws(' · ', NULLIF(${users.title}, ''), ${users.email})`,
    text: users.searchText,
  },
  // The firm first, then the person: the order deactivation and role changes lock in.
  lockFirst: (db, actor) => lockFirm(db, actor.firmId),
  mayChange: async (db, actor, row, action) => {
    // Anyone may keep their own details; a colleague's only if they hold nothing the editor lacks.
    if (action === 'update' && row.id === actor.userId) return;
    assertCanManage(actor, await staffCodes(db, row.id), row);
  },
  columns: async (db, actor, input, before) => {
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
    if (input.costRateCents !== undefined && !hasCode(actor.codes, P.EMPLOYEE_SETTINGS))
      throw new HttpError(403, 'forbidden', 'You do not have permission to see or change what an hour costs.', {
        costRateCents: 'The cost per hour needs employee settings (53).',
      });
    const payChanged = before !== null && input.pay !== undefined && !samePay(before, input.pay);
    if (before && input.roles !== undefined) await applyStaffRoles(db, actor, before.id, input.roles);
    return {
      firstName: input.firstName,
      lastName: input.lastName,
      title: input.title,
      phone: input.phone,
      departmentId: input.departmentId,
      hireDate: input.hireDate,
      ...(payChanged ? { payRate: input.pay?.rateCents ?? null, payType: input.pay?.type ?? null } : {}),
      ...(input.costRateCents !== undefined ? { costRateCents: input.costRateCents } : {}),
      searchText: staffSearchText({ ...input, email: before?.email ?? null }),
    };
  },
  // Pay shows in the history only as "changed" (audit REDACTED); the department by name.
  audited: (row) => ({
    firstName: row.firstName,
    lastName: row.lastName,
    title: row.title,
    phone: row.phone,
    department: row.departmentId,
    hireDate: row.hireDate,
    pay: row.payRate === null ? null : `${row.payRate}/${row.payType}`,
    costRateCents: row.costRateCents,
    active: row.active,
  }),
  names: { department: { table: departments, id: departments.id, name: departments.name } },
  extra: {
    status: statusOf,
    department: refColumn(users.departmentId, departments, departments.name),
    roles: roleRefs,
    customers: assignedCustomers,
  },
  detail: (r, extra, actor) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email ?? '',
    image: r.image,
    title: r.title,
    phone: r.phone,
    department: extra.department as Employee['department'],
    roles: extra.roles as Employee['roles'],
    hireDate: r.hireDate,
    status: extra.status as EmployeeStatus,
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    pay:
      hasCode(actor.codes, P.EMPLOYEE_SETTINGS) && r.payRate !== null && r.payType
        ? { rateCents: r.payRate, type: r.payType }
        : null,
    ...(hasCode(actor.codes, P.EMPLOYEE_SETTINGS) ? { costRateCents: r.costRateCents } : {}),
    customers: extra.customers as number,
  }),
  list: {
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
    search: searchText(users, users.nameKey),
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
  },
  csv: [
    ['Name', (r) => r.name],
    ['Email', (r) => r.email],
    ['Title', (r) => r.title],
    ['Phone', (r) => r.phone],
    ['Department', (r) => r.department ?? ''],
    ['Roles', (r) => r.roles.join('; ')],
    ['Status', (r) => r.status],
    ['Hire date', (r) => r.hireDate ?? ''],
    ['Last sign-in', (r) => r.lastSignInAt ?? ''],
  ],
  ...withdrawal,
  transitions: { deactivate, activate },
});
