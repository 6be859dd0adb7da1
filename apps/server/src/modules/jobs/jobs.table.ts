import { JOB_STATUSES, type JobSite, type JobStatus, KINDS, OPEN_JOB_STATUSES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customers } from '../customers';

/** Neither completed nor cancelled: the jobs someone still works on. */
export const OPEN_JOBS = oneOf('status', OPEN_JOB_STATUSES);

/**
 * A job: a customer's, or without a customer a project of the firm's own (decision 0033).
 * Tasks, files and, as they come, the documents of selling and accounting belong to it.
 */
export const customerJobs = pgTable(
  'customer_jobs',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    // The `name` sort and prefix search (decision 0006).
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    // None for a project; a customer's job keeps its customer.
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    status: text('status').$type<JobStatus>().notNull().default('planned'),
    site: jsonb('site').$type<JobSite>().notNull(),
    city: text('city').notNull().generatedAlwaysAs(sql`COALESCE(site ->> 'city', '')`),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    // The `start` sort: a keyset cannot page over NULLs, so "no date" sorts as infinity (last).
    startKey: date('start_key', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`COALESCE(start_date, 'infinity'::date)`),
    budgetRevenueCents: bigint('budget_revenue_cents', { mode: 'number' }).notNull().default(0),
    budgetCostCents: bigint('budget_cost_cents', { mode: 'number' }).notNull().default(0),
    // Hundredths of an hour.
    budgetHoursE2: integer('budget_hours_e2').notNull().default(0),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    crew: uuid('crew').array().notNull().default(sql`'{}'::uuid[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('customer_jobs_name_idx').on(t.firmId, t.nameKey, t.id),
    index('customer_jobs_start_idx').on(t.firmId, t.startKey, t.id),
    index('customer_jobs_created_idx').on(t.firmId, t.createdAt, t.id),
    index('customer_jobs_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('customer_jobs_status_idx').on(t.firmId, t.status, t.id),
    index('customer_jobs_customer_idx').on(t.customerId),
    index('customer_jobs_company_idx').on(t.companyId),
    index('customer_jobs_assigned_idx').on(t.firmId, t.assignedTo),
    index('customer_jobs_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('customer_jobs_status_check', oneOf('status', JOB_STATUSES)),
    check('customer_jobs_dates_check', sql`end_date IS NULL OR start_date IS NULL OR end_date >= start_date`),
    check(
      'customer_jobs_budget_check',
      sql`budget_revenue_cents >= 0 AND budget_cost_cents >= 0 AND budget_hours_e2 >= 0`,
    ),
    // An account's job is a customer's: a project has neither.
    check('customer_jobs_company_check', sql`company_id IS NULL OR customer_id IS NOT NULL`),
    firmIsolation(t.firmId),
  ],
);

// A customer or an account with jobs is not deleted: the jobs are their history.
registerReference(KINDS.customer, { table: customerJobs, column: customerJobs.customerId, noun: 'job' });
registerReference(KINDS.company, { table: customerJobs, column: customerJobs.companyId, noun: 'job' });
