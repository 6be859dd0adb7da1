import { hasCode, KINDS, P, type TimeEntry, type TimeEntryRow, timeEntryInputSchema } from '@atelier/contracts';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { buildSearchText, dateBound, idsIn, likePattern } from '../../platform/lists/list';
import { defineRecordType, personColumn, refColumn } from '../../platform/records/lifecycle';
import { activeStaffOrNone } from '../../platform/records/records';
import { companies } from '../companies';
import { customerJobs } from '../jobs';
import { tasks } from '../tasks';
import { timeEntries, timesheetWeeks } from './time.table';
import {
  assertWeekOpen,
  clockTime,
  closedFigures,
  dayAndWeek,
  dayWords,
  type TimeRules,
  timeRules,
} from './time-rules';

type Input = z.output<typeof timeEntryInputSchema>;
export type TimeEntryDb = typeof timeEntries.$inferSelect;

/** Modify-employees (51): everyone's time, corrected and approved; without it, only one's own. */
export const keepsEveryonesTime = (actor: Pick<Actor, 'codes'>) => hasCode(actor.codes, P.MODIFY_EMPLOYEES);

export const entryTitle = (r: Pick<TimeEntryDb, 'taskName' | 'day'>) => `${r.taskName} on ${dayWords(r.day)}`;

/** A job chosen for time is one of the firm's (another firm's is not found): else 400 on `field`. */
export async function assertJob(db: Executor, id: string | null, field = 'customerJob'): Promise<string | null> {
  if (!id) return null;
  const [found] = await db.select({ id: customerJobs.id }).from(customerJobs).where(eq(customerJobs.id, id));
  if (!found) throw badRequest('Choose a job from the list.', { [field]: 'Choose a job from the list.' });
  return id;
}

/** One of the firm's tasks the actor may see (their own without view-all-tasks), or 400 on `field`. */
export async function visibleTask(db: Executor, actor: Actor, id: string, field: string) {
  const [found] = await db.select().from(tasks).where(eq(tasks.id, id));
  const sees = found && (hasCode(actor.codes, P.VIEW_ALL_TASKS) || found.assignedTo === actor.userId);
  if (!sees) throw badRequest('Choose a task from the board.', { [field]: 'Choose a task from the board.' });
  return found;
}

/**
 * 409 naming the entry a range would overlap (the exclusion constraint is the backstop for two
 * writes at once): a person is in one place at a time.
 */
export async function assertNoOverlap(
  db: Executor,
  userId: string,
  start: Date,
  end: Date | null,
  except: string | null,
  rules: TimeRules,
) {
  const [other] = await db
    .select({ taskName: timeEntries.taskName, startedAt: timeEntries.startedAt, endedAt: timeEntries.endedAt })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        except ? ne(timeEntries.id, except) : undefined,
        or(isNull(timeEntries.endedAt), gt(timeEntries.endedAt, start)),
        end ? lt(timeEntries.startedAt, end) : undefined,
      ),
    )
    .limit(1);
  if (!other) return;
  const from = `${dayWords(dayAndWeek(other.startedAt, rules.timeZone).day)} ${clockTime(other.startedAt, rules.timeZone)}`;
  const until = other.endedAt ? clockTime(other.endedAt, rules.timeZone) : 'now (still running)';
  throw conflict(`This overlaps "${other.taskName}" from ${from} to ${until}.`);
}

/** The columns an entry's input sets: whose it is, its links checked, its week open, its figures. */
async function entryColumns(db: Executor, actor: Actor, input: Input, before: TimeEntryDb | null) {
  const userId = before?.userId ?? input.person ?? actor.userId;
  if (before && input.person && input.person !== before.userId)
    throw badRequest('An entry stays with its person.', { person: 'An entry stays with its person.' });
  if (userId !== actor.userId && !keepsEveryonesTime(actor))
    throw forbidden('Only those who may modify employees (51) keep time for others.');
  if (!before && userId !== actor.userId && !(await activeStaffOrNone(db, userId)))
    throw badRequest('Choose someone who works here.', { person: 'Choose someone from the list.' });
  if (before && before.endedAt !== null && !input.reason)
    throw badRequest('Say why this entry changes.', { reason: 'Say why this entry changes.' });
  if (!input.endedAt && !(before && before.endedAt === null))
    throw badRequest('Enter when it ended.', { endedAt: 'Enter when it ended.' });
  const start = new Date(input.startedAt);
  const end = input.endedAt ? new Date(input.endedAt) : null;
  const now = Date.now() + 60_000;
  if (start.getTime() > now)
    throw badRequest('An entry cannot start in the future.', { startedAt: 'Use a time that has passed.' });
  if (end && end.getTime() > now)
    throw badRequest('An entry cannot end in the future.', { endedAt: 'Use a time that has passed.' });

  const rules = await timeRules(db, actor.firmId);
  const whose = userId === actor.userId ? 'your' : 'their';
  const { day, week } = dayAndWeek(start, rules.timeZone);
  if (before && before.week !== week) await assertWeekOpen(db, userId, before.week, whose);
  await assertWeekOpen(db, userId, week, whose);
  await assertNoOverlap(db, userId, start, end, before?.id ?? null, rules);

  const task = input.taskId ? await visibleTask(db, actor, input.taskId, 'taskId') : null;
  const jobId = await assertJob(db, input.customerJob ?? task?.customerJobId ?? null);
  const [person] = await db.select({ rate: users.costRateCents }).from(users).where(eq(users.id, userId));
  // The rate an entry was made at stays with it: a later raise does not rewrite past labour cost.
  const rate = before ? before.costRateCents : (person?.rate ?? null);
  const figures = end ? closedFigures(start, end, rules, rate) : { minutes: null, costCents: null };
  const [job] = jobId
    ? await db.select({ name: customerJobs.name }).from(customerJobs).where(eq(customerJobs.id, jobId))
    : [];
  return {
    userId,
    taskId: task?.id ?? null,
    taskName: input.task,
    taskType: task ? task.taskType : (before?.taskType ?? null),
    customerJobId: jobId,
    entityType: task ? task.entityType : (before?.entityType ?? null),
    entityId: task ? task.entityId : (before?.entityId ?? null),
    entityName: task ? task.entityName : (before?.entityName ?? null),
    companyId: task ? task.companyId : (before?.companyId ?? null),
    startedAt: start,
    endedAt: end,
    ...figures,
    costRateCents: rate,
    source: before?.source ?? ('manual' as const),
    // A corrected entry is no longer the automatic clock-out's guess.
    autoClosed: false,
    note: input.note,
    reason: input.reason,
    day,
    week,
    searchText: buildSearchText([input.task, job?.name ?? '', input.note]),
  };
}

const person = personColumn(timeEntries.userId);
/** A timestamp as the API writes instants (ISO 8601, UTC), or null. */
const iso = (column: typeof timeEntries.startedAt | typeof timeEntries.endedAt) =>
  sql<string | null>`to_char(${qualified(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const customerJob = refColumn(timeEntries.customerJobId, customerJobs, customerJobs.name);
const account = refColumn(timeEntries.companyId, companies, companies.name);
const locked = sql<boolean>`EXISTS (SELECT 1 FROM ${timesheetWeeks} w WHERE w.user_id = ${qualified(timeEntries.userId)}
  AND w.week = ${qualified(timeEntries.week)} AND w.status <> 'open')`;

/** What an entry's record and the timesheet read with its row: names of its links, and its week's lock. */
export const entryExtra = { person, customerJob, account, locked };

/** An entry as the timesheet and its page show it (cost fields are stripped for those without 53). */
export const entryDetail = (
  r: TimeEntryDb,
  extra: { person: unknown; customerJob: unknown; account: unknown; locked: unknown },
): Omit<TimeEntry, '_id' | 'version' | 'archived' | 'createdAt' | 'updatedAt' | 'updatedBy'> => ({
  name: entryTitle(r),
  person: extra.person as TimeEntry['person'],
  task: r.taskName,
  taskId: r.taskId,
  taskType: r.taskType,
  customerJob: extra.customerJob as TimeEntry['customerJob'],
  account: extra.account as TimeEntry['account'],
  startedAt: r.startedAt.toISOString(),
  endedAt: r.endedAt?.toISOString() ?? null,
  minutes: r.minutes,
  source: r.source,
  autoClosed: r.autoClosed,
  note: r.note,
  reason: r.reason,
  day: r.day,
  week: r.week,
  costRateCents: r.costRateCents,
  costCents: r.costCents,
  locked: Boolean(extra.locked),
});

/** Time entries: the timesheet's rows (issue 21). */
export const timeEntryType = defineRecordType<typeof timeEntries, typeof timeEntryInputSchema, TimeEntry, TimeEntryRow>(
  {
    kind: KINDS.time_entry,
    table: timeEntries,
    input: timeEntryInputSchema,
    title: (row) => entryTitle(row),
    columns: (db, actor, input, before) => entryColumns(db, actor, input, before),
    audited: (r) => ({
      person: r.userId,
      task: r.taskName,
      customerJob: r.customerJobId,
      startedAt: r.startedAt.toISOString(),
      endedAt: r.endedAt?.toISOString() ?? null,
      minutes: r.minutes,
      costCents: r.costCents,
      autoClosed: r.autoClosed,
      note: r.note,
      reason: r.reason,
    }),
    people: ['person'],
    names: { customerJob: { table: customerJobs, id: customerJobs.id, name: customerJobs.name } },
    extra: entryExtra,
    detail: (r, extra) => entryDetail(r, extra as Parameters<typeof entryDetail>[1]),
    narrow: {
      where: (actor) => (keepsEveryonesTime(actor) ? undefined : eq(timeEntries.userId, actor.userId)),
      sees: (actor, row) => keepsEveryonesTime(actor) || row.userId === actor.userId,
    },
    mayChange: async (db, actor, row) => {
      await assertWeekOpen(db, row.userId, row.week, row.userId === actor.userId ? 'your' : 'their');
    },
    list: {
      defaultSort: '-start',
      rowFields: {
        version: timeEntries.version,
        person,
        task: timeEntries.taskName,
        customerJob,
        startedAt: iso(timeEntries.startedAt),
        endedAt: iso(timeEntries.endedAt),
        source: timeEntries.source,
      },
      search: (q) => sql`${timeEntries.searchText} LIKE ${likePattern(q.toLowerCase().trim())}`,
      filters: {
        person: idsIn(timeEntries.userId, 'person'),
        job: idsIn(timeEntries.customerJobId, 'job', true),
        from: dateBound(timeEntries.day, 'from', 'from'),
        to: dateBound(timeEntries.day, 'to', 'to'),
      },
    },
    afterWrite: async (db, row, before) => {
      // The running entry given an end is no longer running: its person is clocked out.
      if (before?.endedAt === null && row.endedAt !== null)
        await db.update(users).set({ clockedIn: false, clockedInAt: null }).where(eq(users.id, row.userId));
    },
    afterDelete: async (db, _actor, row) => {
      if (row.endedAt === null)
        await db.update(users).set({ clockedIn: false, clockedInAt: null }).where(eq(users.id, row.userId));
    },
  },
);
