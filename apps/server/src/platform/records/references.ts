import type { RecordKind } from '@atelier/contracts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { type AuditActor, recordAudits } from '../audit/audit.service';

/**
 * Something that refers to records of a kind: "customer" rows through their `ambassador_id`.
 * With `entityType` and `field` (its audit entity type and the field's API name), the rows can
 * be moved to another record with their history (`moveReferences`).
 */
export type Reference = {
  table: PgTable;
  column: AnyPgColumn;
  noun: string;
  plural?: string;
  entityType?: string;
  field?: string;
};

const registered = new Map<string, Reference[]>();

/**
 * Says that a module's rows refer to records of another module's kind ("customers refer to
 * ambassadors through ambassador_id"), so the kind's module need not import the referring one
 * (decision 0018): deleting a record is refused while any registered reference points at it, and
 * `referenceCount` counts them. The referring module calls it where its table is defined; both
 * are read when a query runs, once every module has loaded.
 */
export function registerReference(kind: Pick<RecordKind, 'key'>, reference: Reference): void {
  const refs = registered.get(kind.key) ?? [];
  if (refs.some((r) => r.table === reference.table && r.column === reference.column)) return;
  registered.set(kind.key, [...refs, reference]);
}

/** What refers to records of the kind, in the order the referring modules registered it. */
export const referencesTo = (kindKey: string): readonly Reference[] => registered.get(kindKey) ?? [];

/**
 * How many rows of the registered reference named `noun` point at the record whose id is `id`
 * (`unarchived`: only those not archived), as a value to select or sort by. The subquery is
 * built when the query is, so the referring module may load after the kind's module.
 */
export function referenceCount(
  kind: Pick<RecordKind, 'key'>,
  noun: string,
  id: AnyPgColumn,
  options: { unarchived?: boolean } = {},
): SQL<number> {
  const lazy: SQLWrapper & { shouldOmitSQLParens: () => boolean } = {
    getSQL: () => {
      const ref = referencesTo(kind.key).find((r) => r.noun === noun);
      if (!ref) throw new Error(`No ${noun} is registered as referring to a ${kind.key}.`);
      const unarchived = options.unarchived ? sql` AND r.archived_at IS NULL` : sql``;
      // constant SQL: the column's name, from a table defined in our code.
      return sql`(SELECT count(*)::int FROM ${ref.table} r WHERE r.${sql.identifier(ref.column.name)} = ${qualified(id)}${unarchived})`;
    },
    shouldOmitSQLParens: () => true,
  };
  return sql<number>`${lazy}`;
}

/**
 * Points every movable row that refers to record `from` at record `to` instead (a deleted
 * category's products go to the one chosen), each with its version bumped and a history entry
 * naming both. Gives how many rows moved.
 */
export async function moveReferences(
  db: Executor,
  actor: AuditActor,
  kindKey: string,
  from: { id: string; name: string },
  to: { id: string; name: string },
): Promise<number> {
  let moved = 0;
  for (const ref of referencesTo(kindKey)) {
    if (!ref.entityType || !ref.field) continue;
    // constant SQL: the column's name, from a table defined in our code.
    const column = sql.identifier(ref.column.name);
    const { rows } = await db.execute<{ id: string; version: number }>(
      sql`UPDATE ${ref.table} SET ${column} = ${to.id}, version = version + 1, updated_at = now(),
            updated_by = ${actor.userId}
          WHERE ${column} = ${from.id} RETURNING id, version`,
    );
    await recordAudits(
      db,
      actor,
      rows.map((row) => ({
        entityType: ref.entityType!,
        entityId: row.id,
        action: 'update',
        version: row.version,
        before: { [ref.field!]: from.name },
        after: { [ref.field!]: to.name },
      })),
    );
    moved += rows.length;
  }
  return moved;
}
