import {
  calendarDaysBetween,
  KINDS,
  LIEN_DEADLINE_KIND_LABELS,
  LIEN_DISCLAIMER,
  type LienRecordDeadline,
} from '@atelier/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import { firmToday } from '../../platform/identity/firm-clock';
import { users } from '../../platform/identity/users.table';
import { defineJob, forEachFirm } from '../../platform/jobs/runner';
import { notify } from '../../platform/notifications/notifications.service';
import { customerJobs } from '../jobs';
import { liens } from './liens.table';
import { deadlinesOfLien, nextDeadline, operative, statusAfter } from './record-deadlines';

/** How many days ahead of a deadline its people are reminded (issue 24). */
export const LIEN_REMINDER_DAYS = [14, 7, 1] as const;

const when = (d: LienRecordDeadline) =>
  `${LIEN_DEADLINE_KIND_LABELS[d.kind]}${d.month ? ` for work in ${d.month}` : ''}`;
/** One key per deadline and step: the rule's row, the month (Texas), and the step's days. */
const keyOf = (d: LienRecordDeadline, days: number) => `${d.rule.index}:${d.month ?? ''}:${days}`;

/**
 * For each of the firm's liens still open: its next deadline and (when a recording or suit
 * deadline passed undone) its expiry brought up to date, and its people (the responsible staff
 * member and the job's manager) reminded 14, 7 and 1 days before each deadline's reminder day, in
 * the app and by email, once per step (the latest step reached; earlier ones missed are not sent
 * late). Runs in the firm's scope; rows are claimed with SKIP LOCKED, so two runs never send one
 * reminder twice. Gives how many reminders were sent.
 */
export async function remindLiens(tx: Executor, firmId: string, appUrl: string): Promise<number> {
  const today = await firmToday(tx, firmId);
  const open = await tx
    .select({ row: liens, job: customerJobs.name, manager: customerJobs.assignedTo })
    .from(liens)
    .innerJoin(customerJobs, eq(customerJobs.id, liens.customerJobId))
    .where(and(isNull(liens.archivedAt), sql`${liens.status} NOT IN ('released', 'expired')`))
    .for('update', { of: liens, skipLocked: true });
  // Everyone these liens remind, read once: active staff only (a deactivated colleague is not reminded).
  const wanted = [
    ...new Set(open.flatMap((o) => [o.row.responsibleId, o.manager]).filter((id): id is string => Boolean(id))),
  ];
  const found = wanted.length
    ? await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(inArray(users.id, wanted), eq(users.active, true), isNull(users.deletedAt)))
    : [];
  const staff = new Map(found.map((u) => [u.id, u]));
  let sent = 0;
  for (const { row, job, manager } of open) {
    const { deadlines } = deadlinesOfLien(row, today);
    const next = nextDeadline(row, deadlines, today);
    const status = statusAfter(row.status, deadlines);
    const due: { deadline: LienRecordDeadline; days: number }[] = [];
    for (const d of deadlines) {
      if (!operative(d) || d.missed || !d.remindOn || d.remindOn < today) continue;
      const left = calendarDaysBetween(today, d.remindOn);
      const step = LIEN_REMINDER_DAYS.filter((days) => days >= left).at(-1);
      if (step !== undefined && !row.remindersSent.includes(keyOf(d, step))) due.push({ deadline: d, days: step });
    }
    const to = [row.responsibleId, manager]
      .filter((id, i, all): id is string => Boolean(id) && all.indexOf(id) === i)
      .flatMap((id) => staff.get(id) ?? []);
    const link = `${KINDS.lien.webPath}/${row.id}`;
    for (const { deadline } of due) {
      const message = `${when(deadline)} on ${job} is due ${deadline.date}${deadline.remindOn !== deadline.date ? ` (aim for ${deadline.remindOn})` : ''}`;
      for (const person of to) {
        await notify(tx, firmId, person.id, message, link);
        sent++;
        if (!person.email) continue;
        await queueEmail(tx, firmId, {
          to: person.email,
          subject: message,
          text: `Hello ${person.firstName},\n\n${message}, under ${deadline.rule.citation} (confidence: ${deadline.rule.confidence}).\n\n${LIEN_DISCLAIMER}: check the rule's conditions with your lawyer.\n\n${appUrl}${link}`,
        });
      }
    }
    const remindersSent = [...row.remindersSent, ...due.map((d) => keyOf(d.deadline, d.days))];
    // Bookkeeping (what is next, what was sent) is no edit: no new version, so no open form turns
    // stale; and a lien whose day brought nothing new is not written at all.
    if (due.length > 0 || (next?.date ?? null) !== row.nextDeadlineOn || (next?.kind ?? null) !== row.nextDeadlineKind)
      await tx
        .update(liens)
        .set({ nextDeadlineOn: next?.date ?? null, nextDeadlineKind: next?.kind ?? null, remindersSent })
        .where(eq(liens.id, row.id));
    if (status !== row.status) {
      // Expiry is an edit of the lien: a new version, and its history says why.
      await tx
        .update(liens)
        .set({ status, version: sql`${liens.version} + 1`, updatedAt: sql`now()`, updatedBy: null })
        .where(eq(liens.id, row.id));
      await recordAudit(
        tx,
        { firmId, userId: null },
        {
          entityType: KINDS.lien.key,
          entityId: row.id,
          action: 'expire',
          before: { status: row.status },
          after: { status },
        },
      );
      for (const person of to)
        await notify(tx, firmId, person.id, `The lien on ${job} expired: a recording or suit deadline passed`, link);
    }
  }
  return sent;
}

/** Reminders for every firm with the Mechanic liens module (tests, and the job below). */
export async function remindLiensEverywhere(db: Db, appUrl: string): Promise<number> {
  const counts = await forEachFirm(db, 'mechanic_leins', (tx, firmId) => remindLiens(tx, firmId, appUrl));
  return counts.reduce((a, b) => a + b, 0);
}

/** Every hour, per firm with the module: a new day's reminders go out in its first hour. */
export const lienRemindersJob = defineJob({
  name: 'liens.reminders',
  feature: 'mechanic_leins',
  every: { ms: 60 * 60_000, perFirm: true },
  run: async ({ firmId, scoped, config }) => {
    await scoped((tx) => remindLiens(tx, firmId!, config.appUrl));
  },
});
