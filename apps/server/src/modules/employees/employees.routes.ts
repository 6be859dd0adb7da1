import {
  deactivatedEmployeeSchema,
  deactivateEmployeeSchema,
  employeeInputSchema,
  employeeSchema,
  openRecordsSchema,
  P,
} from '@atelier/contracts';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordRoutes } from '../../platform/records/crud-routes';
import { activateEmployee, deactivateEmployee, deleteEmployee, employeeOpenRecords } from './employee-lifecycle';
import { EMPLOYEE_CSV_COLUMNS, employeeKind, getEmployee, listSpecFor, updateEmployee } from './employees.service';

/**
 * /employees: the firm's staff as records (51 modify, 52 delete). They join by invitation
 * (POST /invitations) and leave by deactivation, so there is no create or archive route.
 */
export const employeeRoutes: AnyRoute[] = [
  ...recordRoutes({
    kind: employeeKind,
    input: employeeInputSchema,
    list: listSpecFor,
    csvColumns: EMPLOYEE_CSV_COLUMNS,
    get: getEmployee,
    update: updateEmployee,
    remove: deleteEmployee,
  }),
  defineRoute({
    method: 'GET',
    url: '/employees/:id/open-records',
    access: permission(P.MODIFY_EMPLOYEES),
    params: idParams,
    response: openRecordsSchema,
    handler: ({ db, params }) => employeeOpenRecords(db, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/employees/:id/deactivate',
    access: permission(P.DELETE_EMPLOYEES),
    params: idParams,
    body: deactivateEmployeeSchema,
    response: deactivatedEmployeeSchema,
    handler: ({ db, actor, params, body }) => deactivateEmployee(db, actor, params.id, body.reassignTo),
  }),
  defineRoute({
    method: 'POST',
    url: '/employees/:id/activate',
    access: permission(P.DELETE_EMPLOYEES),
    params: idParams,
    response: employeeSchema,
    handler: ({ db, actor, params }) => activateEmployee(db, actor, params.id),
  }),
];
