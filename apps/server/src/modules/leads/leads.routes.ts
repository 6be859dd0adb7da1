import {
  convertLeadResultSchema,
  convertLeadSchema,
  KINDS,
  leadPipelineSchema,
  leadSchema,
  leadStatusSchema,
  listQuerySchema,
  webLeadCaptureSchema,
  webLeadReceivedSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { PUBLIC, permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { convertLead } from './lead-conversion';
import { setLeadStatus } from './lead-status';
import { pipelineTotals } from './leads.list';
import { leadType } from './leads.service';
import {
  getCapture,
  regenerateCapture,
  reserveWebLead,
  submitWebLead,
  WEB_LEAD_PATH,
  webLeadPreflight,
} from './web-leads';

const { codes, feature } = KINDS.lead;
const modify = permission(codes.modify, feature);
const settings = permission(codes.settings, feature);
const keyParams = z.object({ key: z.string() });

export const leadRoutes: AnyRoute[] = [
  ...recordTypeRoutes(leadType),
  defineRoute({
    method: 'GET',
    url: '/leads/pipeline',
    access: modify,
    query: listQuerySchema,
    response: leadPipelineSchema,
    handler: ({ db, actor, query }) => pipelineTotals(db, leadType.listFor(actor), query),
  }),
  defineRoute({
    method: 'POST',
    url: '/leads/:id/status',
    access: modify,
    params: idParams,
    body: leadStatusSchema,
    response: leadSchema,
    handler: ({ db, actor, params, body }) => setLeadStatus(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/leads/:id/convert',
    access: modify,
    params: idParams,
    body: convertLeadSchema,
    response: convertLeadResultSchema,
    handler: ({ db, actor, params, body }) => convertLead(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/leads/capture',
    access: settings,
    response: webLeadCaptureSchema,
    handler: ({ db, actor, deps }) => getCapture(db, actor, deps.config),
  }),
  defineRoute({
    method: 'POST',
    url: '/leads/capture/regenerate',
    access: settings,
    response: webLeadCaptureSchema,
    handler: ({ db, actor, deps }) => regenerateCapture(db, actor, deps.config),
  }),
  // The firm's own website form: public, cross-site by design, and never reads or sets a cookie
  // (PUBLIC routes restore no session). It validates its own body, after the CORS headers are
  // set, so the form can read the per-field messages.
  defineRoute({
    method: 'POST',
    url: WEB_LEAD_PATH,
    access: PUBLIC,
    status: 201,
    params: keyParams,
    response: webLeadReceivedSchema,
    limit: ({ db, params, req, reply, meta }) =>
      reserveWebLead(db, { key: params.key, origin: req.headers.origin, ip: meta.ip, reply }),
    handler: ({ db, params, req, reply, meta }) =>
      submitWebLead(db, { key: params.key, origin: req.headers.origin, ip: meta.ip, body: req.body, reply }),
  }),
  defineRoute({
    method: 'OPTIONS',
    url: WEB_LEAD_PATH,
    access: PUBLIC,
    status: 204,
    params: keyParams,
    handler: ({ db, params, req, reply }) => webLeadPreflight(db, params.key, req.headers.origin, reply),
  }),
];
