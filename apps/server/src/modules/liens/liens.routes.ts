import { KINDS, lienDeadlineQuerySchema, lienDeadlineResultSchema, lienDeadlinesSchema } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { firmToday } from '../../platform/identity/firm-clock';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { lienDeadlines } from './deadlines/engine';
import { activeLienRules } from './deadlines/rules-file';
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
];
