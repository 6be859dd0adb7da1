import { Readable } from 'node:stream';
import { FILE_SHARE_JOBS_ONLY_MESSAGE, KINDS, type StoredFile, UPLOAD_POLICIES } from '@atelier/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterCommit, type Executor, type Tx } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { recordAudit } from '../audit/audit.service';
import { type Actor, assertAllowed, permission } from '../http/access';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { users } from '../identity/users.table';
import type { ProgressHub } from '../realtime/progress-hub';
import { entityKind, maySee } from '../records/entities';
import { fileReservations, files } from './files.table';
import type { LocalFileStorage } from './storage';

const URL_PREFIX = '/api/v1/files/';

export const fileUrl = (id: string) => `${URL_PREFIX}${id}`;

/** The file id in one of our file URLs, or null. */
export function fileUrlId(url: string): string | null {
  const id = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
  return isUuid(id) ? id : null;
}

/** What the first bytes say an image is, whatever its name or declared type. */
export function sniffImageType(head: Buffer): string | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const HEAD_BYTES = 64 * 1024;

/** Whether a file's content is what its declared type says it is. */
export function contentMatches(type: string, head: Buffer): boolean {
  if (type.startsWith('image/')) return sniffImageType(head) === type;
  if (type === 'application/pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-';
  if (type === 'model/gltf-binary') return isGlb(head);
  // docx and xlsx are zip archives.
  if (type.includes('openxmlformats')) return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (type === 'text/plain' || type === 'text/csv') {
    if (head.includes(0)) return false;
    try {
      // Valid UTF-8, allowing for a character cut at the end of what we read.
      new TextDecoder('utf-8', { fatal: true }).decode(
        head.length === HEAD_BYTES ? head.subarray(0, head.length - 4) : head,
      );
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * A binary glTF 2.0 file: its header ("glTF", version 2), then a JSON chunk first, whose asset
 * says glTF 2 when it is within what was read (it is, but for models of thousands of nodes).
 */
function isGlb(head: Buffer): boolean {
  if (head.length < 20 || head.readUInt32LE(0) !== 0x46546c67 || head.readUInt32LE(4) !== 2) return false;
  if (head.readUInt32LE(16) !== 0x4e4f534a) return false; // "JSON"
  const length = head.readUInt32LE(12);
  if (20 + length > head.length) return true;
  try {
    const json = JSON.parse(head.subarray(20, 20 + length).toString('utf8')) as { asset?: { version?: unknown } };
    return typeof json.asset?.version === 'string' && json.asset.version.startsWith('2');
  } catch {
    return false;
  }
}

type FileRow = typeof files.$inferSelect;
type Uploader = { id: string; firstName: string; lastName: string } | null;

const view = (row: FileRow, uploader: Uploader = null): StoredFile => ({
  _id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  url: fileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
  uploadedBy: uploader ? { _id: uploader.id, name: `${uploader.firstName} ${uploader.lastName}`.trim() } : null,
  sharedAt: row.sharedAt ? row.sharedAt.toISOString() : null,
});

export const POLICIES = UPLOAD_POLICIES;

export type UploadInput = {
  /** The client's id for this upload, echoed in progress reports. */
  uploadId: string;
  name: string;
  contentType: string;
  declaredSize: number | null;
  body: Readable;
  policy: keyof typeof POLICIES;
  /** The record the file belongs to (its existence in the firm is checked by the caller). */
  entity?: { type: string; id: string };
  /** The record's own history entry, written with it, names the file (an import's document): none of its own. */
  unaudited?: true;
};

export type FileDeps = { storage: LocalFileStorage; progress: Pick<ProgressHub, 'publish'>; quotaBytes: number };

// An upload that has not finished within this long has failed; its reservation no longer counts.
const RESERVATION_MINUTES = 60;

/**
 * Sets `bytes` of the firm's quota aside for an upload, or 413. The firm's lock makes the check
 * and the reservation one step: parallel uploads take turns here, so together they never pass
 * the quota. The firm's use is its stored files plus the uploads in progress.
 */
async function reserveStorage(tx: Tx, firmId: string, bytes: number, quotaBytes: number): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`file-quota:${firmId}`}, 0))`);
  const result = await tx.execute<{ used: number }>(sql`
    SELECT (SELECT COALESCE(sum(size), 0) FROM ${files} WHERE ${files.deletedAt} IS NULL)
         + (SELECT COALESCE(sum(bytes), 0) FROM ${fileReservations} WHERE ${fileReservations.expiresAt} > now()) AS used`);
  if (Number(result.rows[0]?.used ?? 0) + bytes > quotaBytes) throw quotaExceeded(quotaBytes);
  const [reservation] = await tx
    .insert(fileReservations)
    .values({ firmId, bytes, expiresAt: sql`now() + make_interval(mins => ${RESERVATION_MINUTES})` })
    .returning({ id: fileReservations.id });
  return reservation!.id;
}

const endReservation = (tx: Executor, id: string) => tx.delete(fileReservations).where(eq(fileReservations.id, id));

function quotaExceeded(quotaBytes: number): HttpError {
  const gb = (quotaBytes / 1024 ** 3).toFixed(quotaBytes >= 1024 ** 3 ? 0 : 2);
  return new HttpError(
    413,
    'too_large',
    `Your firm has used all of its ${gb} GB of file storage. Delete files you no longer need.`,
  );
}

/**
 * Stores an upload under a generated name after checking its size, the firm's quota, and that
 * its content is the type it claims to be, reporting progress to the uploader's sockets. The
 * bytes are streamed to storage outside any transaction; the row is written in a short one.
 */
export async function uploadFile(
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  actor: Actor,
  deps: FileDeps,
  input: UploadInput,
): Promise<StoredFile> {
  const policy = POLICIES[input.policy];
  if (!policy.types.includes(input.contentType)) throw new HttpError(415, 'unprocessable', policy.wrongType);
  if (input.declaredSize !== null && input.declaredSize > policy.maxBytes)
    throw new HttpError(413, 'too_large', policy.tooBig);
  // Without a declared size, the most this kind of file may be is set aside, then trued up.
  const reserved = input.declaredSize ?? policy.maxBytes;
  const reservation = await scoped((tx) => reserveStorage(tx, actor.firmId, reserved, deps.quotaBytes));

  const id = newId();
  const key = `${actor.firmId}/${id}`;
  const total = input.declaredSize ?? 0;
  const report = (current: number, stage: number, of = total) =>
    deps.progress
      .publish(actor.userId, {
        id: input.uploadId,
        current,
        total: of,
        label: `Uploading ${input.name}`,
        stages: [
          { label: 'Uploading', count: of },
          { label: 'Checking', count: 1 },
        ],
        stage,
      })
      // Progress is a courtesy: never let reporting it break or crash the upload.
      .catch(() => undefined);
  try {
    let head = Buffer.alloc(0);
    const size = await deps.storage.write(key, input.body, (bytes, chunk) => {
      if (bytes > policy.maxBytes) throw new HttpError(413, 'too_large', policy.tooBig);
      if (bytes > reserved) throw new HttpError(413, 'too_large', 'The file is larger than its upload said.');
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      if (total > 0 && bytes < total) void report(bytes, 0);
    });
    // A kind of file whose content its reader judges (an import's: CSV in any encoding, or XLSX) is not sniffed here.
    if (!('contentJudgedBy' in policy) && !contentMatches(input.contentType, head)) {
      deps.storage.remove(key);
      const kind = input.contentType.startsWith('image/')
        ? `${input.contentType.replace('image/', '').toUpperCase()} image`
        : 'file of the type its name says';
      throw badRequest(`This file is not a ${kind}.`, { file: 'The file content does not match its type.' });
    }
    const row = await scoped(async (tx) => {
      const [inserted] = await tx
        .insert(files)
        .values({
          id,
          firmId: actor.firmId,
          name: input.name,
          contentType: input.contentType,
          size,
          storageKey: key,
          uploadedBy: actor.userId,
          entityType: input.entity?.type ?? null,
          entityId: input.entity?.id ?? null,
        })
        .returning();
      await endReservation(tx, reservation);
      const [uploader] = await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actor.userId));
      if (!input.unaudited)
        await recordAudit(tx, actor, {
          entityType: input.entity?.type ?? 'file',
          entityId: input.entity?.id ?? id,
          action: 'attach-file',
          after: { file: input.name, size },
        });
      return view(inserted!, uploader ?? null);
    }).catch((error) => {
      deps.storage.remove(key);
      throw error;
    });
    await report(size, 1, Math.max(size, 1));
    return row;
  } catch (error) {
    await report(0, 0, 0); // clears this upload's progress
    // The space set aside is free again (if this fails too, the reservation expires).
    await scoped((tx) => endReservation(tx, reservation)).catch(() => undefined);
    throw error;
  }
}

/**
 * Stores a file the app made itself (a signed PDF, a drawn signature, the demo's photos) with a
 * record, as an upload is stored: the bytes under a generated name, then its row. Returns its id.
 */
export async function storeMadeFile(
  db: Executor,
  storage: LocalFileStorage,
  writer: { firmId: string; userId: string | null },
  file: { entity: { type: string; id: string }; name: string; contentType: string; bytes: Buffer },
): Promise<string> {
  const id = newId();
  const key = `${writer.firmId}/${id}`;
  await storage.write(key, Readable.from([file.bytes]), () => {});
  await db.insert(files).values({
    id,
    firmId: writer.firmId,
    entityType: file.entity.type,
    entityId: file.entity.id,
    name: file.name,
    contentType: file.contentType,
    size: file.bytes.length,
    storageKey: key,
    uploadedBy: writer.userId,
  });
  return id;
}

/** The files of a record, newest first, with who uploaded them. */
export async function listFiles(db: Executor, entityType: string, entityId: string): Promise<StoredFile[]> {
  const rows = await db
    .select({ file: files, uploader: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(and(eq(files.entityType, entityType), eq(files.entityId, entityId), isNull(files.deletedAt)))
    .orderBy(desc(files.createdAt), desc(files.id));
  return rows.map((r) => view(r.file, r.uploader));
}

/**
 * A file of the actor's firm, for download. One attached to a record needs the permission to
 * see that kind of record; another firm's id answers 404 like a missing one.
 */
export async function findFile(db: Executor, actor: Actor, id: string): Promise<FileRow> {
  if (!isUuid(id)) throw notFound('This file does not exist.');
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  const kind = entityKind(row?.entityType);
  if (!row || (kind && !maySee(actor, kind))) throw notFound('This file does not exist.');
  return row;
}

/** Removes a file from its record and, after commit, from storage. The row stays, marked deleted, for the history. */
export async function deleteFile(
  db: Executor,
  actor: Actor,
  entity: { type: string; id: string },
  fileId: string,
): Promise<void> {
  const [row] = isUuid(fileId)
    ? await db
        .update(files)
        .set({ deletedAt: sql`now()` })
        .where(
          and(
            eq(files.id, fileId),
            eq(files.entityType, entity.type),
            eq(files.entityId, entity.id),
            isNull(files.deletedAt),
          ),
        )
        .returning()
    : [];
  if (!row) throw notFound('This file does not exist.');
  // The row stays for the history; the bytes go once this has committed.
  afterCommit(db, { type: 'file-removed', storageKey: row.storageKey });
  await recordAudit(db, actor, {
    entityType: entity.type,
    entityId: entity.id,
    action: 'remove-file',
    before: { file: row.name },
  });
}

/**
 * POST /files/{id}/share: shows a job's file to the job's customer (their portal), or stops.
 * Allowed to whoever may add or remove the job's files (the job's code and module, and the job
 * within their reach); a file of anything but a job is a 409, another firm's a 404. Audited on
 * the job; asking for the state it is already in changes nothing.
 */
export async function shareFile(db: Executor, actor: Actor, fileId: string, shared: boolean): Promise<StoredFile> {
  const [row] = isUuid(fileId)
    ? await db
        .select()
        .from(files)
        .where(and(eq(files.id, fileId), isNull(files.deletedAt)))
        .for('update')
    : [];
  if (!row) throw notFound('This file does not exist.');
  const kind = entityKind(row.entityType);
  // The record's own check, as for uploading a file to it or deleting one (record-routes.ts).
  if (kind) assertAllowed(permission(kind.permission, kind.feature), actor);
  if (!kind || kind.type !== KINDS.customer_job.key || !row.entityId) throw conflict(FILE_SHARE_JOBS_ONLY_MESSAGE);
  if (!(await kind.find(db, row.entityId, actor))) throw notFound('This file does not exist.');
  if (Boolean(row.sharedAt) !== shared) {
    await db
      .update(files)
      .set(shared ? { sharedAt: sql`now()`, sharedBy: actor.userId } : { sharedAt: null, sharedBy: null })
      .where(eq(files.id, row.id));
    await recordAudit(db, actor, {
      entityType: kind.type,
      entityId: row.entityId,
      action: shared ? 'share-file' : 'unshare-file',
      after: { file: row.name },
    });
  }
  const [found] = await db
    .select({ file: files, uploader: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(files)
    .leftJoin(users, eq(users.id, files.uploadedBy))
    .where(eq(files.id, row.id));
  return view(found!.file, found!.uploader);
}

/** A name safe to store and to send in a header: no path separators, quotes or control characters. */
export function safeFileName(name: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  return cleaned.slice(0, 200) || 'file';
}

/**
 * Every image a record names (by file id, each with its field) must be one of this firm's own
 * uploaded images, not deleted: a 400 naming each field otherwise.
 */
export async function assertOwnImages(
  db: Executor,
  named: { id: string; field: string }[],
  message: string,
  fieldMessage: string,
): Promise<void> {
  if (!named.length) return;
  const found = new Set(
    (
      await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(
              files.id,
              named.map((n) => n.id),
            ),
            isNull(files.deletedAt),
            sql`${files.contentType} LIKE 'image/%'`,
          ),
        )
    ).map((r) => r.id),
  );
  const missing = named.filter((n) => !found.has(n.id));
  if (missing.length) throw badRequest(message, Object.fromEntries(missing.map((n) => [n.field, fieldMessage])));
}

/** A setting or profile may only point at one of this firm's own uploads. */
export async function assertOwnFileUrl(db: Executor, url: string, field: string, message: string): Promise<void> {
  const id = fileUrlId(url);
  const [found] = id
    ? await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, id), isNull(files.deletedAt)))
    : [];
  if (!found) throw badRequest(message, { [field]: message });
}
