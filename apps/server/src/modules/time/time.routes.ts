import {
  changeTaskSchema,
  clockSchema,
  employeeTimeSchema,
  jobLabourSchema,
  KINDS,
  P,
  pendingWeeksSchema,
  profileSchema,
  timesheetSchema,
  weekActionSchema,
} from '@atelier/contracts';
import { z } from 'zod';
import { permission } from '../../platform/http/access';
import { idParams } from '../../platform/http/params';
import { type AnyRoute, defineRoute } from '../../platform/http/routes';
import { recordTypeRoutes } from '../../platform/records/crud-routes';
import { changeTask, clockIn, clockOut } from './clock';
import { employeeTime, jobLabour } from './labour';
import { timeEntryType } from './time-entries.service';
import { getTimesheet, pendingWeeks, weekStep } from './timesheet';

// Everyone on the staff keeps their own time (generic, 200); customers never clock in.
const staff = permission(P.GENERIC);
const job = KINDS.customer_job;

const weekSteps = (['submit', 'approve', 'return'] as const).map((step) =>
  defineRoute({
    method: 'POST',
    url: `/timesheet/${step}`,
    summary: {
      submit: 'Submit your week for approval',
      approve: "Approve someone's submitted week (51)",
      return: "Send someone's week back to correct, with a note (51)",
    }[step],
    access: staff,
    body: weekActionSchema,
    response: timesheetSchema,
    handler: ({ db, actor, body }) => weekStep(db, actor, step, body),
  }),
);

export const timeRoutes: AnyRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/profile/clock-in',
    summary: 'Clock in on the current task (409 when already clocked in)',
    access: staff,
    body: clockSchema,
    response: profileSchema,
    handler: ({ db, actor, body }) => clockIn(db, actor, body.note),
  }),
  defineRoute({
    method: 'POST',
    url: '/profile/clock-out',
    summary: 'Clock out: the running time entry closes',
    access: staff,
    body: clockSchema,
    response: profileSchema,
    handler: ({ db, actor, body }) => clockOut(db, actor, body.note),
  }),
  defineRoute({
    method: 'POST',
    url: '/profile/change-task',
    summary: 'Change the current task (spec section 7): while clocked in, the running entry closes and the next opens',
    access: staff,
    body: changeTaskSchema,
    response: profileSchema,
    handler: ({ db, actor, body }) => changeTask(db, actor, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/timesheet',
    summary: "A person's week of time: yours, or anyone's with 51",
    access: staff,
    query: z.strictObject({ person: z.string().optional(), week: z.string().optional() }),
    response: timesheetSchema,
    handler: ({ db, actor, query }) => getTimesheet(db, actor, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/timesheet/pending',
    summary: 'Submitted weeks waiting for approval (51)',
    access: permission(P.MODIFY_EMPLOYEES),
    response: pendingWeeksSchema,
    handler: ({ db, actor }) => pendingWeeks(db, actor),
  }),
  ...weekSteps,
  ...recordTypeRoutes(timeEntryType),
  defineRoute({
    method: 'GET',
    url: `${KINDS.employee.apiPath}/:id/time`,
    summary: "An employee's hours (and labour cost, with 53) by job over a range: yours, or anyone's with 51",
    access: staff,
    params: idParams,
    query: z.strictObject({ from: z.string().optional(), to: z.string().optional() }),
    response: employeeTimeSchema,
    handler: ({ db, actor, params, query }) => employeeTime(db, actor, params.id, query),
  }),
  defineRoute({
    method: 'GET',
    url: `${job.apiPath}/:id/labour`,
    summary: "A job's hours against its budget and their labour cost, by person (no rates)",
    access: permission(job.codes.modify, job.feature),
    params: idParams,
    response: jobLabourSchema,
    handler: ({ db, params }) => jobLabour(db, params.id),
  }),
];
