import {
  emailPreviewInputSchema,
  emailRenderedSchema,
  emailSendInputSchema,
  emailSendSchema,
  KINDS,
  P,
  segmentCountSchema,
  segmentSchema,
  unsubscribeAnswerSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { PUBLIC, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { emailType } from './emails.service';
import { PUBLIC_EMAIL_PATH } from './links';
import { emailClicked, emailImage, emailOpened, unsubscribe, unsubscribeStatus } from './public';
import { countSegment } from './segments';
import { createSend, listSends, previewEmail, sendTest } from './sends.service';

const edit = permission(KINDS.email.codes.modify);
const send = permission(P.SEND_MARKETING_EMAIL);
const token = z.strictObject({ t: z.string().max(6000).optional() });

export const emailRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/emails/preview',
    summary: 'An email as a customer would get it (sample merge values), saved or not',
    access: edit,
    body: emailPreviewInputSchema,
    response: emailRenderedSchema,
    handler: ({ db, deps, actor, body }) => previewEmail(db, deps.config, actor, body),
  }),
  ...recordTypeRoutes(emailType),
  defineRoute({
    method: 'POST',
    url: '/emails/:id/test',
    summary: 'Send the email to yourself, filled with your own name',
    access: edit,
    status: 202,
    params: idParams,
    response: z.strictObject({ to: z.string() }),
    handler: ({ db, deps, actor, params }) => sendTest(db, deps.config, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/emails/:id/sends',
    summary: 'The sends of an email with their results, newest first',
    access: edit,
    params: idParams,
    response: z.array(emailSendSchema),
    handler: ({ db, actor, params }) => listSends(db, actor, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/emails/:id/sends',
    summary: 'Send the email to a segment of customers who agreed to marketing emails',
    access: send,
    status: 201,
    params: idParams,
    body: emailSendInputSchema,
    response: emailSendSchema,
    handler: ({ db, deps, actor, params, body }) => createSend(db, deps.config, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/email-segments/count',
    summary: 'How many customers a segment reaches now (consenting ones only), and the first few',
    access: send,
    body: z.strictObject({ segment: segmentSchema }),
    response: segmentCountSchema,
    handler: ({ db, body }) => countSegment(db, body.segment),
  }),
  defineRoute({
    method: 'GET',
    url: '/public/unsubscribe',
    summary: 'Whose address an unsubscribe link is for, and whether it still gets marketing emails',
    access: PUBLIC,
    query: token,
    response: unsubscribeAnswerSchema,
    handler: ({ db, deps, query }) => unsubscribeStatus(db, deps.config, query.t),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/unsubscribe',
    summary: 'Unsubscribe from marketing emails: the page’s button, or a mail app’s one click (RFC 8058)',
    access: PUBLIC,
    form: true,
    query: token,
    body: z.strictObject({ 'List-Unsubscribe': z.string().max(40).optional() }).optional(),
    response: unsubscribeAnswerSchema,
    handler: ({ db, deps, query }) => unsubscribe(db, deps.config, query.t),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_EMAIL_PATH}/image`,
    summary: 'An image a marketing email shows (signed link)',
    access: PUBLIC,
    query: token,
    produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    handler: ({ db, deps, reply, query }) => emailImage(db, deps.config, deps.storage, reply, query.t),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_EMAIL_PATH}/open`,
    summary: 'Counts an opened marketing email (where the firm counts opens)',
    access: PUBLIC,
    query: token,
    produces: 'image/gif',
    handler: ({ db, deps, reply, query }) => emailOpened(db, deps.config, reply, query.t),
  }),
  defineRoute({
    method: 'GET',
    url: `${PUBLIC_EMAIL_PATH}/click`,
    summary: 'Counts a click in a marketing email, then goes on to its link',
    access: PUBLIC,
    query: token,
    // A redirect (302) to the link, no body.
    status: 302,
    handler: ({ db, deps, reply, query }) => emailClicked(db, deps.config, reply, query.t),
  }),
];
