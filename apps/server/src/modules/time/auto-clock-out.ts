import { calendarAddDays, instantAt, KINDS } from '@atelier/contracts';
import { and, isNull, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { defineJob, forEachFirm } from '../../platform/jobs/runner';
import { notify } from '../../platform/notifications/notifications.service';
import { closeEntry } from './clock';
import { timeEntries } from './time.table';
import { clockTime, dayIn, timeRules } from './time-rules';

/** The instant a calendar date's hour begins in a time zone. */
export const localHourInstant = (day: string, hour: number, timeZone: string): Date =>
  instantAt(`${day}T${String(hour).padStart(2, '0')}:00`, timeZone);

/** The latest automatic clock-out moment at or before `now`: today's hour if passed, else yesterday's. */
export function lastCutoff(now: Date, hour: number, timeZone: string): Date {
  const today = dayIn(now, timeZone);
  const cut = localHourInstant(today, hour, timeZone);
  return cut.getTime() <= now.getTime() ? cut : localHourInstant(calendarAddDays(today, -1), hour, timeZone);
}

/**
 * Closes the firm's forgotten clock-outs: an entry still running that started before the last
 * automatic clock-out hour ends at that hour, flagged for its person to check, who is told.
 */
export async function closeForgotten(tx: Executor, firmId: string, now: Date): Promise<number> {
  const rules = await timeRules(tx, firmId);
  if (rules.clockOutHour === null) return 0;
  const cutoff = lastCutoff(now, rules.clockOutHour, rules.timeZone);
  const forgotten = await tx
    .select()
    .from(timeEntries)
    .where(and(isNull(timeEntries.endedAt), lt(timeEntries.startedAt, cutoff)))
    .for('update', { skipLocked: true });
  for (const entry of forgotten) {
    await closeEntry(tx, { firmId, userId: null }, entry, cutoff, rules, {
      action: 'auto clock-out',
      autoClosed: true,
    });
    await notify(
      tx,
      firmId,
      entry.userId,
      `You were clocked out automatically at ${clockTime(cutoff, rules.timeZone)}: check your timesheet.`,
      `${KINDS.time_entry.webPath}?week=${entry.week}`,
    );
  }
  return forgotten.length;
}

/** Forgotten clock-outs closed for every firm, at `now` (tests and the job). */
export async function closeForgottenEverywhere(db: Db, now: Date = new Date()): Promise<number> {
  const counts = await forEachFirm(db, null, (tx, firmId) => closeForgotten(tx, firmId, now));
  return counts.reduce((a, b) => a + b, 0);
}

/** Every ten minutes, for each firm, in its own scope. */
export const autoClockOutJob = defineJob({
  name: 'time.auto-clock-out',
  every: { ms: 10 * 60_000, perFirm: true },
  run: async ({ firmId, scoped }) => {
    await scoped((tx) => closeForgotten(tx, firmId!, new Date()));
  },
});
