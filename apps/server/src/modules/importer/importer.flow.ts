import type { Readable } from 'node:stream';
import {
  IMPORT_BUSY,
  IMPORT_KIND_INFO,
  IMPORT_MAPPABLE,
  IMPORT_STATUS_LABELS,
  type ImportDocument,
  type ImportKind,
  type importMappingInputSchema,
  importOptionsSchema,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import { fileDeps } from '../../platform/files/files.routes';
import { deleteFile, uploadFile } from '../../platform/files/files.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, isUniqueViolation } from '../../platform/http/errors';
import type { AppDeps } from '../../platform/http/routes';
import { nextNumber } from '../../platform/numbering/numbering.service';
import { assertMayImport, autoMapping, importType, sha256Of, storageKeyOf } from './importer.service';
import { importMappings, imports } from './importer.table';
import { importSpec } from './kinds';
import { openTable } from './read/table';
import { executeImport } from './run/pipeline';

type Scoped = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

const SAMPLE_ROWS = 5;
/** Checks and runs at once on one server: each holds a connection for its length, and the pool is shared. */
export const MAX_RUNNING = 2;
const running = new WeakMap<object, number>();

/** The headings, sheets and first rows of a stored file (400 on `file` when it is not a table). */
async function peek(path: string, sheet?: string) {
  const table = await openTable(path, sheet ? { sheet } : {});
  const sample: string[][] = [];
  try {
    for await (const { cells } of table.rows) {
      if (cells.every((c) => c.trim() === '')) continue;
      sample.push(cells.slice(0, table.headings.length).map((c) => c.slice(0, 200)));
      if (sample.length >= SAMPLE_ROWS) break;
    }
  } finally {
    await table.rows.return(undefined);
  }
  if (table.headings.every((h) => h === '')) {
    const message = 'The first row of the file is empty: it should name the columns.';
    throw badRequest(message, { file: message });
  }
  if (sample.length === 0) {
    const message = 'The file has a row of headings but no rows under it: there is nothing to import.';
    throw badRequest(message, { file: message });
  }
  return {
    format: table.format,
    sheets: table.sheets ?? [],
    sheet: table.sheet ?? null,
    headings: table.headings,
    sample,
  };
}

/**
 * POST /imports: stores the file (streamed, within the firm's storage), reads its headings and
 * first rows, and opens its document with the columns mapped as the firm last kept them for
 * the kind, or by their names. A file that is not a table is refused and not kept.
 */
export async function createImport(
  scoped: Scoped,
  actor: Actor,
  deps: AppDeps,
  input: {
    kind: ImportKind;
    uploadId: string;
    name: string;
    contentType: string;
    declaredSize: number | null;
    body: Readable;
  },
): Promise<ImportDocument> {
  assertMayImport(actor, input.kind);
  const id = newId();
  const stored = await uploadFile(scoped, actor, fileDeps(deps), {
    policy: 'import',
    uploadId: input.uploadId,
    name: input.name,
    contentType: input.contentType,
    declaredSize: input.declaredSize,
    body: input.body,
    entity: { type: 'import', id },
    unaudited: true,
  });
  const key = await scoped((tx) => storageKeyOf(tx, stored._id));
  const path = deps.storage.localPath(key);
  let found: Awaited<ReturnType<typeof peek>>;
  let sha256: string;
  try {
    found = await peek(path);
    sha256 = await sha256Of(path);
  } catch (error) {
    // Not a table: the file is not kept.
    await scoped((tx) => deleteFile(tx, actor, { type: 'import', id }, stored._id)).catch(() => undefined);
    throw error;
  }
  return scoped(async (tx) => {
    const auto = await autoMapping(tx, input.kind, found.headings);
    const number = await nextNumber(tx, actor.firmId, 'import');
    await importType.insert(tx, actor, {
      id,
      number,
      name: input.name.replace(/\.(csv|xlsx|txt)$/i, '') || `Import ${number}`,
      kind: input.kind,
      fileId: stored._id,
      fileName: input.name,
      fileSize: stored.size,
      sha256,
      format: found.format,
      sheets: found.sheets,
      sheet: found.sheet,
      headings: found.headings,
      sample: found.sample,
      mapping: auto.mapping,
      options: auto.options ?? importOptionsSchema.parse({}),
      createdBy: actor.userId,
    });
    return importType.get(tx, actor, id);
  });
}

/** A document's row, locked, after the version it was seen at; 409 when someone changed it since. */
async function lockAt(tx: Tx, id: string, version: number) {
  const row = await importType.findRow(tx, id, true);
  if (row.version !== version)
    throw conflict('Someone else changed this import since you opened it. Reload it to see their changes.');
  return row;
}

/**
 * PUT /imports/{id}/mapping: the mapping step. Each field takes one column of the file, each
 * column fills one field at most; a workbook's other sheet reads its headings again. The last
 * check no longer holds, so the document is ready to check again.
 */
export async function saveMapping(
  scoped: Scoped,
  actor: Actor,
  deps: AppDeps,
  id: string,
  input: z.output<typeof importMappingInputSchema>,
): Promise<ImportDocument> {
  const peeked = await scoped(async (tx) => {
    const row = await importType.findRow(tx, id);
    assertMayImport(actor, row.kind);
    if (input.sheet === undefined || input.sheet === row.sheet || row.format !== 'xlsx') return null;
    return peek(deps.storage.localPath(await storageKeyOf(tx, row.fileId)), input.sheet);
  });
  return scoped(async (tx) => {
    const row = await lockAt(tx, id, input.version);
    if (!IMPORT_MAPPABLE.includes(row.status))
      throw conflict(
        `Import #${row.number} is ${IMPORT_STATUS_LABELS[row.status].toLowerCase()}: its mapping can no longer change.`,
      );
    const headings = peeked?.headings ?? row.headings;
    // Another sheet has other columns: mapped anew from its headings, as an upload is.
    const given = peeked ? (await autoMapping(tx, row.kind, headings)).mapping : input.mapping;
    const fields = IMPORT_KIND_INFO[row.kind].fields;
    const mapping: Record<string, number | null> = Object.create(null);
    const errors: Record<string, string> = Object.create(null);
    const used = new Map<number, string>();
    for (const field of fields) {
      const at = Object.hasOwn(given, field.key) ? (given[field.key] ?? null) : null;
      if (at !== null && at >= headings.length) errors[`mapping.${field.key}`] = 'The file has no such column.';
      else if (at !== null && used.has(at))
        errors[`mapping.${field.key}`] = `That column already fills ${used.get(at)}.`;
      if (at !== null) used.set(at, field.label);
      mapping[field.key] = at;
    }
    for (const key of Object.keys(given))
      if (!fields.some((f) => f.key === key)) errors[`mapping.${key}`] = 'Not a field of this import.';
    if (Object.keys(errors).length) throw badRequest('Please correct the mapping.', { ...errors });
    const after = await tx
      .update(imports)
      .set({
        mapping: { ...mapping },
        options: input.options,
        ...(peeked ? { sheet: peeked.sheet, headings: peeked.headings, sample: peeked.sample } : {}),
        status: 'uploaded',
        checked: null,
        message: '',
        errorCount: 0,
        version: sql`${imports.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
      })
      .where(eq(imports.id, id))
      .returning({ version: imports.version });
    await tx.execute(sql`DELETE FROM import_errors WHERE import_id = ${id}`);
    if (input.remember) {
      const kept = Object.fromEntries(
        Object.entries(mapping).flatMap(([field, at]) => (at === null ? [] : [[field, headings[at]!]])),
      );
      await tx
        .insert(importMappings)
        .values({ firmId: actor.firmId, kind: row.kind, headings: kept, options: input.options })
        .onConflictDoUpdate({
          target: [importMappings.firmId, importMappings.kind],
          set: { headings: kept, options: input.options },
        });
    }
    await recordAudit(tx, actor, {
      entityType: 'import',
      entityId: id,
      action: 'map',
      version: after[0]!.version,
      after: { mapping: { ...mapping }, ...input.options },
    });
    return importType.get(tx, actor, id);
  });
}

/**
 * POST /imports/{id}/check and /run: marks the document checking or running (one import of a
 * kind at a time per firm: a second is refused), answers at once, and does the work in the
 * background, its progress on the starter's socket. A run needs a check without errors.
 */
export async function startImport(
  scoped: Scoped,
  actor: Actor,
  deps: AppDeps,
  id: string,
  version: number,
  mode: 'check' | 'run',
): Promise<ImportDocument> {
  const busy = running.get(deps.background) ?? 0;
  if (busy >= MAX_RUNNING) throw conflict('The server is busy with other imports: try again in a minute or two.');
  running.set(deps.background, busy + 1);
  const release = () => running.set(deps.background, (running.get(deps.background) ?? 1) - 1);
  const { document, job } = await scoped(async (tx) => {
    const row = await lockAt(tx, id, version);
    assertMayImport(actor, row.kind);
    if (IMPORT_BUSY.includes(row.status)) throw conflict(`Import #${row.number} is already under way.`);
    if (row.status === 'done' || row.status === 'cancelled')
      throw conflict(`Import #${row.number} is ${row.status}: upload the file again to import it again.`);
    if (mode === 'run' && (row.status !== 'checked' || row.errorCount > 0))
      throw conflict(
        row.status !== 'checked'
          ? 'Check the file first: the import runs once a check finds no errors.'
          : 'The check found errors: fix them in the file and upload it again, or change the mapping.',
      );
    const updated = await tx
      .update(imports)
      .set({
        status: mode === 'check' ? 'checking' : 'running',
        // A new check's result replaces the last one's, whatever becomes of it.
        ...(mode === 'check' ? { checked: null, errorCount: 0 } : {}),
        cancelRequested: false,
        message: '',
        startedAt: sql`now()`,
        finishedAt: null,
        version: sql`${imports.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
      })
      .where(eq(imports.id, id))
      .returning({ version: imports.version })
      .catch((error) => {
        if (isUniqueViolation(error))
          throw conflict(
            `Another import of ${IMPORT_KIND_INFO[row.kind].plural} is under way: wait for it to finish, then try again.`,
          );
        throw error;
      });
    await recordAudit(tx, actor, {
      entityType: 'import',
      entityId: id,
      action: mode === 'check' ? 'start-check' : 'start-import',
      version: updated[0]!.version,
    });
    return {
      document: await importType.get(tx, actor, id),
      job: {
        id,
        number: row.number,
        kind: row.kind,
        fileName: row.fileName,
        sha256: row.sha256,
        storageKey: await storageKeyOf(tx, row.fileId),
        sheet: row.sheet,
        headings: row.headings,
        mapping: row.mapping,
        options: row.options,
        expectedRows: row.checked?.rows ?? null,
        fileSize: row.fileSize,
        version: updated[0]!.version,
      },
    };
  }).catch((error) => {
    release();
    throw error;
  });
  deps.background.start((signal) =>
    executeImport(deps, importSpec(job.kind), actor, job, mode, signal).finally(release),
  );
  return document;
}

/** POST /imports/{id}/cancel: asks a check or a run to stop; it stops before anything is written. */
export async function cancelImport(scoped: Scoped, actor: Actor, id: string, version: number): Promise<ImportDocument> {
  return scoped(async (tx) => {
    const row = await lockAt(tx, id, version);
    assertMayImport(actor, row.kind);
    if (!IMPORT_BUSY.includes(row.status)) throw conflict(`Import #${row.number} is not under way.`);
    await tx.update(imports).set({ cancelRequested: true }).where(eq(imports.id, id));
    return importType.get(tx, actor, id);
  });
}
