import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudits } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { badRequest, conflict, type HttpError, notFound } from '../http/errors';
import { users } from '../identity/users.table';

/** A user as records show them: id and full name. */
export const personOf = (u: { id: string | null; firstName: string | null; lastName: string | null } | null) =>
  u?.id ? { _id: u.id, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() } : null;

/** A record table: every one has an id, a version, and when (and, mostly, by whom) it last changed. */
type VersionedTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  updatedAt: AnyPgColumn;
  updatedBy?: AnyPgColumn;
};

/**
 * The one way a record is edited: `UPDATE … SET …, version = version + 1 WHERE id = $id AND
 * version = $sent`, so of any number of edits made on one version exactly one wins, whatever
 * the timing. The others get a 409 that says who changed the record and when, so the form can
 * offer their version while keeping what the user typed; a record that is gone is a 404.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Executor,
  actor: { userId: string | null } | null,
  table: T,
  id: string,
  sent: number,
  noun: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const set = {
    ...values,
    ...(table.updatedBy && actor ? { updatedBy: actor.userId } : {}),
    version: sql`${table.version} + 1`,
    updatedAt: sql`now()`,
  } as PgUpdateSetSource<T>;
  const [row] = isUuid(id)
    ? ((await db
        .update(table)
        .set(set)
        .where(and(eq(table.id, id), eq(table.version, sent)))
        .returning()) as unknown as T['$inferSelect'][])
    : [];
  if (row) return row;
  throw await staleOrMissing(db, table, id, noun);
}

// Its own name: the record may itself be a user (employees).
const editor = alias(users, 'editor');

/** Why an edit on `sent` matched nothing: the record is gone (404), or someone changed it (409). */
async function staleOrMissing(db: Executor, table: VersionedTable, id: string, noun: string): Promise<HttpError> {
  const [current] = isUuid(id)
    ? await db
        .select({
          updatedAt: table.updatedAt,
          firstName: editor.firstName,
          lastName: editor.lastName,
        })
        .from(table)
        .leftJoin(editor, table.updatedBy ? eq(editor.id, table.updatedBy) : sql`false`)
        .where(eq(table.id, id))
    : [];
  if (!current) return notFound(`This ${noun} does not exist.`);
  const name = current.firstName ? `${current.firstName} ${current.lastName ?? ''}`.trim() : 'Someone else';
  const when = new Date(current.updatedAt as Date).toISOString();
  return conflict(
    `${name} changed this ${noun} at ${when} since you opened it. Reload to see their changes; what you typed is kept.`,
  );
}

/** An assignee must be an active staff member of the firm. */
export async function assertAssignee(
  db: Executor,
  userId: string | null | undefined,
  field = 'assignedTo',
): Promise<void> {
  if (userId) await assertStaff(db, [userId], field);
}

/**
 * Each of the people named (a job's crew) is an active staff member of the firm, checked in
 * one query; else 400 on `field`.
 */
export async function assertStaff(db: Executor, userIds: readonly string[], field: string): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.kind, 'staff'), eq(users.active, true), isNull(users.deletedAt)));
  if (found.length < wanted.length)
    throw badRequest('Choose someone from the list.', { [field]: 'Choose an active member of your firm.' });
}

/** The user, if an active staff member; otherwise nobody (records are not handed to former staff). */
export async function activeStaffOrNone(db: Executor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'staff'), eq(users.active, true), isNull(users.deletedAt)));
  return found ? userId : null;
}

/** Names for the ids a record refers to, so its history reads "Sam Reyes", not an id. */
export async function peopleNames(db: Executor, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/**
 * Archives (or restores) those of `ids` not already so, bumping their version, and audits each.
 * Every record table has `archived_at`, `updated_by`, `version` and `updated_at` (db/columns).
 */
export async function archiveRows(
  db: Executor,
  actor: Actor,
  table: PgTable,
  entityType: string,
  ids: string[],
  archived: boolean,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { rows } = await db.execute<{ id: string }>(
    sql`UPDATE ${table} SET archived_at = ${archived ? sql`now()` : sql`NULL`}, updated_by = ${actor.userId},
               version = version + 1, updated_at = now()
        WHERE id = ANY(${sql.param(ids)}::uuid[]) AND archived_at IS ${archived ? sql`NULL` : sql`NOT NULL`}
        RETURNING id`,
  );
  await recordAudits(
    db,
    actor,
    rows.map(({ id }) => ({ entityType, entityId: id, action: archived ? 'archive' : 'restore' })),
  );
  return rows.length;
}

/** Why a record cannot be archived (or restored): it already is (not). */
export const archiveRefusal = (noun: string, archive: boolean) =>
  archive ? `This ${noun} is already archived.` : `This ${noun} is not archived.`;
