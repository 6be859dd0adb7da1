import type { OpenRecords } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { recordAudits } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { peopleNames } from './records';

/**
 * A kind of record a staff member can be assigned to. Each module registers its own, so that
 * deactivating someone can show what they still hold and hand it all to a colleague in one step.
 * The table has `assigned_to`, `updated_by`, `version` and `updated_at` (every record table does).
 */
export type Assignable = {
  /** The audit entity type of its rows: 'customer', 'lead'. */
  type: string;
  /** Plural words for the deactivate dialog: "customers". */
  label: string;
  table: PgTable;
  /** Which rows still need someone (leads: neither won nor lost). Archived rows never do. */
  open?: SQL;
  /** More to change with the assignee (leads: the new one gets their own follow-up reminder). */
  alsoSet?: SQL;
};

const registered = new Map<string, Assignable>();

/** Registers the kind and gives it back, for the module's own bulk assign (`assignRows`). */
export function registerAssignable(assignable: Assignable): Assignable {
  registered.set(assignable.type, assignable);
  return assignable;
}

/**
 * Gives the rows of `a` that match `where` to `assignee` (or nobody), bumping their version, and
 * audits each change by name: the one path for bulk assign and for hand-overs. The caller has
 * checked the assignee (`assertAssignee`). Returns how many rows it touched.
 */
export async function assignRows(
  db: Executor,
  actor: Actor,
  a: Assignable,
  where: SQL,
  assignee: string | null,
): Promise<number> {
  const { rows } = await db.execute<{ id: string; was: string | null }>(
    sql`SELECT id, assigned_to AS was FROM ${a.table} WHERE ${where} FOR UPDATE`,
  );
  if (rows.length === 0) return 0;
  await db.execute(
    sql`UPDATE ${a.table} SET assigned_to = ${assignee}, updated_by = ${actor.userId}, version = version + 1,
               updated_at = now() ${a.alsoSet ? sql`, ${a.alsoSet}` : sql``}
        WHERE id = ANY(${sql.param(rows.map((r) => r.id))}::uuid[])`,
  );
  const names = await peopleNames(db, [assignee, ...rows.map((r) => r.was)]);
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? id) : null);
  await recordAudits(
    db,
    actor,
    rows.map((row) => ({
      entityType: a.type,
      entityId: row.id,
      action: 'update',
      before: { assignedTo: nameOf(row.was) },
      after: { assignedTo: nameOf(assignee) },
    })),
  );
  return rows.length;
}

const openOf = (a: Assignable, userId: string) =>
  sql`assigned_to = ${userId} AND archived_at IS NULL AND (${a.open ?? sql`true`})`;

/** What this person still has assigned, kind by kind (kinds with none left out). */
export async function openRecords(db: Executor, userId: string): Promise<OpenRecords> {
  const out: OpenRecords = [];
  for (const a of registered.values()) {
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${a.table} WHERE ${openOf(a, userId)}`,
    );
    if (rows[0]!.n > 0) out.push({ kind: a.type, label: a.label, count: rows[0]!.n });
  }
  return out;
}

/**
 * Hands every open record of `from` to `to` (or to nobody), auditing each change by name.
 * Returns how many moved.
 */
export async function reassignOpenRecords(
  db: Executor,
  actor: Actor,
  from: string,
  to: string | null,
): Promise<number> {
  let moved = 0;
  for (const a of registered.values()) moved += await assignRows(db, actor, a, openOf(a, from), to);
  return moved;
}
