import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  hasCode,
  IMPORT_FINISHED,
  IMPORT_KIND_INFO,
  type ImportDocument,
  type ImportKind,
  type ImportRow,
  importInputSchema,
  KINDS,
  P,
} from '@atelier/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { qualified } from '../../db/columns';
import { fileUrl } from '../../platform/files/files.service';
import { files } from '../../platform/files/files.table';
import type { Actor } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { defineRecordType, personColumn } from '../../platform/records/lifecycle';
import { importErrors, importImages, importMappings, imports } from './importer.table';
import { plainProductMapping } from './kinds/variants';
import { matchHeadings } from './map/headings';

/** The module the records of a kind of import belong to, where the firm pays for it separately. */
const FEATURE_OF: Partial<Record<ImportKind, string>> = { material: KINDS.raw_material.feature };

/** The import code of a kind (42–47), and the firm's module for its records: what running one of its imports needs. */
export function assertMayImport(actor: Actor, kind: ImportKind): void {
  if (!hasCode(actor.codes, IMPORT_KIND_INFO[kind].code))
    throw forbidden(`You do not have permission to import ${IMPORT_KIND_INFO[kind].plural}.`);
  const feature = FEATURE_OF[kind];
  if (feature && !actor.features.includes(feature))
    throw forbidden(`Your firm does not have the module for ${IMPORT_KIND_INFO[kind].plural}.`);
}

const countOf = (key: string) => sql<number | null>`(COALESCE(${imports.outcome}, ${imports.checked}) ->> ${key})::int`;

/** Importer documents: one per uploaded file, with its mapping, its check and its outcome. */
export const importType = defineRecordType<typeof imports, typeof importInputSchema, ImportDocument, ImportRow>({
  kind: KINDS.import,
  table: imports,
  input: importInputSchema,
  title: (row) => `Import #${row.number}`,
  columns: (_db, _actor, input) => ({ name: input.name, notes: input.notes }),
  // Its name and notes are its own to change, but a finished import's record needs 49.
  mayChange: async (_db, actor, row) => {
    if (IMPORT_FINISHED.includes(row.status) && !hasCode(actor.codes, P.CHANGE_IMPORTS))
      throw forbidden('You do not have permission to change finished imports.');
  },
  audited: (row) => ({ name: row.name, notes: row.notes, kind: row.kind, file: row.fileName, sha256: row.sha256 }),
  extra: {
    createdBy: personColumn(imports.createdBy),
    images: sql<
      ImportDocument['images']
    >`(SELECT json_build_object('pending', count(*) FILTER (WHERE i.status = 'pending'),
        'done', count(*) FILTER (WHERE i.status = 'done'), 'failed', count(*) FILTER (WHERE i.status = 'failed'))
      FROM import_images i WHERE i.import_id = ${qualified(imports.id)} HAVING count(*) > 0)`,
  },
  detail: (row, extra) => ({
    name: row.name,
    notes: row.notes,
    number: row.number,
    kind: row.kind,
    status: row.status,
    file: {
      _id: row.fileId,
      name: row.fileName,
      size: row.fileSize,
      sha256: row.sha256,
      format: row.format,
      url: fileUrl(row.fileId),
    },
    sheets: row.sheets,
    sheet: row.sheet,
    headings: row.headings,
    sample: row.sample,
    mapping: row.mapping,
    options: row.options,
    checked: row.checked,
    outcome: row.outcome,
    message: row.message,
    errorCount: row.errorCount,
    images: (extra.images as ImportDocument['images']) ?? null,
    createdBy: extra.createdBy as ImportDocument['createdBy'],
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }),
  list: {
    rowFields: { rows: countOf('rows'), created: countOf('created'), updated: countOf('updated') },
    defaultSort: '-number',
  },
});

/** The column each field fills: the firm's kept mapping where its headings are in the file, else matched by name. */
export async function autoMapping(db: Executor, kind: ImportKind, headings: string[]) {
  const fields = IMPORT_KIND_INFO[kind].fields;
  const [kept] = await db.select().from(importMappings).where(eq(importMappings.kind, kind));
  const matched = matchHeadings(headings, fields);
  const mapping: Record<string, number | null> = Object.create(null);
  for (const field of fields) {
    const keptHeading = kept?.headings[field.key];
    const at = keptHeading === undefined ? -1 : headings.indexOf(keptHeading);
    mapping[field.key] = at >= 0 ? at : matched.indexOf(field.key) >= 0 ? matched.indexOf(field.key) : null;
  }
  if (kind === 'product') plainProductMapping(mapping);
  // A kept heading may have taken a column automatic matching gave another field: one field per column.
  const used = new Set<number>();
  for (const field of fields) {
    const at = mapping[field.key];
    if (at === null || at === undefined) continue;
    if (used.has(at)) mapping[field.key] = null;
    else used.add(at);
  }
  return { mapping: { ...mapping }, options: kept?.options ?? null };
}

/** A file's SHA-256, read as it streams. */
export function sha256Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A page of a document's errors, in the file's order (`cursor`: the last position seen). */
export async function errorPage(db: Executor, id: string, limit: number, cursor: number) {
  const rows = await db
    .select()
    .from(importErrors)
    .where(and(eq(importErrors.importId, id), gt(importErrors.position, cursor)))
    .orderBy(importErrors.position)
    .limit(limit + 1);
  const [{ total }] = (
    await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM ${importErrors} WHERE import_id = ${id}`)
  ).rows as [{ total: number }];
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ row: r.row, column: r.column, value: r.value, message: r.message })),
    total,
    next: rows.length > limit ? String(page.at(-1)!.position) : null,
  };
}

/** The storage key of a document's file. */
export async function storageKeyOf(db: Tx, fileId: string): Promise<string> {
  const [file] = await db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId));
  return file!.key;
}

/** The image URLs of an import that could not be added, in the file's order, with why (the first 1,000). */
export async function imageFailures(db: Executor, id: string) {
  const rows = await db
    .select({ row: importImages.row, url: importImages.url, message: importImages.message })
    .from(importImages)
    .where(and(eq(importImages.importId, id), eq(importImages.status, 'failed')))
    .orderBy(importImages.row, importImages.position)
    .limit(1000);
  return { items: rows };
}
