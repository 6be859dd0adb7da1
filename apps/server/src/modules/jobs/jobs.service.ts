import {
  type CustomerJob,
  type CustomerJobRow,
  customerJobInputSchema,
  JOB_STATUS_LABELS,
  JOB_TRANSITIONS,
  type JobStatus,
  type JobTransition,
  KINDS,
} from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { announce } from '../../platform/events/events';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText, idsIn, yesNo } from '../../platform/lists/list';
import { defineRecordType, personColumn, refColumn, type Transition } from '../../platform/records/lifecycle';
import { assertAssignee, assertStaff } from '../../platform/records/records';
import { assertCompany, companies } from '../companies';
import { customers } from '../customers';
import { customerJobs, OPEN_JOBS } from './jobs.table';

type JobRow = typeof customerJobs.$inferSelect;
type JobInput = z.output<typeof customerJobInputSchema>;

/** The crew by name, in name order: `[{ _id, name }]`. */
const crewRefs = sql<{ _id: string; name: string }[]>`COALESCE((SELECT json_agg(json_build_object('_id', u.id,
  'name', trim(u.first_name || ' ' || u.last_name)) ORDER BY u.first_name, u.last_name)
  FROM users u WHERE u.id = ANY(${qualified(customerJobs.crew)})), '[]'::json)`;

/** The columns a job's input sets: its customer and account checked, its people on the staff. */
async function jobColumns(db: Executor, input: JobInput, before: JobRow | null) {
  const found = input.customer ? await customerOf(db, input.customer) : null;
  await assertCompany(db, input.company);
  // Another customer's job is their own account's, unless the input names one.
  const companyId =
    input.company ?? (found?.companyId && input.customer !== (before?.customerId ?? null) ? found.companyId : null);
  if (input.manager !== (before?.assignedTo ?? null)) await assertAssignee(db, input.manager, 'manager');
  // Once each; someone kept on the crew since they left stays, adding them is refused.
  const crew = [...new Set(input.crew)];
  await assertStaff(
    db,
    crew.filter((member) => !before?.crew.includes(member)),
    'crew',
  );
  return {
    customerId: input.customer,
    companyId,
    name: input.name,
    site: input.site,
    startDate: input.startDate,
    endDate: input.endDate,
    budgetRevenueCents: input.budgetRevenueCents,
    budgetCostCents: input.budgetCostCents,
    budgetHoursE2: Math.round(input.budgetHours * 100),
    assignedTo: input.manager,
    crew,
    tags: input.tags,
    notes: input.notes,
    searchText: buildSearchText([input.name, input.site.line1, input.site.city, found?.name ?? '', ...input.tags]),
  };
}

/** What a job's history and page show of it. */
const shown = (r: JobRow) => ({
  name: r.name,
  status: r.status,
  site: r.site,
  startDate: r.startDate,
  endDate: r.endDate,
  budgetRevenueCents: r.budgetRevenueCents,
  budgetCostCents: r.budgetCostCents,
  budgetHours: r.budgetHoursE2 / 100,
  tags: r.tags,
  notes: r.notes,
});

/** The transitions of a job's status (JOB_TRANSITIONS), refused with the state it is in. */
function jobTransitions(): Record<string, Transition<typeof customerJobs>> {
  const steps: Record<string, Transition<typeof customerJobs>> = Object.create(null);
  for (const [name, { from, to, done }] of Object.entries(JOB_TRANSITIONS) as [
    JobTransition,
    { from: readonly JobStatus[]; to: JobStatus; done: string },
  ][])
    steps[name] = {
      refuse: (row: JobRow) =>
        from.includes(row.status)
          ? null
          : `This job is ${JOB_STATUS_LABELS[row.status].toLowerCase()}: it cannot be ${done} now.`,
      set: () => ({ status: to }),
    };
  return steps;
}

const manager = personColumn(customerJobs.assignedTo);
const customer = refColumn(customerJobs.customerId, customers, customers.name);
const company = refColumn(customerJobs.companyId, companies, companies.name);
/** A project of the firm's own: a job without a customer. */
const isProject = sql<boolean>`${customerJobs.customerId} IS NULL`;

/** The list's extras: by customer and manager, the open ones, and projects or customers' jobs. */
const listFilters = {
  manager: idsIn(customerJobs.assignedTo, 'manager', true),
  open: yesNo(OPEN_JOBS, 'open'),
  customer: idsIn(customerJobs.customerId, 'customer', false),
  project: yesNo(isProject, 'project'),
};

/** The account a customer belongs to: a job for them is that account's unless the input says another. */
async function customerOf(db: Executor, id: string): Promise<{ name: string; companyId: string | null }> {
  const [found] = await db
    .select({ name: customers.name, companyId: customers.companyId })
    .from(customers)
    .where(eq(customers.id, id));
  if (!found) throw badRequest('Choose a customer from the list.', { customer: 'Choose a customer from the list.' });
  return found;
}

/** Jobs: a customer's remodel from planning to completion, or a project of the firm's own. */
export const customerJobType = defineRecordType<
  typeof customerJobs,
  typeof customerJobInputSchema,
  CustomerJob,
  CustomerJobRow
>({
  kind: KINDS.customer_job,
  table: customerJobs,
  input: customerJobInputSchema,
  title: (row) => row.name,
  search: {
    title: customerJobs.name,
    subtitle: sql<string>`concat_ws(' · ', COALESCE((${customer}) ->> 'name', 'Project'), NULLIF(${customerJobs.city}, ''))`,
    text: customerJobs.searchText,
  },
  columns: (db, _actor, input, before) => jobColumns(db, input, before),
  audited: (r) => ({ ...shown(r), customer: r.customerId, company: r.companyId, manager: r.assignedTo, crew: r.crew }),
  people: ['manager', 'crew'],
  names: {
    customer: { table: customers, id: customers.id, name: customers.name },
    company: { table: companies, id: companies.id, name: companies.name },
  },
  extra: { manager, customer, company, crew: crewRefs },
  detail: (r, extra) => ({
    ...shown(r),
    customer: extra.customer as CustomerJob['customer'],
    company: extra.company as CustomerJob['company'],
    project: r.customerId === null,
    manager: extra.manager as CustomerJob['manager'],
    crew: extra.crew as CustomerJob['crew'],
  }),
  // Deactivating a manager hands on their open jobs.
  assignable: { open: OPEN_JOBS },
  list: {
    defaultSort: '-created',
    filters: listFilters,
    rowFields: { customer, project: isProject, manager },
  },
  transitions: jobTransitions(),
  // A job made from a template gets its tasks (the tasks module listens), in the same transaction.
  afterCreate: async (db, actor, id, input) => {
    if (input.template) await announce(db, actor, 'job.created', { jobId: id, template: input.template });
  },
});
