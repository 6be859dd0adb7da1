import {
  activitySchema,
  auditListQuerySchema,
  auditPageSchema,
  interactionInputSchema,
  interactionSchema,
  storedFileSchema,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { listAudit } from '../audit/audit.service';
import { fileDeps, uploadHeaders, uploadQuery } from '../files/files.routes';
import { deleteFile, listFiles, POLICIES, safeFileName, uploadFile } from '../files/files.service';
import { type Actor, permission } from '../http/access';
import { notFound } from '../http/errors';
import { type AnyRoute, defineRoute } from '../http/routes';
import {
  addInteraction,
  deleteInteraction,
  listInteractions,
  updateInteraction,
} from '../interactions/interactions.service';
import { activities } from './activities';
import type { EntityKind } from './entities';

const recordParams = z.object({ id: z.string() });
const interactionParams = z.object({ id: z.string(), interactionId: z.string() });
const fileParams = z.object({ id: z.string(), fileId: z.string() });

/**
 * The parts every record has, under its own path and permission: interactions, files, its
 * history (logs) and its timeline (activities). Each answers 404 for a record the caller's
 * firm does not have.
 */
export function recordSubRoutes(kind: EntityKind): AnyRoute[] {
  const access = permission(kind.permission, kind.feature);
  const base = `/${kind.path}/:id`;
  const record = async (db: Executor, actor: Actor, id: string) => {
    const found = isUuid(id) ? await kind.find(db, id, actor) : null;
    if (!found) throw notFound(`This ${kind.noun} does not exist.`);
    return found;
  };
  return [
    defineRoute({
      method: 'GET',
      url: `${base}/interactions`,
      access,
      params: recordParams,
      response: z.array(interactionSchema),
      handler: async ({ db, actor, params }) => {
        await record(db, actor, params.id);
        return listInteractions(db, kind.type, params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/interactions`,
      access,
      status: 201,
      params: recordParams,
      body: interactionInputSchema,
      response: interactionSchema,
      handler: async ({ db, actor, params, body }) => {
        await record(db, actor, params.id);
        return addInteraction(db, actor, kind.type, params.id, body);
      },
    }),
    defineRoute({
      method: 'PUT',
      url: `${base}/interactions/:interactionId`,
      access,
      params: interactionParams,
      body: withVersion(interactionInputSchema),
      response: interactionSchema,
      handler: async ({ db, actor, params, body }) => {
        await record(db, actor, params.id);
        return updateInteraction(db, actor, kind.type, params.id, params.interactionId, body);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/interactions/:interactionId`,
      access,
      status: 204,
      params: interactionParams,
      handler: async ({ db, actor, params }) => {
        await record(db, actor, params.id);
        await deleteInteraction(db, actor, kind.type, params.id, params.interactionId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/files`,
      access,
      params: recordParams,
      response: z.array(storedFileSchema),
      handler: async ({ db, actor, params }) => {
        await record(db, actor, params.id);
        return listFiles(db, kind.type, params.id);
      },
    }),
    defineRoute({
      method: 'POST',
      url: `${base}/files`,
      access,
      status: 201,
      stream: true,
      unsupportedType: POLICIES.document.wrongType,
      params: recordParams,
      response: storedFileSchema,
      query: uploadQuery,
      handler: async ({ scoped, actor, deps, params, query, req }) => {
        await scoped((tx) => record(tx, actor, params.id));
        return uploadFile(scoped, actor, fileDeps(deps), {
          policy: 'document',
          uploadId: query.upload,
          name: safeFileName(query.name),
          entity: { type: kind.type, id: params.id },
          ...uploadHeaders(req),
        });
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `${base}/files/:fileId`,
      access,
      status: 204,
      params: fileParams,
      handler: async ({ db, actor, params }) => {
        await record(db, actor, params.id);
        await deleteFile(db, actor, { type: kind.type, id: params.id }, params.fileId);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/logs`,
      access,
      params: recordParams,
      query: auditListQuerySchema.pick({ limit: true, cursor: true }),
      response: auditPageSchema,
      handler: async ({ db, actor, params, query }) => {
        await record(db, actor, params.id);
        return listAudit(db, actor, { ...query, entityType: kind.type, entity: params.id }, kind.alsoAuditedAs);
      },
    }),
    defineRoute({
      method: 'GET',
      url: `${base}/activities`,
      access,
      params: recordParams,
      response: z.array(activitySchema),
      handler: async ({ db, actor, params }) => {
        await record(db, actor, params.id);
        return activities(db, kind.type, params.id);
      },
    }),
  ];
}
