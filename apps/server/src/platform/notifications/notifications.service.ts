import type { Notification } from '@atelier/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import type { Actor } from '../http/access';
import { notFound } from '../http/errors';
import { notifications } from './notifications.table';

const columns = {
  _id: notifications.id,
  message: notifications.message,
  isRead: notifications.isRead,
  link: notifications.link,
  createdAt: sql<string>`to_json(${notifications.createdAt})#>>'{}'`,
};

/** The actor's notifications, newest first; `before` pages on from a notification's id. */
export async function listNotifications(
  db: Executor,
  actor: Actor,
  query: { isRead?: boolean; limit: number; before?: string },
): Promise<Notification[]> {
  const where: SQL[] = [eq(notifications.firmId, actor.firmId), eq(notifications.userId, actor.userId)];
  if (query.isRead !== undefined) where.push(eq(notifications.isRead, query.isRead));
  if (query.before) {
    where.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (SELECT n.created_at, n.id FROM ${notifications} n WHERE n.id = ${query.before})`,
    );
  }
  return db
    .select(columns)
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit);
}

export async function setNotificationRead(
  db: Executor,
  actor: Actor,
  id: string,
  isRead: boolean,
): Promise<Notification> {
  if (!isUuid(id)) throw notFound('This notification does not exist.');
  const [row] = await db
    .update(notifications)
    .set({ isRead })
    .where(
      and(eq(notifications.id, id), eq(notifications.firmId, actor.firmId), eq(notifications.userId, actor.userId)),
    )
    .returning(columns);
  if (!row) throw notFound('This notification does not exist.');
  return row;
}

/** For other modules: tell a user something, with a link to follow. */
export async function notify(db: Executor, firmId: string, userId: string, message: string, link?: string) {
  await db.insert(notifications).values({ firmId, userId, message, link: link ?? null });
}

export async function markAllRead(db: Executor, actor: Actor): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.firmId, actor.firmId),
        eq(notifications.userId, actor.userId),
        eq(notifications.isRead, false),
      ),
    )
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
