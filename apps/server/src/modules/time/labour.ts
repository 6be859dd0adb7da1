import { type EmployeeTime, hasCode, type JobLabour, KINDS, P } from '@atelier/contracts';
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import type { Actor } from '../../platform/http/access';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { personColumn, refColumn } from '../../platform/records/lifecycle';
import { customerJobs } from '../jobs';
import { timeEntries } from './time.table';
import { keepsEveryonesTime } from './time-entries.service';
import { dayIn, timeRules } from './time-rules';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const minutesSum = sql<number>`COALESCE(sum(${timeEntries.minutes}), 0)::int`;
const costSum = sql<number>`COALESCE(sum(${timeEntries.costCents}), 0)::bigint`.mapWith(Number);

function range(from: string | undefined, to: string | undefined, today: string) {
  const errors: Record<string, string> = {};
  for (const [key, v] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (v !== undefined && (!DATE.test(v) || Number.isNaN(Date.parse(v)))) errors[key] = 'Use a date like 2026-11-01.';
  if (Object.keys(errors).length) throw badRequest('Give the dates like 2026-11-01.', errors);
  const start = from ?? `${today.slice(0, 8)}01`;
  const end = to ?? today;
  if (end < start) throw badRequest('End the range after it starts.', { to: 'End the range after it starts.' });
  return { start, end };
}

/**
 * GET /employees/{id}/time (their accounting tab): closed time by job over a range, this month
 * unless said. Yourself, or anyone with 51; costs and the rate only with 53.
 */
export async function employeeTime(
  db: Executor,
  actor: Actor,
  employeeId: string,
  query: { from?: string; to?: string },
): Promise<EmployeeTime> {
  if (!isUuid(employeeId)) throw notFound('This employee does not exist.');
  if (employeeId !== actor.userId && !keepsEveryonesTime(actor))
    throw forbidden("Only those who may modify employees (51) see others' time.");
  const [person] = await db
    .select({ rate: users.costRateCents })
    .from(users)
    .where(and(eq(users.id, employeeId), eq(users.kind, 'staff')));
  if (!person) throw notFound('This employee does not exist.');
  const rules = await timeRules(db, actor.firmId);
  const { start, end } = range(query.from, query.to, dayIn(new Date(), rules.timeZone));
  const rows = await db
    .select({
      customerJob: refColumn(timeEntries.customerJobId, customerJobs, customerJobs.name),
      minutes: minutesSum,
      costCents: costSum,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, employeeId),
        gte(timeEntries.day, start),
        lte(timeEntries.day, end),
        isNotNull(timeEntries.endedAt),
      ),
    )
    .groupBy(timeEntries.customerJobId)
    .orderBy(desc(minutesSum));
  const cost = hasCode(actor.codes, P.EMPLOYEE_SETTINGS);
  return {
    from: start,
    to: end,
    minutes: rows.reduce((sum, r) => sum + r.minutes, 0),
    ...(cost ? { costCents: rows.reduce((sum, r) => sum + r.costCents, 0), costRateCents: person.rate } : {}),
    byJob: rows.map((r) => ({
      customerJob: r.customerJob,
      minutes: r.minutes,
      ...(cost ? { costCents: r.costCents } : {}),
    })),
  };
}

/**
 * GET /customer-jobs/{id}/labour: the job's hours against its budget and their labour cost, by
 * person. Whoever runs jobs sees the totals; nobody's rate is in it.
 */
export async function jobLabour(db: Executor, jobId: string): Promise<JobLabour> {
  const [job] = !isUuid(jobId)
    ? []
    : await db
        .select({ budgetHoursE2: customerJobs.budgetHoursE2 })
        .from(customerJobs)
        .where(eq(customerJobs.id, jobId));
  if (!job) throw notFound(`This ${KINDS.customer_job.noun} does not exist.`);
  const rows = await db
    .select({ person: personColumn(timeEntries.userId), minutes: minutesSum, costCents: costSum })
    .from(timeEntries)
    .where(and(eq(timeEntries.customerJobId, jobId), isNotNull(timeEntries.endedAt)))
    .groupBy(timeEntries.userId)
    .orderBy(desc(minutesSum));
  return {
    minutes: rows.reduce((sum, r) => sum + r.minutes, 0),
    budgetMinutes: Math.round((job.budgetHoursE2 * 60) / 100),
    costCents: rows.reduce((sum, r) => sum + r.costCents, 0),
    byPerson: rows.map((r) => ({ person: r.person!, minutes: r.minutes, costCents: r.costCents })),
  };
}
