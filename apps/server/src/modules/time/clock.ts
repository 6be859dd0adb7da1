import { type ChangeTask, type CurrentTask, changeTaskSchema, KINDS, type Profile } from '@atelier/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden } from '../../platform/http/errors';
import { getProfile } from '../../platform/identity/profile';
import { users } from '../../platform/identity/users.table';
import { buildSearchText } from '../../platform/lists/list';
import { allKinds, maySee } from '../../platform/records/entities';
import { assertCompany, companies } from '../companies';
import { customerJobs } from '../jobs';
import { tasks } from '../tasks';
import { timeEntries } from './time.table';
import { assertJob, assertNoOverlap, type TimeEntryDb, timeEntryType, visibleTask } from './time-entries.service';
import { assertWeekOpen, clockTime, closedFigures, dayAndWeek, dayIn, type TimeRules, timeRules } from './time-rules';

/** The name an entry takes when someone clocks in with no task chosen. */
export const NO_TASK = 'General';
/** A running entry younger than this is retasked rather than closed (no zero-length entries). */
const RETASK_MS = 1000;

const staffOnly = (actor: Actor) => {
  if (actor.kind !== 'staff') throw forbidden('Only the staff clock in.');
};

/** The person's row, locked: their clock actions happen one at a time. */
async function lockPerson(db: Executor, userId: string) {
  const [me] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return me!;
}

async function runningEntry(db: Executor, userId: string): Promise<TimeEntryDb | undefined> {
  const [row] = await db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.userId, userId), isNull(timeEntries.endedAt)))
    .for('update');
  return row;
}

/** What an entry stores of the task it is on. */
const taskColumns = (task: CurrentTask | null) => ({
  taskId: task?._id ?? null,
  taskName: task?.name ?? NO_TASK,
  taskType: task?.taskType ?? null,
  customerJobId: task?.customerJob?._id ?? null,
  entityType: task?.entityID?.entityType ?? null,
  entityId: task?.entityID?._id ?? null,
  entityName: task?.entityID?.name ?? null,
  companyId: task?.account?._id ?? null,
});

/** Opens a running entry on the task, from `at`, at the person's cost rate (with its history). */
async function openEntry(
  db: Executor,
  writer: AuditActor,
  person: { id: string; costRateCents: number | null },
  task: CurrentTask | null,
  at: Date,
  rules: TimeRules,
  note: string,
) {
  const { day, week } = dayAndWeek(at, rules.timeZone);
  await assertWeekOpen(db, person.id, week, writer.userId === person.id ? 'your' : 'their');
  await assertNoOverlap(db, person.id, at, null, null, rules);
  await timeEntryType.insert(db, writer, {
    userId: person.id,
    ...taskColumns(task),
    startedAt: at,
    costRateCents: person.costRateCents,
    source: 'clock',
    note,
    day,
    week,
    searchText: buildSearchText([task?.name ?? NO_TASK, task?.customerJob?.name ?? '', note]),
  });
}

/**
 * Closes a running entry at `at` (never before it started): its minutes rounded by the firm's
 * rule, its cost at its rate, its history saying how it closed. The automatic clock-out flags it.
 */
export async function closeEntry(
  db: Executor,
  writer: AuditActor,
  entry: TimeEntryDb,
  at: Date,
  rules: TimeRules,
  how: { action: string; autoClosed?: boolean; note?: string },
) {
  const end = new Date(Math.max(at.getTime(), entry.startedAt.getTime() + 1));
  const [after] = await db
    .update(timeEntries)
    .set({
      endedAt: end,
      ...closedFigures(entry.startedAt, end, rules, entry.costRateCents),
      autoClosed: how.autoClosed ?? false,
      ...(how.note ? { note: entry.note ? `${entry.note}\n${how.note}` : how.note } : {}),
      version: sql`${timeEntries.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: writer.userId,
    })
    .where(eq(timeEntries.id, entry.id))
    .returning();
  const [b, a] = await timeEntryType.audited(db, entry, after!);
  await recordAudit(db, writer, {
    entityType: KINDS.time_entry.key,
    entityId: entry.id,
    action: how.action,
    version: after!.version,
    before: b,
    after: a,
  });
  await db.update(users).set({ clockedIn: false, clockedInAt: null }).where(eq(users.id, entry.userId));
  return after!;
}

/** "since 8:02 AM", or "since Nov 23, 8:02 AM" when that was not today. */
function since(at: Date, rules: TimeRules, now: Date) {
  const day = dayIn(at, rules.timeZone);
  const when = clockTime(at, rules.timeZone);
  if (day === dayIn(now, rules.timeZone)) return when;
  const date = new Intl.DateTimeFormat('en-US', { timeZone: rules.timeZone, month: 'short', day: 'numeric' }).format(
    at,
  );
  return `${date}, ${when}`;
}

/**
 * The current task as it may still be timed: a board task, job or account deleted since it was
 * chosen is dropped from it (its name stays), so clocking in never fails on a stale link.
 */
async function stillThere(db: Executor, task: CurrentTask | null): Promise<CurrentTask | null> {
  if (!task) return null;
  const exists = async (table: typeof tasks | typeof customerJobs | typeof companies, id: string | undefined | null) =>
    !id || (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  return {
    ...task,
    _id: (await exists(tasks, task._id)) ? task._id : null,
    customerJob: (await exists(customerJobs, task.customerJob?._id)) ? task.customerJob : null,
    account: (await exists(companies, task.account?._id)) ? task.account : null,
  };
}

/** POST /profile/clock-in: a running entry on the current task (409 when already clocked in). */
export async function clockIn(db: Executor, actor: Actor, note: string, now = new Date()): Promise<Profile> {
  staffOnly(actor);
  const me = await lockPerson(db, actor.userId);
  const rules = await timeRules(db, actor.firmId);
  const running = await runningEntry(db, me.id);
  if (running) throw conflict(`You are already clocked in since ${since(running.startedAt, rules, now)}.`);
  await openEntry(db, actor, me, await stillThere(db, me.currentTask ?? null), now, rules, note);
  await db.update(users).set({ clockedIn: true, clockedInAt: now }).where(eq(users.id, me.id));
  return getProfile(db, actor);
}

/** POST /profile/clock-out: the running entry closes now (409 when not clocked in). */
export async function clockOut(db: Executor, actor: Actor, note: string, now = new Date()): Promise<Profile> {
  staffOnly(actor);
  const me = await lockPerson(db, actor.userId);
  const running = await runningEntry(db, me.id);
  if (!running) throw conflict('You are not clocked in.');
  await closeEntry(db, actor, running, now, await timeRules(db, actor.firmId), { action: 'clock-out', note });
  return getProfile(db, actor);
}

/** The record a task is about, by id alone: the board task's own, or one of a kind the actor may open. */
async function entityOf(
  db: Executor,
  actor: Actor,
  id: string,
  task: { entityId: string | null; entityType: string | null; entityName: string | null } | null,
) {
  if (task?.entityId === id && task.entityType)
    return { _id: id, entityType: task.entityType, name: task.entityName ?? '' };
  for (const kind of allKinds()) {
    if (!maySee(actor, kind)) continue;
    const found = await kind.find(db, id, actor);
    if (found) return { _id: id, entityType: kind.type, name: found.name };
  }
  throw badRequest('Choose a record you can open.', { 'metaData.entityID': 'Choose a record you can open.' });
}

/** The task named by change-task, its links checked to be this firm's and ones the actor may see. */
async function resolveTask(db: Executor, actor: Actor, body: z.output<typeof changeTaskSchema>): Promise<CurrentTask> {
  const task = body._id ? await visibleTask(db, actor, body._id, '_id') : null;
  const meta = body.metaData;
  const jobId = await assertJob(db, meta.customerJob ?? task?.customerJobId ?? null, 'metaData.customerJob');
  const accountId = meta.account ?? task?.companyId ?? null;
  await assertCompany(db, accountId, 'metaData.account');
  const entityId = meta.entityID ?? task?.entityId ?? null;
  const [job] = jobId
    ? await db
        .select({ _id: customerJobs.id, name: customerJobs.name })
        .from(customerJobs)
        .where(eq(customerJobs.id, jobId))
    : [];
  const [account] = accountId
    ? await db.select({ _id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, accountId))
    : [];
  return {
    _id: task?.id ?? null,
    name: body.task,
    customerJob: job ?? null,
    taskType: meta.taskType ?? task?.taskType ?? null,
    entityID: entityId ? await entityOf(db, actor, entityId, task ?? null) : null,
    account: account ?? null,
  };
}

/**
 * POST /profile/change-task (spec section 7): the task becomes the current one; while clocked
 * in, the running entry closes and the next opens at the same instant. Clocked out, only
 * `currentTask` changes.
 */
export async function changeTask(db: Executor, actor: Actor, body: ChangeTask, now = new Date()): Promise<Profile> {
  staffOnly(actor);
  const current = await resolveTask(db, actor, changeTaskSchema.parse(body));
  const me = await lockPerson(db, actor.userId);
  const running = await runningEntry(db, me.id);
  if (running) {
    const rules = await timeRules(db, actor.firmId);
    if (now.getTime() - running.startedAt.getTime() < RETASK_MS) {
      // Changed again at once: the entry just opened takes the new task instead of a zero-length one.
      const [after] = await db
        .update(timeEntries)
        .set({ ...taskColumns(current), version: sql`${timeEntries.version} + 1`, updatedBy: actor.userId })
        .where(eq(timeEntries.id, running.id))
        .returning();
      const [b, a] = await timeEntryType.audited(db, running, after!);
      await recordAudit(db, actor, {
        entityType: KINDS.time_entry.key,
        entityId: running.id,
        action: 'change-task',
        version: after!.version,
        before: b,
        after: a,
      });
    } else {
      await closeEntry(db, actor, running, now, rules, { action: 'change-task' });
      await openEntry(db, actor, me, current, now, rules, '');
      await db.update(users).set({ clockedIn: true, clockedInAt: now }).where(eq(users.id, me.id));
    }
  }
  await db.update(users).set({ currentTask: current }).where(eq(users.id, me.id));
  return getProfile(db, actor);
}
