import {
  IMPORT_KINDS,
  IMPORT_STATUSES,
  type ImportCounts,
  type ImportKind,
  type ImportOptions,
  type ImportStatus,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { products } from '../products';

/**
 * An importer document: one per uploaded file, kept for good. It holds the file (and its
 * SHA-256), the mapping, who ran it and when, the dry run's counts and the outcome; its errors
 * and the records it wrote are rows of the tables below.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    notes: text('notes').notNull().default(''),
    kind: text('kind').$type<ImportKind>().notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('uploaded'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    format: text('format').$type<'csv' | 'xlsx'>().notNull(),
    sheets: text('sheets').array().notNull().default(sql`'{}'::text[]`),
    sheet: text('sheet'),
    headings: text('headings').array().notNull(),
    sample: jsonb('sample').$type<string[][]>().notNull(),
    // Field key → the column's place among the headings.
    mapping: jsonb('mapping').$type<Record<string, number | null>>().notNull(),
    options: jsonb('options').$type<ImportOptions>().notNull(),
    checked: jsonb('checked').$type<ImportCounts>(),
    outcome: jsonb('outcome').$type<ImportCounts>(),
    message: text('message').notNull().default(''),
    errorCount: integer('error_count').notNull().default(0),
    // Asked by anyone on any instance; the work looks between batches and stops before its commit.
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...recordColumns(),
  },
  (t) => [
    uniqueIndex('imports_number_uq').on(t.firmId, t.number),
    index('imports_name_idx').on(t.firmId, t.nameKey, t.id),
    index('imports_created_idx').on(t.firmId, t.createdAt, t.id),
    index('imports_updated_idx').on(t.firmId, t.updatedAt, t.id),
    // One import of a kind at a time per firm: a second one's start is refused by this index.
    uniqueIndex('imports_busy_uq').on(t.firmId, t.kind).where(sql`status IN ('checking', 'running')`),
    check('imports_kind_check', oneOf('kind', IMPORT_KINDS)),
    check('imports_status_check', oneOf('status', IMPORT_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

/** Every problem the last check or run found, in the file's order: the error report. */
export const importErrors = pgTable(
  'import_errors',
  {
    firmId: firmId(() => firms.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    value: text('value').notNull(),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] }), firmIsolation(t.firmId)],
);

/**
 * What an import wrote: each record created or updated, with the file's row. A record's logs
 * show "created (or updated) by import #N" from here (decision 0032: one audit entry per import).
 */
export const importRecords = pgTable(
  'import_records',
  {
    firmId: firmId(() => firms.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    row: integer('row').notNull(),
    action: text('action').$type<'create' | 'update'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('import_records_entity_idx').on(t.entityId),
    index('import_records_import_idx').on(t.importId, t.row),
    firmIsolation(t.firmId),
  ],
);

/** The mapping a firm kept for a kind: field key → the heading it came from, for the next file. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    kind: text('kind').$type<ImportKind>().notNull(),
    headings: jsonb('headings').$type<Record<string, string>>().notNull(),
    options: jsonb('options').$type<ImportOptions>().notNull(),
  },
  (t) => [uniqueIndex('import_mappings_kind_uq').on(t.firmId, t.kind), firmIsolation(t.firmId)],
);

export const IMPORT_IMAGE_STATUSES = ['pending', 'done', 'failed'] as const;
export type ImportImageStatus = (typeof IMPORT_IMAGE_STATUSES)[number];

/**
 * The image URLs an import gave its products, fetched after its commit by a job
 * (`importer.fetch-images`): each one's outcome, a failure's reason shown on the document.
 */
export const importImages = pgTable(
  'import_images',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    // Its place among the row's URLs: images are added in the file's order.
    position: integer('position').notNull(),
    url: text('url').notNull(),
    status: text('status').$type<ImportImageStatus>().notNull().default('pending'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_images_import_idx').on(t.importId, t.status, t.row, t.position),
    // A product's URLs already fetched are not fetched again by the next import.
    index('import_images_product_idx').on(t.productId, t.url),
    check('import_images_status_check', oneOf('status', IMPORT_IMAGE_STATUSES)),
    firmIsolation(t.firmId),
  ],
);
