import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../identity/firms.table';

/** Metadata of an uploaded file; the bytes live in storage under `storage_key`, never the user's name. */
export const files = pgTable(
  'files',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // Shown to the customer of the job it is attached to (their portal), since then and by whom; null: staff only.
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    sharedBy: uuid('shared_by'),
  },
  (t) => [index('files_entity_idx').on(t.firmId, t.entityType, t.entityId), firmIsolation(t.firmId)],
);

/**
 * Storage set aside for uploads in progress. An upload reserves its size against the firm's
 * quota before its bytes arrive (under a per-firm lock, so parallel uploads cannot all pass the
 * check), and gives the reservation up when its row is written or it fails. A reservation left
 * by a crashed upload expires.
 */
export const fileReservations = pgTable(
  'file_reservations',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('file_reservations_firm_idx').on(t.firmId, t.expiresAt), firmIsolation(t.firmId)],
);
