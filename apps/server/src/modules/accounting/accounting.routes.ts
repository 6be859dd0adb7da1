import {
  accountingExportDetailSchema,
  accountingExportInputSchema,
  accountingExportListQuerySchema,
  accountingExportPageSchema,
  accountingExportSchema,
  accountingForgetSchema,
  accountingMappingInputSchema,
  accountingMappingSchema,
  hasCode,
  P,
} from '@atelier/contracts';
import { assertAllowed, permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { forgetSynced, runExport } from './export.service';
import { exportDetail, exportFile, listExports } from './exports.service';
import { getMapping, putMapping } from './mapping.service';

const access = permission(P.ACCESS_ACCOUNTING_SOFTWARE);

/** The accounting-software export (decision 0047): the mapping (104), exports and their log (159). */
export const accountingRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/accounting/mapping',
    summary: 'The ledger account of each role, and the accounting software chosen',
    // Read by those who keep it (104) and those who export with it (159).
    access: SIGNED_IN,
    response: accountingMappingSchema,
    handler: ({ db, actor }) => {
      if (!hasCode(actor.codes, P.MODIFY_INTEGRATIONS) && !hasCode(actor.codes, P.ACCESS_ACCOUNTING_SOFTWARE))
        throw forbidden();
      return getMapping(db, actor.firmId);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/accounting/mapping',
    summary: 'Change ledger accounts (an empty one goes back to its default) and the accounting software',
    access: permission(P.MODIFY_INTEGRATIONS),
    body: accountingMappingInputSchema,
    response: accountingMappingSchema,
    handler: ({ db, actor, body }) => putMapping(db, actor, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/accounting/export',
    summary:
      'Export the period: documents not sent yet, changes to those sent (reversed and sent again), as a file kept in the log',
    access,
    body: accountingExportInputSchema,
    status: 201,
    response: accountingExportSchema,
    handler: ({ db, scoped, actor, body }) => runExport(db, scoped, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/accounting/exports',
    summary: 'The sync log, newest first (`vendor`: the runs that sent that vendor’s documents)',
    access,
    query: accountingExportListQuerySchema,
    response: accountingExportPageSchema,
    handler: ({ db, actor, query }) => listExports(db, actor.firmId, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/accounting/exports/:id',
    summary: 'One export and the documents it sent, changed or reversed',
    access,
    params: idParams,
    response: accountingExportDetailSchema,
    handler: ({ db, actor, params }) => exportDetail(db, actor.firmId, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/accounting/exports/:id/file',
    summary: 'Download the file an export wrote, as it was',
    access,
    params: idParams,
    produces: ['application/octet-stream', 'text/csv'],
    handler: ({ db, actor, params, reply }) => exportFile(db, actor.firmId, params.id, reply),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/accounting/synced',
    summary: 'Start over: forget what was sent, so the next export sends every document again',
    access: permission(P.DELETE_INTEGRATIONS),
    response: accountingForgetSchema,
    handler: ({ db, actor }) => {
      assertAllowed(access, actor);
      return forgetSynced(db, actor);
    },
  }),
];
