import { apiKeyInputSchema, apiKeySchema, createdApiKeySchema, P } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../http/access';
import { forbidden } from '../http/errors';
import { idParams } from '../http/params';
import { type AnyRoute, defineRoute } from '../http/routes';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

/** A key may not make or revoke keys: that stays with people signed in (so a leaked key cannot spread). */
const notByKey = (actor: { apiKeyId?: string | null }) => {
  if (actor.apiKeyId) throw forbidden('API keys are managed by people signed in, not by other keys.');
};

export const apiKeyRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api-keys',
    access: permission(P.MODIFY_INTEGRATIONS),
    response: z.array(apiKeySchema),
    handler: ({ db }) => listApiKeys(db),
  }),
  defineRoute({
    method: 'POST',
    url: '/api-keys',
    access: permission(P.MODIFY_INTEGRATIONS),
    body: apiKeyInputSchema,
    status: 201,
    response: createdApiKeySchema,
    handler: ({ db, actor, body }) => {
      notByKey(actor);
      return createApiKey(db, actor, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/api-keys/:id',
    access: permission(P.DELETE_INTEGRATIONS),
    params: idParams,
    response: apiKeySchema,
    handler: ({ db, actor, params }) => {
      notByKey(actor);
      return revokeApiKey(db, actor, params.id);
    },
  }),
];
