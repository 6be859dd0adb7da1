import {
  KINDS,
  lienDeadlineQuerySchema,
  lienDeadlineResultSchema,
  lienDeadlinesSchema,
  lienWaiverDueQuerySchema,
  lienWaiverDueSchema,
} from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { firmToday } from '../../platform/identity/firm-clock';
import { pdfReply } from '../../platform/pdf/pdf-reply';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { lienDeadlines } from './deadlines/engine';
import { activeLienRules } from './deadlines/rules-file';
import { dueWaiversOf } from './lien-waiver-due';
import { lienWaiverPdf } from './lien-waiver-pdf';
import { lienWaiverType } from './lien-waivers.service';
import { lienDeadlinesOf, lienType } from './liens.service';

// Mechanic liens are the liens code (77) in the Mechanic liens module.
const access = permission(KINDS.lien.codes.modify, KINDS.lien.feature);

export const lienRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: `${KINDS.lien.apiPath}/deadlines`,
    summary:
      'Compute the lien deadlines for a state, role, project and dates without a lien record (reminders only, not legal advice)',
    access,
    query: lienDeadlineQuerySchema,
    response: lienDeadlineResultSchema,
    handler: async ({ db, actor, query }) => lienDeadlines(activeLienRules(), query, await firmToday(db, actor.firmId)),
  }),
  ...recordTypeRoutes(lienType),
  defineRoute({
    method: 'GET',
    url: `${KINDS.lien.apiPath}/:id/deadlines`,
    summary: "A lien's deadlines from its dates and the state's rules, each with its rule and whether it was missed",
    access,
    params: idParams,
    response: lienDeadlinesSchema,
    handler: ({ db, actor, params }) => lienDeadlinesOf(db, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: `${KINDS.lien_waiver.apiPath}/due`,
    summary:
      'The lien waivers a payment calls for: one per job it was put on whose lien record is open, with the waiver already recorded for it if any',
    access,
    query: lienWaiverDueQuerySchema,
    response: lienWaiverDueSchema,
    handler: ({ db, actor, query }) => dueWaiversOf(db, actor, query.payment),
  }),
  ...recordTypeRoutes(lienWaiverType),
  defineRoute({
    method: 'GET',
    url: `${KINDS.lien_waiver.apiPath}/:id/pdf`,
    summary: "The waiver as a PDF, made from the firm's own template for its kind (409 without one)",
    access,
    produces: 'application/pdf',
    params: idParams,
    handler: async ({ db, actor, deps, params, reply }) => {
      const { pdf, name } = await lienWaiverPdf(db, actor, deps.storage, params.id);
      return pdfReply(reply, name, pdf);
    },
  }),
];
