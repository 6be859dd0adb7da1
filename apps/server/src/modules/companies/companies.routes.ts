import { bulkActionSchema, companyFinancialsSchema, companyInputSchema, listQuerySchema, P } from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { exportCsv } from '../../platform/lists/export';
import { listPage } from '../../platform/lists/list';
import { recordSubRoutes } from '../../platform/records/record-routes';
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

const modify = permission(P.MODIFY_COMPANIES);
const remove = permission(P.DELETE_COMPANIES);
const version = z.object({ version: z.number().int().optional() });

export const companyRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/companies',
    access: modify,
    query: listQuerySchema,
    handler: ({ db, actor, query }) => listPage(db, listSpecFor(actor), query),
  }),
  defineRoute({
    method: 'POST',
    url: '/companies',
    access: modify,
    status: 201,
    body: companyInputSchema,
    handler: ({ db, actor, body }) => createCompany(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/companies/duplicates',
    access: modify,
    query: z.object({
      name: z.string().max(160).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(40).optional(),
      exclude: z.string().optional(),
    }),
    handler: ({ db, query }) => findDuplicateCompanies(db, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/companies/bulk',
    access: modify,
    body: bulkActionSchema,
    handler: ({ db, actor, body }) => bulkCompanies(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/companies/export',
    access: permission(P.EXPORT_COMPANIES),
    stream: true,
    query: listQuerySchema.extend({ format: z.literal('csv', { error: 'Exports are CSV files.' }).default('csv') }),
    handler: async ({ actor, query, scoped, reply }) =>
      exportCsv({
        actor,
        viewPermission: P.MODIFY_COMPANIES,
        spec: listSpecFor(actor),
        query,
        columns: COMPANY_CSV_COLUMNS,
        fileName: 'accounts',
        scoped,
        reply,
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/companies/:id',
    access: modify,
    params: idParams,
    handler: ({ db, actor, params }) => getCompany(db, actor, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: '/companies/:id',
    access: modify,
    params: idParams,
    body: companyInputSchema.extend(version.shape),
    handler: ({ db, actor, params, body }) => updateCompany(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/companies/:id/financials',
    access: permission(P.COMPANY_FINANCIALS),
    params: idParams,
    body: companyFinancialsSchema.extend(version.shape),
    handler: ({ db, actor, params, body }) => updateFinancials(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/companies/:id/archive',
    access: remove,
    params: idParams,
    handler: ({ db, actor, params }) => archiveCompany(db, actor, params.id, true),
  }),
  defineRoute({
    method: 'POST',
    url: '/companies/:id/restore',
    access: remove,
    params: idParams,
    handler: ({ db, actor, params }) => archiveCompany(db, actor, params.id, false),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/companies/:id',
    access: remove,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteCompany(db, actor, params.id),
  }),
  ...recordSubRoutes(companyKind),
];
