import type { Readable } from 'node:stream';
import { z } from 'zod';
import { SIGNED_IN } from '../http/access';
import { idParams } from '../http/params';
import { defineRoute } from '../http/routes';
import { findFile, safeFileName, uploadImage } from './files.service';

/** RFC 6266: an ASCII fallback name plus the exact UTF-8 name. */
function attachment(name: string): string {
  const ascii = [...name]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126 ? '_' : c === '"' ? "'" : c))
    .join('');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileRoutes = [
  defineRoute({
    method: 'POST',
    url: '/files',
    access: SIGNED_IN,
    status: 201,
    stream: true,
    query: z.object({
      name: z.string().trim().min(1, 'Name the file.').max(200, 'Use at most 200 characters.'),
      upload: z.string().max(64).default(''),
    }),
    handler: ({ scoped, actor, deps, query, req }) =>
      uploadImage(scoped, actor, deps, {
        uploadId: query.upload,
        name: safeFileName(query.name),
        contentType: (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        declaredSize: Number(req.headers['content-length']) || null,
        body: req.body as Readable,
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/files/:id',
    access: SIGNED_IN,
    params: idParams,
    handler: async ({ db, deps, params, reply }) => {
      const file = await findFile(db, params.id);
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, max-age=3600');
      return deps.storage.read(file.storageKey);
    },
  }),
];
