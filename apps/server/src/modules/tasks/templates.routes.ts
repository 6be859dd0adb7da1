import {
  applyTemplateAnswerSchema,
  applyTemplateSchema,
  KINDS,
  projectTemplateInputSchema,
  projectTemplateSchema,
  SETTINGS_KINDS,
  withVersion,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import {
  applyTemplate,
  createProjectTemplate,
  deleteProjectTemplate,
  getProjectTemplate,
  listProjectTemplates,
  updateProjectTemplate,
} from './templates.service';

// /s/project-management's templates tab (162). Whoever runs jobs reads them, to start a job
// from one; making and changing them needs 162. All in the project-management module.
const kind = SETTINGS_KINDS.projectTemplate;
const job = KINDS.customer_job;
const manage = permission(kind.codes.modify, job.feature);
const jobs = permission(job.codes.modify, job.feature);

export const templateRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: kind.apiPath,
    summary: 'The project templates, by name',
    access: jobs,
    response: z.array(projectTemplateSchema),
    handler: ({ db, actor }) => {
      if (actor.kind !== 'staff') throw forbidden();
      return listProjectTemplates(db);
    },
  }),
  defineRoute({
    method: 'POST',
    url: kind.apiPath,
    summary: 'Create a project template',
    access: manage,
    status: 201,
    body: projectTemplateInputSchema,
    response: projectTemplateSchema,
    handler: ({ db, actor, body }) => createProjectTemplate(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: `${kind.apiPath}/:id`,
    summary: 'Read a project template',
    access: jobs,
    params: idParams,
    response: projectTemplateSchema,
    handler: ({ db, params }) => getProjectTemplate(db, params.id),
  }),
  defineRoute({
    method: 'PUT',
    url: `${kind.apiPath}/:id`,
    summary: 'Edit a project template',
    access: manage,
    params: idParams,
    body: withVersion(projectTemplateInputSchema),
    response: projectTemplateSchema,
    handler: ({ db, actor, params, body }) => updateProjectTemplate(db, actor, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: `${kind.apiPath}/:id`,
    summary: 'Delete a project template',
    access: manage,
    status: 204,
    params: idParams,
    handler: ({ db, actor, params }) => deleteProjectTemplate(db, actor, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: `${job.apiPath}/:id/apply-template`,
    summary: "Give a job a template's tasks",
    access: jobs,
    status: 201,
    params: idParams,
    body: applyTemplateSchema,
    response: applyTemplateAnswerSchema,
    handler: ({ db, actor, params, body }) => applyTemplate(db, actor, params.id, body.template),
  }),
];
