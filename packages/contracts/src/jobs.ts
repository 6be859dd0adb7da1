import { z } from 'zod';
import { calendarDateSchema, personRefSchema, recordMetaShape, tagsSchema } from './records';

/**
 * A job's states (DOMAIN "Projects, people and time"): planned until it has dates, scheduled,
 * under way, on hold, then completed or cancelled. Changed by transitions, never by an edit.
 */
export const JOB_STATUSES = ['planned', 'scheduled', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  planned: 'Planned',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  on_hold: 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** Jobs someone still works on: the ones a deactivated manager's are handed on from. */
export const OPEN_JOB_STATUSES: readonly JobStatus[] = ['planned', 'scheduled', 'in_progress', 'on_hold'];

/**
 * POST /{customer-jobs|projects}/{id}/{transition}: the states each one leaves from, where it
 * goes, and how a refusal says it ("cannot be started now").
 */
export const JOB_TRANSITIONS = {
  schedule: { from: ['planned'], to: 'scheduled', done: 'scheduled' },
  start: { from: ['planned', 'scheduled', 'on_hold'], to: 'in_progress', done: 'started' },
  hold: { from: ['scheduled', 'in_progress'], to: 'on_hold', done: 'put on hold' },
  complete: { from: ['in_progress', 'on_hold'], to: 'completed', done: 'completed' },
  cancel: { from: ['planned', 'scheduled', 'in_progress', 'on_hold'], to: 'cancelled', done: 'cancelled' },
  reopen: { from: ['completed', 'cancelled'], to: 'planned', done: 'reopened' },
} as const satisfies Record<string, { from: readonly JobStatus[]; to: JobStatus; done: string }>;
export type JobTransition = keyof typeof JOB_TRANSITIONS;

const MAX_CENTS = 100_000_000_00;
const amount = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(0, 'Use 0 or more.')
  .max(MAX_CENTS, 'That amount is too large.')
  .default(0);

/** Where the work is done. Blank lines are kept blank: a project may have no site. */
export const jobSiteSchema = z.strictObject({
  line1: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  line2: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  city: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
  region: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
  postalCode: z.string().trim().max(20, 'Use at most 20 characters.').default(''),
  country: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
});
export type JobSite = z.output<typeof jobSiteSchema>;
/** No site yet (every line blank). */
export const NO_JOB_SITE: JobSite = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

/**
 * A job (POST /customer-jobs, PUT /customer-jobs/{id}): a customer's, or, without a customer,
 * a project of the firm's own (a showroom refit, a trade show; decision 0033). Its status moves
 * by transitions, never by an edit.
 */
export const customerJobInputSchema = z
  .strictObject({
    /** None: a project of the firm's own. */
    customer: z.uuid('Choose a customer from the list.').nullable().default(null),
    /** The customer's account (their own by default); a project has none. */
    company: z.uuid('Choose an account from the list.').nullable().default(null),
    name: z.string().trim().min(1, 'Name the job.').max(160, 'Use at most 160 characters.'),
    site: jobSiteSchema.default(NO_JOB_SITE),
    startDate: calendarDateSchema.nullable().default(null),
    endDate: calendarDateSchema.nullable().default(null),
    /** The budget: what the work should bring in and cost, and the hours of labour it should take. */
    budgetRevenueCents: amount,
    budgetCostCents: amount,
    budgetHours: z.coerce
      .number({ error: 'Enter a number of hours.' })
      .min(0, 'Use 0 or more.')
      .max(1_000_000, 'That is too many hours.')
      .multipleOf(0.01, 'Use at most two decimals.')
      .default(0),
    manager: z.uuid('Choose someone from the list.').nullable().default(null),
    crew: z.array(z.uuid('Choose people from the list.')).max(50, 'A crew is at most 50 people.').default([]),
    tags: tagsSchema.default([]),
    notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
    /** On create: the project template whose tasks the new job starts with (an edit ignores it). */
    template: z.uuid('Choose a template from the list.').nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End on or after the start date.' });
    if (v.company && !v.customer)
      ctx.addIssue({
        code: 'custom',
        path: ['company'],
        message: 'A project has no account: choose a customer first.',
      });
  });
export type CustomerJobInput = z.input<typeof customerJobInputSchema>;

/** A job as its page reads it. */
export const customerJobSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  customer: personRefSchema.nullable(),
  company: personRefSchema.nullable(),
  /** Without a customer: the firm's own project. */
  project: z.boolean(),
  status: z.enum(JOB_STATUSES),
  site: jobSiteSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  budgetRevenueCents: z.number().int(),
  budgetCostCents: z.number().int(),
  budgetHours: z.number(),
  manager: personRefSchema.nullable(),
  crew: z.array(personRefSchema),
  tags: z.array(z.string()),
  notes: z.string(),
});
export type CustomerJob = z.output<typeof customerJobSchema>;

/** A row of the jobs list (GET /customer-jobs). */
export const customerJobRowSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  customer: personRefSchema.nullable(),
  project: z.boolean(),
  status: z.enum(JOB_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  manager: personRefSchema.nullable(),
  budgetRevenueCents: z.number().int(),
  city: z.string(),
  tags: z.array(z.string()),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomerJobRow = z.output<typeof customerJobRowSchema>;
