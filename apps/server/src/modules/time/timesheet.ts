import {
  calendarAddDays,
  hasCode,
  KINDS,
  mondayOf,
  P,
  type PendingWeek,
  type TimeEntry,
  type Timesheet,
  WEEK_STATUS_LABELS,
  type WeekAction,
  weekActionSchema,
} from '@atelier/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { notify } from '../../platform/notifications/notifications.service';
import { personColumn } from '../../platform/records/lifecycle';
import { timeEntries, timesheetWeeks } from './time.table';
import { entryDetail, entryExtra, keepsEveryonesTime } from './time-entries.service';
import { dayIn, dayWords, lockWeek, timeRules } from './time-rules';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const seesCost = (actor: Actor) => hasCode(actor.codes, P.EMPLOYEE_SETTINGS);

/** The person whose time is asked for: yourself, or anyone on the staff with 51 (404 for no such person). */
async function personFor(db: Executor, actor: Actor, personId: string | null) {
  const id = personId ?? actor.userId;
  if (id !== actor.userId && !keepsEveryonesTime(actor))
    throw forbidden("Only those who may modify employees (51) open others' timesheets.");
  const [person] = await db
    .select({ _id: users.id, name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'staff')));
  if (!person) throw notFound('This person does not work here.');
  return person;
}

const weekOf = (given: string | null | undefined, today: string) => {
  if (given && (!DATE.test(given) || Number.isNaN(Date.parse(given))))
    throw badRequest('Give the week as a date like 2026-11-23.', { week: 'Use a date like 2026-11-23.' });
  return mondayOf(given ?? today);
};

/** Entries as the timesheet shows them, cost figures only for holders of 53. */
export async function entriesOf(db: Executor, actor: Actor, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ row: timeEntries, ...entryExtra, updatedBy: personColumn(timeEntries.updatedBy) })
    .from(timeEntries)
    .where(where)
    .orderBy(asc(timeEntries.startedAt));
  const cost = seesCost(actor);
  return rows.map(({ row, updatedBy, ...extra }): TimeEntry => {
    const detail = entryDetail(row, extra);
    if (!cost) {
      delete detail.costRateCents;
      delete detail.costCents;
    }
    return {
      _id: row.id,
      version: row.version,
      archived: false,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy,
      ...detail,
    };
  });
}

/** GET /timesheet: one person's week, day by day, with its totals and whether it may be submitted or decided. */
export async function getTimesheet(
  db: Executor,
  actor: Actor,
  query: { person?: string | null; week?: string | null },
  now = new Date(),
): Promise<Timesheet> {
  const person = await personFor(db, actor, query.person ?? null);
  const rules = await timeRules(db, actor.firmId);
  const week = weekOf(query.week, dayIn(now, rules.timeZone));
  const entries = await entriesOf(db, actor, and(eq(timeEntries.userId, person._id), eq(timeEntries.week, week)));
  const [state] = await db
    .select({ row: timesheetWeeks, decidedBy: personColumn(timesheetWeeks.decidedBy) })
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, person._id), eq(timesheetWeeks.week, week)));
  const status = state?.row.status ?? 'open';
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = calendarAddDays(week, i);
    const own = entries.filter((e) => e.day === date);
    return { date, minutes: own.reduce((sum, e) => sum + (e.minutes ?? 0), 0), entries: own };
  });
  const minutes = days.reduce((sum, d) => sum + d.minutes, 0);
  const running = entries.some((e) => e.endedAt === null);
  const mine = person._id === actor.userId;
  return {
    person,
    week,
    status,
    version: state?.row.version ?? 0,
    submittedAt: state?.row.submittedAt?.toISOString() ?? null,
    decidedBy: state?.decidedBy ?? null,
    decidedAt: state?.row.decidedAt?.toISOString() ?? null,
    returnNote: state?.row.returnNote ?? '',
    days,
    totals: {
      minutes,
      overtimeMinutes: Math.max(0, minutes - rules.overtimeMinutes),
      flagged: entries.filter((e) => e.autoClosed).length,
      ...(seesCost(actor) ? { costCents: entries.reduce((sum, e) => sum + (e.costCents ?? 0), 0) } : {}),
    },
    maySubmit: mine && status === 'open' && entries.length > 0 && !running,
    mayDecide: !mine && keepsEveryonesTime(actor) && status === 'submitted',
  };
}

type Step = 'submit' | 'approve' | 'return';

/**
 * POST /timesheet/{submit|approve|return}: the week's state moves on the version it was read
 * at, under the week's lock; of two managers deciding at once, one wins and the other hears who.
 */
export async function weekStep(db: Executor, actor: Actor, step: Step, raw: WeekAction, now = new Date()) {
  const body = weekActionSchema.parse(raw);
  const person = await personFor(db, actor, body.person);
  const mine = person._id === actor.userId;
  const week = weekOf(body.week, body.week);
  if (step === 'submit' && !mine) throw forbidden('Everyone submits their own week.');
  if (step !== 'submit' && !keepsEveryonesTime(actor))
    throw forbidden('Only those who may modify employees (51) approve or return timesheets.');
  if (step !== 'submit' && mine) throw forbidden('Another manager decides on your own week.');
  if (step === 'return' && !body.note) throw badRequest('Say what to correct.', { note: 'Say what to correct.' });

  const status = await lockWeek(db, person._id, week);
  const [state] = await db
    .select({ row: timesheetWeeks, decidedBy: personColumn(timesheetWeeks.decidedBy) })
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, person._id), eq(timesheetWeeks.week, week)));
  const version = state?.row.version ?? 0;
  const wanted: Record<Step, string[]> = {
    submit: ['open'],
    approve: ['submitted'],
    return: ['submitted', 'approved'],
  };
  if (!wanted[step].includes(status)) {
    const by = state?.decidedBy ? ` by ${state.decidedBy.name}` : '';
    throw conflict(`The week of ${dayWords(week)} is already ${WEEK_STATUS_LABELS[status].toLowerCase()}${by}.`);
  }
  if (version !== body.version)
    throw conflict(`The week of ${dayWords(week)} changed since you opened it: reload it and try again.`);

  if (step === 'submit') {
    const [counts] = await db
      .select({
        all: sql<number>`count(*)::int`,
        running: sql<number>`count(*) FILTER (WHERE ${timeEntries.endedAt} IS NULL)::int`,
      })
      .from(timeEntries)
      .where(and(eq(timeEntries.userId, person._id), eq(timeEntries.week, week)));
    if (counts!.running > 0) throw conflict('Clock out before submitting this week.');
    if (counts!.all === 0) throw conflict('There is no time to submit in this week.');
  }
  const set =
    step === 'submit'
      ? { status: 'submitted' as const, submittedAt: now, decidedBy: null, decidedAt: null, returnNote: '' }
      : step === 'approve'
        ? { status: 'approved' as const, decidedBy: actor.userId, decidedAt: now }
        : { status: 'open' as const, decidedBy: actor.userId, decidedAt: now, returnNote: body.note };
  const [row] = state
    ? await db
        .update(timesheetWeeks)
        .set({ ...set, version: sql`${timesheetWeeks.version} + 1`, updatedAt: now })
        .where(and(eq(timesheetWeeks.id, state.row.id), eq(timesheetWeeks.version, version)))
        .returning()
    : await db
        .insert(timesheetWeeks)
        .values({ firmId: actor.firmId, userId: person._id, week, ...set })
        .returning();
  if (!row) throw conflict(`The week of ${dayWords(week)} changed since you opened it: reload it and try again.`);
  await recordAudit(db, actor, {
    entityType: 'timesheet_week',
    entityId: row.id,
    action: step,
    version: row.version,
    before: { person: person.name, week, status },
    after: { person: person.name, week, status: row.status, ...(step === 'return' ? { note: body.note } : {}) },
  });
  if (step !== 'submit')
    await notify(
      db,
      actor.firmId,
      person._id,
      step === 'approve'
        ? `Your timesheet for the week of ${dayWords(week)} was approved.`
        : `Your timesheet for the week of ${dayWords(week)} was returned: ${body.note}`,
      `${KINDS.time_entry.webPath}?week=${week}`,
    );
  return getTimesheet(db, actor, { person: person._id, week }, now);
}

/** GET /timesheet/pending (51): submitted weeks waiting for a decision, oldest first. */
export async function pendingWeeks(db: Executor, actor: Actor): Promise<PendingWeek[]> {
  if (!keepsEveryonesTime(actor)) throw forbidden('Only those who may modify employees (51) approve timesheets.');
  const rows = await db
    .select({
      person: personColumn(timesheetWeeks.userId),
      week: timesheetWeeks.week,
      submittedAt: timesheetWeeks.submittedAt,
      minutes: sql<number>`(SELECT COALESCE(sum(e.minutes), 0)::int FROM ${timeEntries} e
        WHERE e.user_id = ${qualified(timesheetWeeks.userId)} AND e.week = ${qualified(timesheetWeeks.week)})`,
    })
    .from(timesheetWeeks)
    .where(eq(timesheetWeeks.status, 'submitted'))
    .orderBy(asc(timesheetWeeks.week), asc(timesheetWeeks.submittedAt))
    .limit(200);
  return rows
    .filter((r) => r.person && r.person._id !== actor.userId)
    .map((r) => ({ person: r.person!, week: r.week, minutes: r.minutes, submittedAt: r.submittedAt!.toISOString() }));
}
