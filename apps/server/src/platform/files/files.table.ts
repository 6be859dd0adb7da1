import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id } from '../../db/columns';
import { firms } from '../../modules/firms/firms.table';

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
  },
  (t) => [index('files_entity_idx').on(t.firmId, t.entityType, t.entityId), firmIsolation(t.firmId)],
);
