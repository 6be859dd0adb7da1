import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customType, integer, pgPolicy, pgRole, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from './ids';

/**
 * The role every request runs as (SET LOCAL ROLE): not superuser, not owner, no BYPASSRLS.
 * Created by the first migration, not by drizzle-kit.
 */
export const APP_ROLE = 'atelier_app';
export const appRole = pgRole(APP_ROLE).existing();

/** The firm of the current transaction, or NULL when none is set (then policies match nothing). */
export const currentFirm = sql`(NULLIF(current_setting('app.firm_id', true), ''))::uuid`;

/** Hashes of tokens (sessions, emailed links) are stored as raw bytes. */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const id = () => uuid('id').primaryKey().defaultRandom().$defaultFn(newId);

export const firmId = (references: () => AnyPgColumn) =>
  uuid('firm_id').notNull().references(references, { onDelete: 'cascade' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);

/**
 * Row-level security for a tenant table: rows are visible and writable only inside the firm
 * set with `app.firm_id`. Every table with a firm_id gets exactly this policy.
 */
export function firmIsolation(column: AnyPgColumn) {
  return pgPolicy('firm_isolation', {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`${column} = ${currentFirm}`,
    withCheck: sql`${column} = ${currentFirm}`,
  });
}

/** `column IN ('a', 'b')`, for CHECK constraints, partial indexes and filters on an enum in text. */
export function oneOf(column: string, values: readonly string[]): SQL {
  // constant SQL: a column name and enum values written in our code, never a request's input.
  return sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

/**
 * `"table"."column"`, always. Drizzle writes a bare `"column"` when a query has one table, which
 * inside a correlated subquery silently binds to the subquery's own table instead of the outer row.
 */
export function qualified(column: AnyPgColumn) {
  // constant SQL: names of a table and column defined in our code.
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * What every record kind's table has (platform/records/lifecycle): when it was archived, who
 * made and last changed it, its version and times.
 */
export const recordColumns = () => ({
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
