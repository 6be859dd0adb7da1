import { openRecordsSchema, P } from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { openRecords } from '../../platform/records/assignables';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { employeeType } from './employees.service';

/**
 * /employees: the firm's staff as records (51 modify, 52 delete, deactivate and activate). They
 * join by invitation (POST /invitations), so there is no create.
 */
export const employeeRoutes: AnyRoute[] = [
  ...recordTypeRoutes(employeeType),
  defineRoute({
    method: 'GET',
    url: '/employees/:id/open-records',
    summary: 'What an employee still has assigned',
    access: permission(P.MODIFY_EMPLOYEES),
    params: idParams,
    response: openRecordsSchema,
    // For the deactivate dialog: what would be handed over.
    handler: async ({ db, params }) => {
      await employeeType.findRow(db, params.id);
      return openRecords(db, params.id);
    },
  }),
];
