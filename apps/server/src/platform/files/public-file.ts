import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client';
import { contentDisposition } from '../http/content-disposition';
import { notFound } from '../http/errors';
import { files } from './files.table';
import type { LocalFileStorage } from './storage';

/**
 * The bytes of one of the firm's files, as a public route's reply (inline: decision 0039 says which
 * routes may), when it is of a type the route serves; `missing` is the 404's message otherwise.
 */
export async function sendPublicFile(
  db: Executor,
  storage: LocalFileStorage,
  reply: FastifyReply,
  id: string,
  types: (type: string) => boolean,
  missing: string,
) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  if (!file || !types(file.contentType)) throw notFound(missing);
  reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition('inline', file.name))
    .header('cache-control', 'private, max-age=3600')
    // An image is shown, never run: no script in an SVG-like surprise, no sniffing.
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
  return storage.read(file.storageKey);
}
