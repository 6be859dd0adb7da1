import { KINDS, TIME_SOURCES, type TimeSource, WEEK_STATUSES, type WeekStatus } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { registerReference } from '../../platform/records/references';
import { companies } from '../companies';
import { customerJobs } from '../jobs';
import { tasks } from '../tasks';

/**
 * A stretch of someone's time on a task: opened by clocking in or changing task, closed by
 * clocking out, the next task, or the firm's automatic clock-out hour; or written by hand. A
 * person's entries never overlap (an exclusion constraint over their time ranges, migration
 * 0062), and at most one is running.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // The board's task, when the time was on one; its name is kept as it was then.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    taskName: text('task_name').notNull(),
    taskType: text('task_type'),
    customerJobId: uuid('customer_job_id').references(() => customerJobs.id, { onDelete: 'restrict' }),
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    entityName: text('entity_name'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Counted minutes after the firm's rounding, set when the entry closes (null while running).
    minutes: integer('minutes'),
    // What an hour of this person cost when the entry was made (cents), and so what it cost.
    costRateCents: bigint('cost_rate_cents', { mode: 'number' }),
    costCents: bigint('cost_cents', { mode: 'number' }),
    source: text('source').$type<TimeSource>().notNull().default('clock'),
    autoClosed: boolean('auto_closed').notNull().default(false),
    note: text('note').notNull().default(''),
    // Why it was last corrected (its history keeps every reason).
    reason: text('reason').notNull().default(''),
    // The day and week (a Monday) it counts in, in the firm's time zone when it was written.
    day: date('day', { mode: 'string' }).notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('time_entries_user_idx').on(t.firmId, t.userId, t.startedAt),
    index('time_entries_week_idx').on(t.userId, t.week),
    index('time_entries_start_idx').on(t.firmId, t.startedAt, t.id),
    index('time_entries_created_idx').on(t.firmId, t.createdAt, t.id),
    index('time_entries_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('time_entries_job_idx').on(t.customerJobId),
    index('time_entries_task_idx').on(t.taskId),
    index('time_entries_company_idx').on(t.companyId),
    // One running entry per person: clocking in twice at once leaves one.
    uniqueIndex('time_entries_running_uq').on(t.userId).where(sql`ended_at IS NULL`),
    check('time_entries_order_check', sql`ended_at IS NULL OR ended_at > started_at`),
    check('time_entries_minutes_check', sql`minutes IS NULL OR minutes >= 0`),
    check('time_entries_cost_check', sql`cost_rate_cents IS NULL OR cost_rate_cents >= 0`),
    check('time_entries_entity_check', sql`(entity_id IS NULL) = (entity_type IS NULL)`),
    check('time_entries_source_check', oneOf('source', TIME_SOURCES)),
    firmIsolation(t.firmId),
  ],
);

// A job, task's account or person with time on it keeps it: its labour cost is history.
registerReference(KINDS.customer_job, { table: timeEntries, column: timeEntries.customerJobId, noun: 'time entry' });
registerReference(KINDS.company, { table: timeEntries, column: timeEntries.companyId, noun: 'time entry' });

/**
 * A person's week of time (its Monday): open until they submit it, then approved by a manager
 * (51) or sent back open. A week without a row is open. Entries of a submitted or approved week
 * no longer change.
 */
export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    status: text('status').$type<WeekStatus>().notNull().default('open'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    returnNote: text('return_note').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('timesheet_weeks_user_week_uq').on(t.userId, t.week),
    index('timesheet_weeks_status_idx').on(t.firmId, t.status, t.week),
    check('timesheet_weeks_status_check', oneOf('status', WEEK_STATUSES)),
    check('timesheet_weeks_monday_check', sql`extract(isodow FROM week) = 1`),
    firmIsolation(t.firmId),
  ],
);
