import type { Readable } from 'node:stream';
import { fileShareSchema, storedFileSchema } from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../http/access';
import { idParams } from '../http/params';
import { type AppDeps, defineRoute } from '../http/routes';
import { type FileDeps, findFile, POLICIES, safeFileName, shareFile, uploadFile } from './files.service';

export const fileDeps = (deps: AppDeps): FileDeps => ({ ...deps, quotaBytes: deps.config.filesQuotaBytes });

/** What an upload request says about itself: its name, type and size (the body is the bytes). */
export function uploadHeaders(req: FastifyRequest) {
  return {
    contentType: (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
    declaredSize: Number(req.headers['content-length']) || null,
    body: req.body as Readable,
  };
}

import { attachment } from '../http/content-disposition';

/** An upload's query: the file's name, and the client's id for its progress reports. */
export const uploadQuery = z.object({
  name: z.string().trim().min(1, 'Name the file.').max(200, 'Use at most 200 characters.'),
  upload: z.string().max(64).default(''),
});

export const fileRoutes = [
  defineRoute({
    method: 'POST',
    url: '/files',
    summary: 'Upload an image',
    access: SIGNED_IN,
    status: 201,
    stream: true,
    unsupportedType: POLICIES.image.wrongType,
    response: storedFileSchema,
    query: uploadQuery,
    handler: ({ scoped, actor, deps, query, req }) =>
      uploadFile(scoped, actor, fileDeps(deps), {
        policy: 'image',
        uploadId: query.upload,
        name: safeFileName(query.name),
        ...uploadHeaders(req),
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/files/:id',
    summary: 'Download a file',
    access: SIGNED_IN,
    produces: 'application/octet-stream',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const file = await findFile(db, actor, params.id);
      reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, max-age=3600');
      return deps.storage.read(file.storageKey);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/files/:id/share',
    summary: 'Share a job’s file with the job’s customer (their portal), or stop sharing it',
    // The file's record decides: the code to modify a job, checked in the service once the file is found.
    access: SIGNED_IN,
    params: idParams,
    body: fileShareSchema,
    response: storedFileSchema,
    handler: ({ db, actor, params, body }) => shareFile(db, actor, params.id, body.shared),
  }),
];
