import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmIsolation, id, oneOf } from '../../db/columns';
import { firms } from '../identity/firms.table';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'skipped'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background work, one row per job (decision 0020). A job carries its firm and runs in that
 * firm's scope; jobs without a firm are the platform's own (sealing the audit log, purging
 * expired sessions, a sign-up's email) and reach data only through named functions. A recurring
 * job is one row per firm (its `key`), armed again each period once its last run has ended.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Recurring jobs: one row per job and firm, never two. */
    key: text('key'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`status IN ('queued', 'running')`),
    index('jobs_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('jobs_key_uq').on(t.name, t.key),
    check('jobs_status_check', oneOf('status', JOB_STATUSES)),
    firmIsolation(t.firmId),
  ],
);
