import { companyFinancialsSchema, companySchema, P, withVersion } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { companyType, updateFinancials } from './companies.service';

export const companyRoutes: AnyRoute[] = [
  ...recordTypeRoutes(companyType),
  defineRoute({
    method: 'PUT',
    url: '/companies/:id/financials',
    access: permission(P.COMPANY_FINANCIALS),
    params: idParams,
    body: withVersion(companyFinancialsSchema),
    response: companySchema,
    handler: ({ db, actor, params, body }) => updateFinancials(db, actor, params.id, body),
  }),
];
