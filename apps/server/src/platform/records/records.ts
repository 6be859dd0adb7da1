import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../modules/users/users.table';
import { recordAudits } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { badRequest, conflict } from '../http/errors';

/** A user as records show them: id and full name. */
export const personOf = (u: { id: string | null; firstName: string | null; lastName: string | null } | null) =>
  u?.id ? { _id: u.id, name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim() } : null;

/**
 * The 409 of an edit based on an older version: says who changed the record and when, so the
 * form can offer to reload their version (keeping what the user typed).
 */
export async function assertCurrent(
  db: Executor,
  row: { version: number; updatedBy: string | null; updatedAt: Date },
  sent: number | undefined,
  noun: string,
): Promise<void> {
  if (sent === undefined || sent === row.version) return;
  const [who] = row.updatedBy
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, row.updatedBy))
    : [];
  const name = who ? `${who.firstName} ${who.lastName}`.trim() : 'Someone else';
  const when = row.updatedAt.toISOString();
  throw conflict(
    `${name} changed this ${noun} at ${when} since you opened it. Reload to see their changes; what you typed is kept.`,
  );
}

/** An assignee must be an active staff member of the firm. */
export async function assertAssignee(
  db: Executor,
  userId: string | null | undefined,
  field = 'assignedTo',
): Promise<void> {
  if (!userId) return;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'staff'), eq(users.active, true), isNull(users.deletedAt)));
  if (!found) throw badRequest('Choose someone from the list.', { [field]: 'Choose an active member of your firm.' });
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
