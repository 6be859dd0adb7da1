import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { qualified } from '../../db/columns';

/**
 * A record table: what every kind's table has (db/columns `recordColumns`). A kind that is some
 * rows of a shared table (staff among the users) may lack `archived_at` and `created_by`: its
 * spec says how one of its records reads as archived (lifecycle `archived`).
 */
export type RecordTable = PgTable & {
  id: AnyPgColumn;
  firmId: AnyPgColumn;
  version: AnyPgColumn;
  archivedAt?: AnyPgColumn;
  createdBy?: AnyPgColumn;
  updatedBy: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** The table of a kind of its own: archived and created by whom in its own columns. */
export type OwnRecordTable = RecordTable & { archivedAt: AnyPgColumn; createdBy: AnyPgColumn };

/** The record an id column names, as records show links: `{ _id, name }` or null. */
export const refColumn = (column: AnyPgColumn, table: PgTable & { id: AnyPgColumn }, name: AnyPgColumn) =>
  sql<{
    _id: string;
    name: string;
  } | null>`(SELECT json_build_object('_id', ${qualified(table.id)}, 'name', ${qualified(name)})
      FROM ${table} WHERE ${qualified(table.id)} = ${qualified(column)})`;

/** The person a user-id column names, as records show people: `{ _id, name }` or null. */
export const personColumn = (column: AnyPgColumn) =>
  sql<{
    _id: string;
    name: string;
  } | null>`(SELECT json_build_object('_id', u.id, 'name', trim(u.first_name || ' ' || u.last_name))
      FROM users u WHERE u.id = ${qualified(column)})`;

/** What every list row has: id, archived, created and updated (as ISO text). */
export const rowColumns = (table: OwnRecordTable) => ({
  _id: sql<string>`${table.id}`,
  archived: sql<boolean>`${table.archivedAt} IS NOT NULL`,
  createdAt: sql<string>`to_json(${table.createdAt})#>>'{}'`,
  updatedAt: sql<string>`to_json(${table.updatedAt})#>>'{}'`,
});
