import type { Readable } from 'node:stream';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, type StoredFile } from '@atelier/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { recordAudit } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { ProgressHub } from '../realtime/progress-hub';
import { files } from './files.table';
import type { LocalFileStorage } from './storage';

const URL_PREFIX = '/api/v1/files/';

export const fileUrl = (id: string) => `${URL_PREFIX}${id}`;

/** The file id in one of our file URLs, or null. */
export function fileUrlId(url: string): string | null {
  const id = url.startsWith(URL_PREFIX) ? url.slice(URL_PREFIX.length) : '';
  return isUuid(id) ? id : null;
}

/** What the first bytes say a file is, whatever its name or declared type. */
export function sniffImageType(head: Buffer): string | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = head.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const view = (row: typeof files.$inferSelect): StoredFile => ({
  _id: row.id,
  name: row.name,
  contentType: row.contentType,
  size: row.size,
  url: fileUrl(row.id),
  createdAt: row.createdAt.toISOString(),
});

export type UploadInput = {
  /** The client's id for this upload, echoed in progress reports. */
  uploadId: string;
  name: string;
  contentType: string;
  declaredSize: number | null;
  body: Readable;
};

/**
 * Stores an uploaded image under a generated name after checking its size and that its
 * content is the image type it claims to be, reporting progress to the uploader's sockets.
 */
export async function uploadImage(
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  actor: Actor,
  deps: { storage: LocalFileStorage; progress: ProgressHub },
  input: UploadInput,
): Promise<StoredFile> {
  if (!(IMAGE_TYPES as readonly string[]).includes(input.contentType)) {
    throw new HttpError(415, 'unprocessable', 'Upload a PNG, JPEG, WebP or GIF image.');
  }
  if (input.declaredSize !== null && input.declaredSize > MAX_IMAGE_BYTES) {
    throw new HttpError(413, 'too_large', 'Images can be at most 5 MB.');
  }
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
    // Streamed to storage outside any transaction: a slow client holds no database connection.
    const size = await deps.storage.write(key, input.body, (bytes, chunk) => {
      if (bytes > MAX_IMAGE_BYTES) throw new HttpError(413, 'too_large', 'Images can be at most 5 MB.');
      if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
      if (total > 0 && bytes < total) void report(bytes, 0);
    });
    const sniffed = sniffImageType(head);
    if (sniffed !== input.contentType) {
      deps.storage.remove(key);
      throw badRequest(`This file is not a ${input.contentType.replace('image/', '').toUpperCase()} image.`, {
        file: 'The file content does not match its type.',
      });
    }
    const row = await scoped(async (tx) => {
      const [inserted] = await tx
        .insert(files)
        .values({
          id,
          firmId: actor.firmId,
          name: input.name,
          contentType: sniffed,
          size,
          storageKey: key,
          uploadedBy: actor.userId,
        })
        .returning();
      await recordAudit(tx, actor, {
        entityType: 'file',
        entityId: id,
        action: 'create',
        after: { name: input.name, size },
      });
      return inserted!;
    }).catch((error) => {
      deps.storage.remove(key);
      throw error;
    });
    await report(size, 1, Math.max(size, 1));
    return view(row);
  } catch (error) {
    await report(0, 0, 0); // clears this upload's progress
    throw error;
  }
}

/** A file of the actor's firm, for download; another firm's id answers 404 like a missing one. */
export async function findFile(db: Executor, id: string) {
  if (!isUuid(id)) throw notFound('This file does not exist.');
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  if (!row) throw notFound('This file does not exist.');
  return row;
}

/** A name safe to store and to send in a header: no path separators, quotes or control characters. */
export function safeFileName(name: string): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
  return cleaned.slice(0, 200) || 'file';
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
