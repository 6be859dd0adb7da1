import { mondayOf, roundMinutes, WEEK_STATUS_LABELS, type WeekStatus } from '@atelier/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conflict } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { timesheetWeeks } from './time.table';

/** The firm's time rules (/s/employee) and the time zone its days and weeks are counted in. */
export type TimeRules = {
  timeZone: string;
  roundingMinutes: number;
  overtimeMinutes: number;
  clockOutHour: number | null;
};

export async function timeRules(db: Executor, firmId: string): Promise<TimeRules> {
  const [firm] = await db.select({ timeZone: firms.timeZone }).from(firms).where(eq(firms.id, firmId));
  const settings = await getSettingsGroup(db, firmId, 'employeeSettings');
  return {
    timeZone: firm?.timeZone ?? 'UTC',
    roundingMinutes: settings.roundingMinutes,
    overtimeMinutes: Math.round(settings.overtimeHours * 60),
    clockOutHour: settings.clockOutHour,
  };
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** The day and week (its Monday) an entry starting at `instant` counts in. */
export function dayAndWeek(instant: Date, timeZone: string): { day: string; week: string } {
  const day = dayIn(instant, timeZone);
  return { day, week: mondayOf(day) };
}

/** What a closed entry counts: minutes after the firm's rounding, and their cost at the entry's rate. */
export function closedFigures(start: Date, end: Date, rules: Pick<TimeRules, 'roundingMinutes'>, rate: number | null) {
  const minutes = roundMinutes((end.getTime() - start.getTime()) / 60_000, rules.roundingMinutes);
  return { minutes, costCents: rate === null ? null : Math.round((minutes * rate) / 60) };
}

/** The time of day an instant shows in a time zone ("8:02 AM"), for messages. */
export const clockTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);

/** "Mon, Nov 23" for messages about a week or a day. */
export const dayWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Serialises every change to one person's week (entries written, the week submitted or
 * decided) for the rest of the transaction, and gives its state: an entry never lands in a
 * week while it is being submitted.
 */
export async function lockWeek(db: Executor, userId: string, week: string): Promise<WeekStatus> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`timesheet:${userId}:${week}`}, 0))`);
  const [row] = await db
    .select({ status: timesheetWeeks.status })
    .from(timesheetWeeks)
    .where(and(eq(timesheetWeeks.userId, userId), eq(timesheetWeeks.week, week)));
  return row?.status ?? 'open';
}

/** 409 unless the person's week is open (a submitted or approved week no longer changes). */
export async function assertWeekOpen(db: Executor, userId: string, week: string, whose: 'your' | 'their') {
  const status = await lockWeek(db, userId, week);
  if (status !== 'open')
    throw conflict(
      `The week of ${dayWords(week)} is ${WEEK_STATUS_LABELS[status].toLowerCase()}: ${
        status === 'submitted'
          ? `a manager returns it before ${whose} time there changes.`
          : `${whose} time there no longer changes.`
      }`,
    );
}
