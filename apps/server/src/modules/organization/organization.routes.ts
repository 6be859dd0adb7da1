import { departmentInputSchema, P, roleInputSchema, staffRolesSchema, withVersion } from '@atelier/contracts';
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
    url: '/roles',
    access: SIGNED_IN,
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listRoles(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/roles',
    access: permission(P.MODIFY_ROLES),
    status: 201,
    body: roleInputSchema,
    handler: ({ db, actor, body }) => addRole(db, actor, body),
  }),
  defineRoute({
    method: 'PUT',
    url: '/roles/:id',
    access: permission(P.MODIFY_ROLES),
    params: idParams,
    body: withVersion(roleInputSchema),
    handler: ({ db, actor, params, body }) => updateRole(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/roles/:id',
    access: permission(P.DELETE_ROLES),
    params: idParams,
    status: 204,
    handler: ({ db, actor, params }) => deleteRole(db, actor, params.id),
  }),
  // Readable by all staff, like roles: whoever edits an employee (51) picks their department.
  defineRoute({
    method: 'GET',
    url: '/departments',
    access: SIGNED_IN,
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listDepartments(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/departments',
    access: permission(P.MODIFY_DEPARTMENTS),
    status: 201,
    body: departmentInputSchema,
    handler: ({ db, actor, body }) => addDepartment(db, actor, body.name),
  }),
  defineRoute({
    method: 'PUT',
    url: '/departments/:id',
    access: permission(P.MODIFY_DEPARTMENTS),
    params: idParams,
    body: withVersion(departmentInputSchema),
    handler: ({ db, actor, params, body }) => renameDepartment(db, actor, params.id, body.name, body.version),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/departments/:id',
    access: permission(P.DELETE_DEPARTMENTS),
    params: idParams,
    status: 204,
    handler: ({ db, actor, params }) => deleteDepartment(db, actor, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/staff',
    access: permission(P.VIEW_PERMISSIONS),
    handler: ({ db }) => listStaff(db),
  }),
  defineRoute({
    method: 'PUT',
    url: '/staff/:id/roles',
    access: permission(P.MODIFY_PERMISSIONS),
    params: idParams,
    body: staffRolesSchema,
    handler: ({ db, actor, params, body }) => setStaffRoles(db, actor, params.id, body.roles),
  }),
];
