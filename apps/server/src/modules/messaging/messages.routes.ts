import {
  FEATURES,
  MESSAGE_KINDS,
  messageDraftInputSchema,
  messageDraftSchema,
  messageInputSchema,
  messageRecipientSchema,
  messageThreadSchema,
  oneMessageSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { type Actor, permission } from '../../platform/http/access';
import { HttpError } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { type EntityKind, entityKind } from '../../platform/records/entities';
import { listThreads, messageDraft, messageRecipients, sendMessage } from './messages.service';

/**
 * A record's messages need the record's own code and module (leads, jobs: checked first, as on
 * every route of theirs, so a firm without it hears of that module) and the messaging module.
 */
function assertKindModule(kind: EntityKind, actor: Actor) {
  if (kind.feature && !actor.features.includes('messaging'))
    throw new HttpError(
      403,
      'feature_disabled',
      `The ${FEATURES.messaging.label} module (messaging) is not enabled for your firm.`,
    );
}

/** The messaging routes of each kind a message can be about (customers, leads, accounts, jobs). */
export function messageRoutes(): AnyRoute[] {
  return MESSAGE_KINDS.flatMap((type) => {
    const kind = entityKind(type);
    if (!kind) throw new Error(`messaging: no record kind ${type}`);
    const access = permission(kind.permission, kind.feature ?? 'messaging');
    const base = `/${kind.path}/:id`;
    return [
      defineRoute({
        method: 'GET',
        url: `${base}/messages`,
        summary: `The emails and texts of a ${kind.noun}, by conversation`,
        access,
        params: idParams,
        response: z.array(messageThreadSchema),
        handler: ({ db, actor, params }) => {
          assertKindModule(kind, actor);
          return listThreads(db, kind, params.id);
        },
      }),
      defineRoute({
        method: 'POST',
        url: `${base}/messages`,
        summary: `Email or text the person a ${kind.noun} is about; replies come back to it`,
        access,
        status: 201,
        params: idParams,
        body: messageInputSchema,
        response: oneMessageSchema,
        handler: ({ db, deps, actor, params, body }) => {
          assertKindModule(kind, actor);
          return sendMessage(db, deps.config, actor, kind, params.id, body);
        },
      }),
      defineRoute({
        method: 'GET',
        url: `${base}/message-recipients`,
        summary: `The addresses and numbers a ${kind.noun}'s messages may go to`,
        access,
        params: idParams,
        response: z.array(messageRecipientSchema),
        handler: ({ db, actor, params }) => {
          assertKindModule(kind, actor);
          return messageRecipients(db, kind, params.id);
        },
      }),
      defineRoute({
        method: 'POST',
        url: `${base}/message-drafts`,
        summary: `An email template's words, filled in for a ${kind.noun}'s person`,
        access,
        params: idParams,
        body: messageDraftInputSchema,
        response: messageDraftSchema,
        handler: ({ db, actor, params, body }) => {
          assertKindModule(kind, actor);
          return messageDraft(db, actor.firmId, kind, params.id, body.template);
        },
      }),
    ];
  });
}
