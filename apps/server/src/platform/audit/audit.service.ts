import type { AuditEntryView, AuditPerson, auditListQuerySchema } from '@atelier/contracts';
import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { cappedTotal, decodeCursor, encodeCursor, invalidCursor } from '../http/list';
import { users } from '../identity/users.table';
import { publishRecordEvents } from '../realtime/record-events';
import { removeAttachments } from '../records/attachments';
import { allKinds, entityKind, hiddenFields } from '../records/entities';
import { reindex } from '../search/search.service';
import { followedAmong, notifySubscribers } from '../subscriptions/subscriptions.service';
import { auditLog, type FieldChange } from './audit.table';

// The time of the last row of a page as to_json writes it: 2026-11-21T16:00:00.123456+00:00.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** Whoever caused a change: a signed-in actor, or nobody (system work such as seeding). */
export type AuditActor = { firmId: string; userId: string | null; impersonatorId?: string | null };

export type AuditEntry = {
  entityType: string;
  entityId: string;
  action: string;
  /** The record's version after the change, when the writer knows it (for the realtime event). */
  version?: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

// Secrets never enter the history; that they changed is still recorded.
// Pay is seen only with employee settings (53); the history, open to log readers (28), says only that it changed.
const REDACTED = new Set(['passwordHash', 'password_hash', 'tokenHash', 'token_hash', 'pay']);
// Bookkeeping columns every row has; a change to them alone is not news.
const IGNORED = new Set(['version', 'updatedAt', 'updated_at', 'createdAt', 'created_at', 'firmId', 'firm_id']);

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/** The fields that differ between two versions of a record, as before → after. */
export function diffFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const from = normalise(before?.[key]);
    const to = normalise(after?.[key]);
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = REDACTED.has(key) ? { before: '[hidden]', after: '[hidden]' } : { before: from, after: to };
  }
  return changes;
}

/**
 * Writes one audit row in the caller's transaction, so the history and the change commit or
 * roll back together. Updates that changed nothing write nothing.
 */
/** The actions that change a record (others, such as signing in as a customer, only happen to it). */
const CHANGES = new Set(['update', 'archive', 'restore', 'delete', 'deactivate', 'activate']);

const nameOf = (row: Record<string, unknown> | null | undefined): string | undefined => {
  if (!row) return undefined;
  if (typeof row.name === 'string') return row.name;
  const parts = [row.firstName, row.lastName].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : undefined;
};

export function recordAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return recordAudits(db, actor, [entry]);
}

/**
 * The history rows of entries that are not of a record kind (stock movements): nothing searches,
 * follows or watches them live, so they are only rows, written as an INSERT for the caller to run
 * in a statement of its own (the ledger writes a movement and its history in one).
 */
export function auditRows(actor: AuditActor, entries: AuditEntry[]): SQL {
  if (entries.some((e) => entityKind(e.entityType))) throw new Error('auditRows is for entries of no record kind');
  const changes = entries.map((e) => JSON.stringify(diffFields(e.before, e.after)));
  return sql`INSERT INTO ${auditLog} (firm_id, actor_id, impersonator_id, entity_type, entity_id, action, changes)
    SELECT ${actor.firmId}::uuid, ${actor.userId}::uuid, ${actor.impersonatorId ?? null}::uuid, x.t, x.i, x.a, x.c::jsonb
      FROM unnest(${sql.param(entries.map((e) => e.entityType))}::text[], ${sql.param(entries.map((e) => e.entityId))}::uuid[],
                  ${sql.param(entries.map((e) => e.action))}::text[], ${sql.param(changes)}::text[]) AS x(t, i, a, c)`;
}

/**
 * `recordAudit` for many records at once (bulk archive, assign, hand-over): one insert, one
 * reindex per kind, and one look for followers, whatever the number of records.
 */
export async function recordAudits(db: Executor, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  const written = entries
    .map((entry) => ({ entry, changes: diffFields(entry.before, entry.after) }))
    .filter(({ entry, changes }) => !(entry.before && entry.after && Object.keys(changes).length === 0));
  if (written.length === 0) return;
  await db.insert(auditLog).values(
    written.map(({ entry, changes }) => ({
      firmId: actor.firmId,
      actorId: actor.userId,
      impersonatorId: actor.impersonatorId ?? null,
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      changes,
    })),
  );
  // Every change to a record is audited, so this is where its search entry follows it, in the
  // same transaction: a module makes its kind searchable by giving it `searchDocs`.
  const byType = new Map<string, string[]>();
  for (const { entry } of written)
    byType.set(entry.entityType, [...(byType.get(entry.entityType) ?? []), entry.entityId]);
  for (const [type, ids] of byType) {
    const kind = entityKind(type);
    if (kind?.searchDocs) await reindex(db, actor.firmId, kind, [...new Set(ids)]);
  }
  // …where the firm's open pages hear of it, once it has committed…
  await publishRecordEvents(
    db,
    actor,
    written.filter(({ entry }) => entityKind(entry.entityType)).map(({ entry }) => entry),
  );
  // …where the record's followers hear of it…
  const changed = written.filter(({ entry }) => entityKind(entry.entityType) && CHANGES.has(entry.action));
  const followed = await followedAmong(
    db,
    changed.map(({ entry }) => entry.entityId),
  );
  for (const { entry } of changed) {
    if (!followed.has(entry.entityId)) continue;
    await notifySubscribers(db, {
      firmId: actor.firmId,
      userId: actor.userId,
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      // A deleted record can no longer be looked up: its name comes from the history.
      name: entry.action === 'delete' ? nameOf(entry.before) : undefined,
    });
  }
  // …and where, once its followers have heard, a deleted record's interactions, files,
  // followers and links go with it.
  const deleted = new Map<string, string[]>();
  for (const { entry } of written)
    if (entry.action === 'delete')
      deleted.set(entry.entityType, [...(deleted.get(entry.entityType) ?? []), entry.entityId]);
  for (const [type, ids] of deleted) {
    const kind = entityKind(type);
    if (kind) await removeAttachments(db, kind, ids);
  }
}

const personName = (person: { id: string; firstName: string; lastName: string } | null): AuditPerson | null =>
  person ? { _id: person.id, name: `${person.firstName} ${person.lastName}`.trim() } : null;

/** Who reads the history: their firm, and the codes and modules that decide which fields they see. */
export type AuditReader = { firmId: string; codes: number[]; features: string[] };

/**
 * The fields each kind of record hides from this reader (all, for a kind they may not see).
 * Entries that changed only hidden fields are left out altogether, so the log does not even say
 * that something they may not see changed; the others lose the hidden fields.
 */
function hiddenByType(reader: AuditReader): Map<string, string[] | null> {
  const hidden = new Map<string, string[] | null>();
  for (const kind of allKinds()) {
    const fields = hiddenFields(reader, kind);
    if (fields === null || fields.length > 0) hidden.set(kind.type, fields);
  }
  return hidden;
}

function onlyHiddenChanges(type: string, fields: string[] | null): SQL {
  const anyVisible = fields
    ? sql`EXISTS (SELECT 1 FROM jsonb_object_keys(${auditLog.changes}) AS k WHERE k <> ALL(${sql.param(fields)}::text[]))`
    : sql`false`;
  return sql`(${auditLog.entityType} = ${type} AND ${auditLog.changes} <> '{}'::jsonb AND NOT ${anyVisible})`;
}

function visibleChanges(changes: Record<string, FieldChange>, fields: string[] | null | undefined) {
  if (fields === undefined) return changes;
  if (fields === null) return {};
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !fields.includes(field)));
}

/**
 * Entries written about something else that belong in a record's history too: an import's one
 * entry, in the history of every record it wrote (decision 0032). Each gives the ids of such
 * audit entries for the record `entity` (an SQL uuid).
 */
const relatedEntries: ((entity: SQL) => SQL)[] = [];
export function registerRelatedAudit(related: (entity: SQL) => SQL): void {
  relatedEntries.push(related);
}

/** GET /logs: the firm's history, newest first, filtered by record, user and dates, paged by keyset. */
/** `alsoTypes`: other entity types whose entries are this record's history too (an employee's sign-ins). */
export async function listAudit(
  db: Executor,
  reader: AuditReader,
  query: z.output<typeof auditListQuerySchema>,
  alsoTypes: string[] = [],
) {
  const actor = alias(users, 'actor');
  const impersonator = alias(users, 'impersonator');
  const hidden = hiddenByType(reader);
  const filters: SQL[] = [
    eq(auditLog.firmId, reader.firmId),
    ...[...hidden].map(([type, fields]) => sql`NOT ${onlyHiddenChanges(type, fields)}`),
  ];
  const own = and(
    query.entityType ? inArray(auditLog.entityType, [query.entityType, ...alsoTypes]) : undefined,
    query.entity ? eq(auditLog.entityId, query.entity) : undefined,
  );
  // A record's history also holds what was written about it elsewhere (the import that wrote it).
  const related = query.entity
    ? relatedEntries.map((ids) => sql`${auditLog.id} IN (${ids(sql`${query.entity}::uuid`)})`)
    : [];
  if (own) filters.push(related.length ? sql`(${own} OR ${sql.join(related, sql` OR `)})` : own);
  if (query.user) filters.push(eq(auditLog.actorId, query.user));
  if (query.from) filters.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(sql`${auditLog.createdAt} < ${query.to}::date + 1`);
  const where = and(...filters);
  const page = [...filters];
  if (query.cursor) {
    const [at, id] = decodeCursor(query.cursor, 2);
    if (typeof at !== 'string' || !ISO_TIME.test(at) || !isUuid(id)) throw invalidCursor();
    page.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${String(at)}::timestamptz, ${String(id)}::uuid)`);
  }

  const rows = await db
    .select({
      entry: auditLog,
      createdAt: sql<string>`to_json(${auditLog.createdAt})#>>'{}'`,
      actor: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
      impersonator: { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName },
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(impersonator, eq(impersonator.id, auditLog.impersonatorId))
    .where(and(...page))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);

  const items: AuditEntryView[] = rows.slice(0, query.limit).map((row) => ({
    _id: row.entry.id,
    createdAt: row.createdAt,
    action: row.entry.action,
    entityType: row.entry.entityType,
    entity: row.entry.entityId,
    actor: personName(row.actor),
    impersonator: personName(row.impersonator),
    changes: visibleChanges(row.entry.changes, hidden.get(row.entry.entityType)),
  }));
  const last = items.at(-1);
  return {
    items,
    total: await cappedTotal(db, auditLog, where),
    next: rows.length > query.limit && last ? encodeCursor([last.createdAt, last._id]) : null,
  };
}
