import { companyFinancialsSchema, companyInputSchema, P, withVersion } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordRoutes } from '../../platform/records/crud-routes';
import {
  archiveCompany,
  bulkCompanies,
  COMPANY_CSV_COLUMNS,
  companyKind,
  createCompany,
  deleteCompany,
  findDuplicateCompanies,
  getCompany,
  listSpecFor,
  updateCompany,
  updateFinancials,
} from './companies.service';

export const companyRoutes: AnyRoute[] = [
  ...recordRoutes({
    kind: companyKind,
    input: companyInputSchema,
    list: listSpecFor,
    csvColumns: COMPANY_CSV_COLUMNS,
    create: createCompany,
    get: getCompany,
    update: updateCompany,
    archive: archiveCompany,
    remove: deleteCompany,
    bulk: bulkCompanies,
    duplicates: findDuplicateCompanies,
  }),
  defineRoute({
    method: 'PUT',
    url: '/companies/:id/financials',
    access: permission(P.COMPANY_FINANCIALS),
    params: idParams,
    body: withVersion(companyFinancialsSchema),
    handler: ({ db, actor, params, body }) => updateFinancials(db, actor, params.id, body),
  }),
];
