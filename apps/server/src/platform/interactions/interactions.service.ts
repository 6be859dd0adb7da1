import type { FollowUp, Interaction, interactionInputSchema } from '@atelier/contracts';
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { notFound } from '../http/errors';
import { users } from '../identity/users.table';
import { entityKind, maySee } from '../records/entities';
import { updateVersioned } from '../records/records';
import { interactions } from './interactions.table';

type Input = z.output<typeof interactionInputSchema>;
type Row = typeof interactions.$inferSelect;
type Author = { id: string; firstName: string; lastName: string } | null;

const view = (row: Row, author: Author): Interaction => ({
  _id: row.id,
  entityType: row.entityType,
  entity: row.entityId,
  kind: row.kind,
  occurredAt: row.occurredAt.toISOString(),
  summary: row.summary,
  followUpOn: row.followUpOn,
  followUpDone: row.followUpDoneAt !== null,
  author: author ? { _id: author.id, name: `${author.firstName} ${author.lastName}`.trim() } : null,
  version: row.version,
});

const withAuthor = {
  row: interactions,
  author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

export async function listInteractions(db: Executor, entityType: string, entityId: string): Promise<Interaction[]> {
  const rows = await db
    .select(withAuthor)
    .from(interactions)
    .leftJoin(users, eq(users.id, interactions.authorId))
    .where(and(eq(interactions.entityType, entityType), eq(interactions.entityId, entityId)))
    .orderBy(desc(interactions.occurredAt), desc(interactions.id));
  return rows.map((r) => view(r.row, r.author));
}

async function one(db: Executor, entityType: string, entityId: string, id: string) {
  const [found] = isUuid(id)
    ? await db
        .select(withAuthor)
        .from(interactions)
        .leftJoin(users, eq(users.id, interactions.authorId))
        .where(
          and(eq(interactions.id, id), eq(interactions.entityType, entityType), eq(interactions.entityId, entityId)),
        )
    : [];
  if (!found) throw notFound('This interaction does not exist.');
  return found;
}

const summary = (row: { kind: string; summary: string }) => ({
  interaction: `${row.kind}: ${row.summary.slice(0, 120)}`,
});

export async function addInteraction(
  db: Executor,
  actor: Actor,
  entityType: string,
  entityId: string,
  input: Input,
): Promise<Interaction> {
  const [row] = await db
    .insert(interactions)
    .values({
      firmId: actor.firmId,
      entityType,
      entityId,
      kind: input.kind,
      occurredAt: new Date(input.occurredAt),
      authorId: actor.userId,
      summary: input.summary,
      followUpOn: input.followUpOn,
      followUpDoneAt: input.followUpDone ? sql`now()` : null,
    })
    .returning();
  await recordAudit(db, actor, { entityType, entityId, action: 'add-interaction', after: summary(row!) });
  return view(row!, { id: actor.userId, ...(await authorName(db, actor.userId)) });
}

async function authorName(db: Executor, userId: string) {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? { firstName: '', lastName: '' };
}

export async function updateInteraction(
  db: Executor,
  actor: Actor,
  entityType: string,
  entityId: string,
  id: string,
  input: Input & { version: number },
): Promise<Interaction> {
  const before = await one(db, entityType, entityId, id);
  const row = await updateVersioned(db, actor, interactions, id, input.version, 'interaction', {
    kind: input.kind,
    occurredAt: new Date(input.occurredAt),
    summary: input.summary,
    followUpOn: input.followUpOn,
    followUpDoneAt: input.followUpDone ? (before.row.followUpDoneAt ?? sql`now()`) : null,
  });
  await recordAudit(db, actor, {
    entityType,
    entityId,
    action: 'edit-interaction',
    before: summary(before.row),
    after: summary(row),
  });
  return view(row, before.author);
}

export async function deleteInteraction(
  db: Executor,
  actor: Actor,
  entityType: string,
  entityId: string,
  id: string,
): Promise<void> {
  const before = await one(db, entityType, entityId, id);
  await db.delete(interactions).where(eq(interactions.id, id));
  await recordAudit(db, actor, { entityType, entityId, action: 'remove-interaction', before: summary(before.row) });
}

/**
 * The actor's follow-ups that are due (overdue, or within the next week), with the record each
 * belongs to, for their home page. Records they may no longer see are left out.
 */
export async function dueFollowUps(db: Executor, actor: Actor): Promise<FollowUp[]> {
  const rows = await db
    .select(withAuthor)
    .from(interactions)
    .leftJoin(users, eq(users.id, interactions.authorId))
    .where(
      and(
        eq(interactions.authorId, actor.userId),
        isNotNull(interactions.followUpOn),
        isNull(interactions.followUpDoneAt),
        lte(interactions.followUpOn, sql`current_date + 7`),
      ),
    )
    .orderBy(asc(interactions.followUpOn))
    .limit(50);
  const result: FollowUp[] = [];
  for (const r of rows) {
    const kind = entityKind(r.row.entityType);
    if (!kind || !maySee(actor, kind)) continue;
    const record = await kind.find(db, r.row.entityId, actor);
    if (!record) continue;
    result.push({ ...view(r.row, r.author), recordName: record.name, href: kind.href(r.row.entityId) });
  }
  return result;
}
