import { calendarAddDays, mondayOf } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { users } from '../../platform/identity/users.table';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customerJobs } from '../jobs';
import { localHourInstant } from './auto-clock-out';
import { timesheetWeeks } from './time.table';
import { timeEntryType } from './time-entries.service';
import { closedFigures, dayAndWeek, dayIn, timeRules } from './time-rules';

/** What an hour of each demo person costs the firm, in cents. */
const COST_RATES: Record<string, number> = {
  'owner@demo.test': 6500,
  'sales@demo.test': 3800,
  'warehouse@demo.test': 3200,
  'accounting@demo.test': 4200,
};

/** A working day: the morning on the first job, the afternoon on the second (local hours). */
const DAY_PLAN = [
  { from: 8, to: 12, task: 'Site work', job: 0 },
  { from: 12.5, to: 16.5, task: 'Install', job: 1 },
];

async function workWeek(
  db: Executor,
  person: { id: string },
  monday: string,
  days: number,
  jobs: { id: string; name: string }[],
  rate: number,
) {
  const rules = await timeRules(db, HARBOR_PINE_ID);
  for (let i = 0; i < days; i += 1) {
    const day = calendarAddDays(monday, i);
    for (const part of DAY_PLAN) {
      const job = jobs[part.job % jobs.length];
      const at = (hours: number) =>
        new Date(localHourInstant(day, Math.floor(hours), rules.timeZone).getTime() + (hours % 1) * 3600_000);
      const start = at(part.from);
      const end = at(part.to);
      await timeEntryType.insert(
        db,
        { firmId: HARBOR_PINE_ID, userId: person.id },
        {
          userId: person.id,
          taskName: part.task,
          taskType: part.task === 'Install' ? 'Install' : 'Site visit',
          customerJobId: job?.id ?? null,
          startedAt: start,
          endedAt: end,
          ...closedFigures(start, end, rules, rate),
          costRateCents: rate,
          source: 'clock',
          ...dayAndWeek(start, rules.timeZone),
          searchText: `${part.task} ${job?.name ?? ''}`.toLowerCase(),
        },
      );
    }
  }
}

/**
 * Time: cost rates for the demo staff; last week's time for the sales lead (approved by the
 * owner) and the warehouse lead (submitted, waiting for the owner), and this week's days so far
 * for the sales lead. Nobody is left clocked in, so no automatic clock-out notice follows.
 */
export const timeDemo: Seed = {
  name: 'demo:time',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { staff, owner } = await demoStaff(tx, HARBOR_PINE_ID);
      for (const s of staff)
        if (s.email && COST_RATES[s.email])
          await tx.update(users).set({ costRateCents: COST_RATES[s.email] }).where(eq(users.id, s.id));
      const jobs = await tx
        .select({ id: customerJobs.id, name: customerJobs.name })
        .from(customerJobs)
        .where(sql`${customerJobs.customerId} IS NOT NULL`)
        .orderBy(customerJobs.startKey)
        .limit(2);
      const sales = staff.find((s) => s.email === 'sales@demo.test');
      const warehouse = staff.find((s) => s.email === 'warehouse@demo.test');
      if (!sales || !warehouse || jobs.length === 0) return;
      const rules = await timeRules(tx, HARBOR_PINE_ID);
      const today = dayIn(new Date(), rules.timeZone);
      const thisWeek = mondayOf(today);
      const lastWeek = calendarAddDays(thisWeek, -7);
      await workWeek(tx, sales, lastWeek, 5, jobs, COST_RATES['sales@demo.test']!);
      await workWeek(tx, warehouse, lastWeek, 4, jobs, COST_RATES['warehouse@demo.test']!);
      const daysSoFar = Math.min(5, Math.round((Date.parse(today) - Date.parse(thisWeek)) / 86_400_000));
      if (daysSoFar > 0) await workWeek(tx, sales, thisWeek, daysSoFar, jobs, COST_RATES['sales@demo.test']!);
      const submittedAt = new Date(localHourInstant(calendarAddDays(lastWeek, 4), 17, rules.timeZone));
      await tx.insert(timesheetWeeks).values([
        {
          firmId: HARBOR_PINE_ID,
          userId: sales.id,
          week: lastWeek,
          status: 'approved',
          submittedAt,
          decidedBy: owner.id,
          decidedAt: new Date(submittedAt.getTime() + 3 * 86_400_000),
        },
        { firmId: HARBOR_PINE_ID, userId: warehouse.id, week: lastWeek, status: 'submitted', submittedAt },
      ]);
    }),
};
