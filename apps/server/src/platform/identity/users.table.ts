import { type CurrentTask, type Kanban, PAY_TYPES, type PayType } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, updatedAt, version } from '../../db/columns';
import { firms } from './firms.table';

/** The current task as stored (spec section 3's currentTask): records of this firm, named as they were when chosen. */
export type StoredCurrentTask = CurrentTask;

export const USER_KINDS = ['staff', 'customer'] as const;
export const userKind = pgEnum('user_kind', USER_KINDS);

export const departments = pgTable(
  'departments',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('departments_firm_name_uq').on(t.firmId, sql`lower(${t.name})`), firmIsolation(t.firmId)],
);

/**
 * Staff and customers. Staff email addresses are unique in the whole system (sign-in needs
 * no firm); customer addresses are unique within their firm (they sign in through its store).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    kind: userKind('kind').notNull(),
    // NULL once an account is deleted: the row stays for the history that names it.
    email: text('email'),
    // NULL until an invited user sets a password.
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    // Plain column sort key (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(first_name || ' ' || last_name)`),
    image: text('image'),
    // Employee details (staff only).
    title: text('title').notNull().default(''),
    phone: text('phone').notNull().default(''),
    // Cents per hour, or per year for a salary. Only holders of 53 see or change it.
    payRate: bigint('pay_rate', { mode: 'number' }),
    payType: text('pay_type').$type<PayType>(),
    hireDate: date('hire_date', { mode: 'string' }),
    // Lower-cased name, email, title and phone digits (staff only; customers are found as customers).
    searchText: text('search_text').notNull().default(''),
    updatedBy: uuid('updated_by'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    fields: jsonb('fields').$type<{ label: string; values: string[] }[]>().notNull().default([]),
    listSettings: jsonb('list_settings').$type<Record<string, unknown[]>>().notNull().default({}),
    kanban: jsonb('kanban').$type<Kanban>().notNull().default({ colors: {}, view: 'kanban' }),
    warehouseId: uuid('warehouse_id'),
    clockedIn: boolean('clocked_in').notNull().default(false),
    // When the running time entry started (set and cleared with clocked_in).
    clockedInAt: timestamp('clocked_in_at', { withTimezone: true }),
    // The task being timed (spec section 3's currentTask), kept while clocked out too.
    currentTask: jsonb('current_task').$type<StoredCurrentTask>(),
    // What an hour of this person costs the firm, in cents (53 only; separate from pay).
    costRateCents: bigint('cost_rate_cents', { mode: 'number' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_staff_email_uq').on(sql`lower(${t.email})`).where(sql`${t.kind} = 'staff'`),
    uniqueIndex('users_customer_email_uq').on(t.firmId, sql`lower(${t.email})`).where(sql`${t.kind} = 'customer'`),
    index('users_firm_kind_idx').on(t.firmId, t.kind),
    index('users_name_idx').on(t.firmId, t.nameKey, t.id),
    index('users_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('users_pay_type_check', oneOf('pay_type', PAY_TYPES)),
    check('users_pay_rate_check', sql`pay_rate >= 0`),
    check('users_cost_rate_check', sql`cost_rate_cents >= 0`),
    firmIsolation(t.firmId),
  ],
);

/** A named list of permission codes (spec section 6). */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    codes: integer('codes').array().notNull().default(sql`'{}'::int[]`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_firm_name_uq').on(t.firmId, sql`lower(${t.name})`), firmIsolation(t.firmId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.roleId),
    firmIsolation(t.firmId),
  ],
);
