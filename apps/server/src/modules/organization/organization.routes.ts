import {
  departmentInputSchema,
  departmentSchema,
  P,
  roleInputSchema,
  roleSchema,
  SETTINGS_KINDS,
  staffMemberSchema,
  staffRolesSchema,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission, SIGNED_IN } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { defineRoute } from '../../platform/http/routes';
import {
  addDepartment,
  addRole,
  deleteDepartment,
  deleteRole,
  listDepartments,
  listRoles,
  listStaff,
  renameDepartment,
  setStaffRoles,
  updateRole,
} from './organization.service';

export const organizationRoutes = [
  // Readable by all staff: whoever assigns roles (168) or invites people (51) picks from them.
  defineRoute({
    method: 'GET',
    url: SETTINGS_KINDS.role.apiPath,
    access: SIGNED_IN,
    response: z.array(roleSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listRoles(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: SETTINGS_KINDS.role.apiPath,
    access: permission(SETTINGS_KINDS.role.codes.modify),
    status: 201,
    body: roleInputSchema,
    response: roleSchema,
    handler: ({ db, actor, body }) => addRole(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: `${SETTINGS_KINDS.role.apiPath}/:id`,
    access: permission(SETTINGS_KINDS.role.codes.modify),
    params: idParams,
    body: withVersion(roleInputSchema),
    response: roleSchema,
    handler: ({ db, actor, params, body }) => updateRole(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${SETTINGS_KINDS.role.apiPath}/:id`,
    access: permission(SETTINGS_KINDS.role.codes.remove),
    params: idParams,
    status: 204,
    handler: ({ db, actor, params }) => deleteRole(db, actor, params.id),
  }),
  // Readable by all staff, like roles: whoever edits an employee (51) picks their department.
  defineRoute({
    method: 'GET',
    url: SETTINGS_KINDS.department.apiPath,
    access: SIGNED_IN,
    response: z.array(departmentSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listDepartments(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: SETTINGS_KINDS.department.apiPath,
    access: permission(SETTINGS_KINDS.department.codes.modify),
    status: 201,
    body: departmentInputSchema,
    response: departmentSchema,
    handler: ({ db, actor, body }) => addDepartment(db, actor, body.name),
  }),
  defineRoute({
    method: 'PUT',
    url: `${SETTINGS_KINDS.department.apiPath}/:id`,
    access: permission(SETTINGS_KINDS.department.codes.modify),
    params: idParams,
    body: withVersion(departmentInputSchema),
    response: departmentSchema,
    handler: ({ db, actor, params, body }) => renameDepartment(db, actor, params.id, body.name, body.version),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${SETTINGS_KINDS.department.apiPath}/:id`,
    access: permission(SETTINGS_KINDS.department.codes.remove),
    params: idParams,
    status: 204,
    handler: ({ db, actor, params }) => deleteDepartment(db, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/staff',
    access: permission(P.VIEW_PERMISSIONS),
    response: z.array(staffMemberSchema),
    handler: ({ db }) => listStaff(db),
  }),
  defineRoute({
    method: 'PUT',
    url: '/staff/:id/roles',
    access: permission(P.MODIFY_PERMISSIONS),
    params: idParams,
    body: staffRolesSchema,
    response: staffMemberSchema,
    handler: ({ db, actor, params, body }) => setStaffRoles(db, actor, params.id, body.roles),
  }),
];
