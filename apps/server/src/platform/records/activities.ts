import type { Activity } from '@atelier/contracts';
import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { auditLog } from '../audit/audit.table';
import { fileUrl } from '../files/files.service';
import { files } from '../files/files.table';
import { users } from '../identity/users.table';
import { interactions } from '../interactions/interactions.table';

const LIMIT = 100;
const person = (u: { id: string; firstName: string; lastName: string } | null) =>
  u ? { _id: u.id, name: `${u.firstName} ${u.lastName}`.trim() } : null;
// Changes already shown as their own line (an interaction, a file), not repeated as changes.
const SHOWN_ELSEWHERE = ['add-interaction', 'attach-file'];

function describeChange(
  action: string,
  changes: Record<string, { before: unknown; after: unknown }>,
): { title: string; detail: string } {
  const fields = Object.keys(changes);
  const title = action === 'update' ? 'Edited' : action.charAt(0).toUpperCase() + action.slice(1).replaceAll('-', ' ');
  return { title, detail: fields.length ? `Changed ${fields.join(', ')}` : '' };
}

/** A record's timeline: its interactions, files and changes, newest first. */
export async function activities(db: Executor, entityType: string, entityId: string): Promise<Activity[]> {
  const author = alias(users, 'author');
  const uploader = alias(users, 'uploader');
  const actor = alias(users, 'actor');
  const author$ = { id: author.id, firstName: author.firstName, lastName: author.lastName };
  // One after another: they share the transaction's connection, which runs one at a time.
  const talks = await db
    .select({ row: interactions, by: author$ })
    .from(interactions)
    .leftJoin(author, eq(author.id, interactions.authorId))
    .where(and(eq(interactions.entityType, entityType), eq(interactions.entityId, entityId)))
    .orderBy(desc(interactions.occurredAt))
    .limit(LIMIT);
  const attached = await db
    .select({ row: files, by: { id: uploader.id, firstName: uploader.firstName, lastName: uploader.lastName } })
    .from(files)
    .leftJoin(uploader, eq(uploader.id, files.uploadedBy))
    .where(and(eq(files.entityType, entityType), eq(files.entityId, entityId), isNull(files.deletedAt)))
    .orderBy(desc(files.createdAt))
    .limit(LIMIT);
  const changes = await db
    .select({ row: auditLog, by: { id: actor.id, firstName: actor.firstName, lastName: actor.lastName } })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entityType, entityType),
        eq(auditLog.entityId, entityId),
        notInArray(auditLog.action, SHOWN_ELSEWHERE),
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(LIMIT);
  const all: Activity[] = [
    ...talks.map(({ row, by }) => ({
      _id: row.id,
      type: 'interaction' as const,
      at: row.occurredAt.toISOString(),
      by: person(by),
      title: row.kind.charAt(0).toUpperCase() + row.kind.slice(1),
      detail: row.summary,
    })),
    ...attached.map(({ row, by }) => ({
      _id: row.id,
      type: 'file' as const,
      at: row.createdAt.toISOString(),
      by: person(by),
      title: 'File added',
      detail: row.name,
      href: fileUrl(row.id),
    })),
    ...changes.map(({ row, by }) => ({
      _id: row.id,
      type: 'change' as const,
      at: row.createdAt.toISOString(),
      by: person(by),
      ...describeChange(row.action, row.changes),
    })),
  ];
  return all.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, LIMIT);
}
