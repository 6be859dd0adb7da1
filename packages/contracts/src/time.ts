import { z } from 'zod';
import { calendarAddDays } from './calendar-kinds';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

/**
 * Time: clocking in and out on the current task, the timesheet of entries per week, and what an
 * hour costs the firm (issue 21, DOMAIN "Projects, people and time").
 */

const namedRef = z.strictObject({ _id: z.uuid(), name: z.string() });
const words = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max.toLocaleString('en-US')} characters.`);
/** An instant as ISO 8601 with its offset (`2026-11-24T08:30:00-05:00` or `…Z`). */
const instantSchema = z.iso.datetime({ offset: true, error: 'Enter a date and time.' });

/** The task being timed (spec section 3's `currentTask`): a task of the board, or a name alone. */
export const currentTaskSchema = z.strictObject({
  /** The board's task, when it is one. */
  _id: z.uuid().nullable(),
  name: z.string(),
  customerJob: namedRef.nullable(),
  taskType: z.string().nullable(),
  entityID: z.strictObject({ _id: z.uuid(), entityType: z.string(), name: z.string() }).nullable(),
  account: namedRef.nullable(),
});
export type CurrentTask = z.output<typeof currentTaskSchema>;

/**
 * POST /profile/change-task (spec section 7): the task by name, and what it is about. With the
 * board's task's `_id`, its job, record and account are the task's own where metaData leaves
 * them out. Closes the running time entry and opens the next while clocked in.
 */
export const changeTaskSchema = z.strictObject({
  task: z.string({ error: 'Name the task.' }).trim().min(1, 'Name the task.').max(200, 'Use at most 200 characters.'),
  _id: z.uuid('Choose a task from the board.').nullable().default(null),
  metaData: z
    .strictObject({
      customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
      taskType: words(60).nullable().default(null),
      entityID: z.uuid('Choose a record.').nullable().default(null),
      account: z.uuid('Choose an account from the list.').nullable().default(null),
    })
    .default({ customerJob: null, taskType: null, entityID: null, account: null }),
});
export type ChangeTask = z.input<typeof changeTaskSchema>;

/** POST /profile/clock-in and /profile/clock-out: an optional note for the entry. */
export const clockSchema = z.strictObject({ note: words(500).default('') });

export const TIME_SOURCES = ['clock', 'manual'] as const;
export type TimeSource = (typeof TIME_SOURCES)[number];

/**
 * A time entry written by hand (POST /time-entries) or corrected (PUT, with the version and a
 * reason, which its history keeps). Someone else's entry needs modify-employees (51).
 */
export const timeEntryInputSchema = z
  .strictObject({
    /** Whose time: the signed-in person unless said. */
    person: z.uuid('Choose someone from the list.').nullable().default(null),
    task: z.string({ error: 'Name the task.' }).trim().min(1, 'Name the task.').max(200, 'Use at most 200 characters.'),
    taskId: z.uuid('Choose a task from the board.').nullable().default(null),
    customerJob: z.uuid('Choose a job from the list.').nullable().default(null),
    startedAt: instantSchema,
    /** Empty only for the entry that is running (clocked in). */
    endedAt: instantSchema.nullable().default(null),
    note: words(500).default(''),
    /** Why a recorded entry changed: required to edit one, kept in its history. */
    reason: words(300).default(''),
  })
  .superRefine((e, ctx) => {
    if (e.endedAt && Date.parse(e.endedAt) <= Date.parse(e.startedAt))
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'End the entry after it starts.' });
    if (e.endedAt && Date.parse(e.endedAt) - Date.parse(e.startedAt) > 24 * 3600_000)
      ctx.addIssue({ code: 'custom', path: ['endedAt'], message: 'An entry lasts at most 24 hours.' });
  });
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;

/** A time entry as its page and the timesheet read it. Cost figures only for holders of 53. */
export const timeEntrySchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  person: personRefSchema,
  task: z.string(),
  taskId: z.uuid().nullable(),
  taskType: z.string().nullable(),
  customerJob: namedRef.nullable(),
  account: namedRef.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Minutes counted after the firm's rounding; null while running. */
  minutes: z.number().int().nullable(),
  source: z.enum(TIME_SOURCES),
  /** Closed by the firm's automatic clock-out hour, not by the person. */
  autoClosed: z.boolean(),
  note: z.string(),
  reason: z.string(),
  /** The day (the firm's time zone) and the week (its Monday) it counts in. */
  day: z.string(),
  week: z.string(),
  /** Hourly cost and this entry's labour cost, in cents (53 only). */
  costRateCents: z.number().int().nullable().optional(),
  costCents: z.number().int().nullable().optional(),
  /** Whether its week is submitted or approved (then it no longer changes). */
  locked: z.boolean(),
});
export type TimeEntry = z.output<typeof timeEntrySchema>;

/** A row of the entries list (GET /time-entries). */
export const timeEntryRowSchema = z.strictObject({
  ...rowMetaShape,
  version: z.number().int(),
  person: personRefSchema,
  task: z.string(),
  customerJob: namedRef.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  minutes: z.number().int().nullable(),
  autoClosed: z.boolean(),
  source: z.enum(TIME_SOURCES),
  costCents: z.number().int().nullable().optional(),
});
export type TimeEntryRow = z.output<typeof timeEntryRowSchema>;

export const WEEK_STATUSES = ['open', 'submitted', 'approved'] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number];
export const WEEK_STATUS_LABELS: Record<WeekStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
};

/** GET /timesheet?person&week: one person's week, day by day, with its totals and state. */
export const timesheetSchema = z.strictObject({
  person: personRefSchema,
  /** The week's Monday, and its state (a week nobody submitted is open). */
  week: z.string(),
  status: z.enum(WEEK_STATUSES),
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  decidedBy: personRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** What the manager said when returning the week. */
  returnNote: z.string(),
  days: z.array(
    z.strictObject({
      date: z.string(),
      minutes: z.number().int(),
      entries: z.array(timeEntrySchema),
    }),
  ),
  totals: z.strictObject({
    minutes: z.number().int(),
    /** Minutes over the firm's weekly overtime threshold. */
    overtimeMinutes: z.number().int(),
    /** Entries closed by the automatic clock-out, to check. */
    flagged: z.number().int(),
    /** Labour cost in cents (53 only). */
    costCents: z.number().int().nullable().optional(),
  }),
  /** Whether the viewer may submit it (their own, open, nothing running) or approve it (51). */
  maySubmit: z.boolean(),
  mayDecide: z.boolean(),
});
export type Timesheet = z.output<typeof timesheetSchema>;

/** POST /timesheet/submit, /approve, /return: the person's week, on the version read. */
export const weekActionSchema = z.strictObject({
  person: z.uuid('Choose someone from the list.').nullable().default(null),
  week: calendarDateSchema,
  version: z.number({ error: 'Say which version you read.' }).int().min(0),
  /** Why a manager sends the week back (return only). */
  note: words(500).default(''),
});
export type WeekAction = z.input<typeof weekActionSchema>;

/** GET /timesheet/pending (51): submitted weeks waiting for approval. */
export const pendingWeekSchema = z.strictObject({
  person: personRefSchema,
  week: z.string(),
  minutes: z.number().int(),
  submittedAt: z.string(),
});
export const pendingWeeksSchema = z.array(pendingWeekSchema);
export type PendingWeek = z.output<typeof pendingWeekSchema>;

/**
 * GET /employees/{id}/time (the employee's accounting tab) and a job's labour: hours by job, and
 * the labour cost for holders of 53. Minutes are after rounding; running entries are left out.
 */
export const labourByJobSchema = z.strictObject({
  customerJob: namedRef.nullable(),
  minutes: z.number().int(),
  costCents: z.number().int().nullable().optional(),
});
export const employeeTimeSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  minutes: z.number().int(),
  costCents: z.number().int().nullable().optional(),
  costRateCents: z.number().int().nullable().optional(),
  byJob: z.array(labourByJobSchema),
});
export type EmployeeTime = z.output<typeof employeeTimeSchema>;

/** GET /customer-jobs/{id}/labour: hours against the budget, the cost, and who worked them. */
export const jobLabourSchema = z.strictObject({
  minutes: z.number().int(),
  budgetMinutes: z.number().int(),
  /** Labour cost in cents: the job's totals are seen without 53 (rates never are). */
  costCents: z.number().int(),
  byPerson: z.array(
    z.strictObject({ person: personRefSchema, minutes: z.number().int(), costCents: z.number().int() }),
  ),
});
export type JobLabour = z.output<typeof jobLabourSchema>;

/** Rounding steps the firm may choose, in minutes (1 counts minutes as they are). */
export const ROUNDING_STEPS = [1, 5, 6, 10, 15, 30] as const;

/** Minutes counted for an entry of `raw` minutes: rounded half-up to the firm's step. */
export function roundMinutes(raw: number, step: number): number {
  if (step <= 1) return Math.round(raw);
  return Math.round(raw / step) * step;
}

/** 90 → "1:30": hours and minutes as a timesheet writes them. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(minutes);
  return `${sign}${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

const wallParts = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The wall-clock time (`YYYY-MM-DDTHH:mm`) an instant shows in a time zone. */
export function wallClock(instant: Date | number, timeZone: string): string {
  const parts = wallParts(timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/**
 * The instant a wall-clock time (`YYYY-MM-DDTHH:mm`) means in a time zone: the zone's offset
 * found at a first guess and applied, then once more in case daylight saving moved it between.
 */
export function instantAt(wall: string, timeZone: string): Date {
  const guess = Date.parse(`${wall}:00Z`);
  const offsetAt = (at: number) => Date.parse(`${wallClock(at, timeZone)}:00Z`) - Math.floor(at / 60_000) * 60_000;
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** The Monday of the week a calendar date (YYYY-MM-DD) falls in: timesheet weeks start on Monday. */
export const mondayOf = (day: string): string =>
  calendarAddDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
