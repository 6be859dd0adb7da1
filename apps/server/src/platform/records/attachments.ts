import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterCommit, type Executor } from '../../db/client';
import { files } from '../files/files.table';
import { interactions } from '../interactions/interactions.table';
import { notifications } from '../notifications/notifications.table';
import { searchEntries } from '../search/search.table';
import { subscriptions } from '../subscriptions/subscriptions.table';
import type { EntityKind } from './entities';

type Remover = (db: Executor, kind: EntityKind, ids: string[]) => Promise<void>;
const removers: Remover[] = [];
/** A module's own rows that hang off records of any kind (their messages) go with them too. */
export function onRecordsDeleted(remover: Remover): void {
  if (!removers.includes(remover)) removers.push(remover);
}

/**
 * Removes what hangs off deleted records, in the transaction that deletes them, so no kind can
 * leave orphans: their interactions, their files (marked deleted, so they leave the firm's quota
 * at once; the bytes go from storage once the deletion has committed), who followed them, the
 * links of notifications about them, and their search entries. Called for every audited
 * deletion (audit.service), so a module's delete only checks what refers to the record.
 */
export async function removeAttachments(db: Executor, kind: EntityKind, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(interactions).where(and(eq(interactions.entityType, kind.type), inArray(interactions.entityId, ids)));
  const removed = await db
    .update(files)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(files.entityType, kind.type), inArray(files.entityId, ids), isNull(files.deletedAt)))
    .returning({ storageKey: files.storageKey });
  for (const { storageKey } of removed) afterCommit(db, { type: 'file-removed', storageKey });
  await db
    .delete(subscriptions)
    .where(and(eq(subscriptions.entityType, kind.type), inArray(subscriptions.entityId, ids)));
  await db
    .update(notifications)
    .set({ link: null })
    .where(
      inArray(
        notifications.link,
        ids.map((id) => kind.href(id)),
      ),
    );
  await db
    .delete(searchEntries)
    .where(and(eq(searchEntries.entityType, kind.type), inArray(searchEntries.entityId, ids)));
  for (const remove of removers) await remove(db, kind, ids);
}
