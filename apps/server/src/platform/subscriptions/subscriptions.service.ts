import { hasCode, P, type SubscriptionInput } from '@atelier/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../http/access';
import { badRequest, forbidden, notFound } from '../http/errors';
import { firms } from '../identity/firms.table';
import { roles, userRoles, users } from '../identity/users.table';
import { notify } from '../notifications/notifications.service';
import { entityKind, maySee } from '../records/entities';
import { subscriptions } from './subscriptions.table';

export async function subscriptionList(
  db: Executor,
  actor: Pick<Actor, 'userId'>,
): Promise<{ entity: string; entityType: string }[]> {
  return db
    .select({ entity: subscriptions.entityId, entityType: subscriptions.entityType })
    .from(subscriptions)
    .where(eq(subscriptions.userId, actor.userId))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
}

/** POST /profile/subscriptions: follow or stop following a record one may see. Both are idempotent. */
export async function setSubscription(db: Executor, actor: Actor, input: SubscriptionInput) {
  const kind = entityKind(input.entityType);
  if (!kind) throw badRequest('This kind of record cannot be followed.', { entityType: 'Not a kind of record.' });
  if (!hasCode(actor.codes, kind.permission)) throw forbidden();
  if (input.action === 'subscribe' && !maySee(actor, kind)) throw forbidden();
  if (input.action === 'subscribe') {
    if (!(await kind.find(db, input.entity, actor))) throw notFound(`This ${kind.noun} does not exist.`);
    await db
      .insert(subscriptions)
      .values({ firmId: actor.firmId, userId: actor.userId, entityType: kind.type, entityId: input.entity })
      .onConflictDoNothing();
  } else {
    await db
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, actor.userId),
          eq(subscriptions.entityType, kind.type),
          eq(subscriptions.entityId, input.entity),
        ),
      );
  }
  return subscriptionList(db, actor);
}

/** Which of these records anyone follows (one query, however many records changed). */
export async function followedAmong(db: Executor, entityIds: string[]): Promise<Set<string>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: subscriptions.entityId })
    .from(subscriptions)
    .where(inArray(subscriptions.entityId, [...new Set(entityIds)]));
  return new Set(rows.map((r) => r.id));
}

const VERBS: Record<string, string> = { archive: 'archived', restore: 'restored', delete: 'deleted' };

/**
 * Tells the record's followers (but not the person who made the change) that it changed, with a
 * link to it; called for every audited change. A deleted record's followers go with it
 * afterwards (records/attachments).
 */
export async function notifySubscribers(
  db: Executor,
  change: {
    firmId: string;
    userId: string | null;
    entityType: string;
    entityId: string;
    action: string;
    name?: string;
  },
): Promise<void> {
  const kind = entityKind(change.entityType);
  if (!kind) return;
  const where = and(eq(subscriptions.entityType, kind.type), eq(subscriptions.entityId, change.entityId));
  // Only followers who may still see the record hear of it: active, holding its code (or one
  // that grants every code), and in a firm that still has its module.
  const mayStillSee = and(
    eq(users.active, true),
    isNull(users.deletedAt),
    sql`EXISTS (SELECT 1 FROM ${userRoles} ur JOIN ${roles} r ON r.id = ur.role_id
                 WHERE ur.user_id = ${subscriptions.userId}
                   AND r.codes && ${sql.param([kind.permission, P.SUPER_ADMIN, P.DEVELOPER])}::int[])`,
    kind.feature
      ? sql`EXISTS (SELECT 1 FROM ${firms} f WHERE f.id = ${subscriptions.firmId} AND ${kind.feature} = ANY(f.features))`
      : undefined,
  );
  const followers = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(and(change.userId ? and(where, ne(subscriptions.userId, change.userId)) : where, mayStillSee));
  if (followers.length) {
    const name = change.name ?? (await kind.find(db, change.entityId))?.name ?? `a ${kind.noun}`;
    const [who] = change.userId
      ? await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, change.userId))
      : [];
    const by = who ? `${who.first} ${who.last}`.trim() : 'Someone';
    const deleted = change.action === 'delete';
    const message = `${by} ${VERBS[change.action] ?? 'changed'} the ${kind.noun} ${name}.`;
    for (const f of followers)
      await notify(db, change.firmId, f.userId, message, deleted ? undefined : kind.href(change.entityId));
  }
}
