import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import { defineJob, forEachFirm } from '../../platform/jobs/runner';
import { notify } from '../../platform/notifications/notifications.service';
import { leads, OPEN_LEADS } from './leads.table';

/**
 * Reminds each assignee of the firm's leads on the day of a lead's follow-up (in the firm's time
 * zone), once per date. Runs in the firm's own scope, under row-level security. The claim
 * (`follow_up_notified_on`) and the notification commit together, and a second run at the same
 * moment finds the claim taken, so nobody is reminded twice. Gives how many were reminded.
 */
export async function remindFollowUps(tx: Executor, firmId: string, now: Date): Promise<number> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE (SELECT ${firms.timeZone} FROM ${firms} WHERE ${firms.id} = ${firmId}))::date`;
  const claimed = await tx
    .update(leads)
    // Bookkeeping, not an edit: no new version, so nobody's open form turns stale.
    .set({ followUpNotifiedOn: sql`${leads.nextFollowUp}` })
    .where(
      and(
        eq(leads.nextFollowUp, today),
        sql`${leads.followUpNotifiedOn} IS DISTINCT FROM ${leads.nextFollowUp}`,
        isNull(leads.archivedAt),
        isNotNull(leads.assignedTo),
        // Someone deactivated (and not handed over) is not reminded; nobody else is either.
        sql`EXISTS (SELECT 1 FROM ${users} u WHERE u.id = ${leads.assignedTo} AND u.active AND u.deleted_at IS NULL)`,
        OPEN_LEADS,
      ),
    )
    .returning({ id: leads.id, name: leads.name, assignedTo: leads.assignedTo });
  for (const lead of claimed)
    await notify(tx, firmId, lead.assignedTo!, `Follow up with ${lead.name} today`, `/u/leads/${lead.id}`);
  return claimed.length;
}

/** Reminders for every firm with the leads module, at `now`. */
export async function sendDueFollowUps(db: Db, now: Date = new Date()): Promise<number> {
  const counts = await forEachFirm(db, 'lead_management', (tx, firmId) => remindFollowUps(tx, firmId, now));
  return counts.reduce((a, b) => a + b, 0);
}

/** Every ten minutes, for each firm with the leads module, in its own scope. */
export const followUpRemindersJob = defineJob({
  name: 'leads.follow-up-reminders',
  feature: 'lead_management',
  every: { ms: 10 * 60_000, perFirm: true },
  run: async ({ firmId, scoped }) => {
    await scoped((tx) => remindFollowUps(tx, firmId!, new Date()));
  },
});
