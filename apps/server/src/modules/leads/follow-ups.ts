import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { users } from '../../platform/identity/users.table';
import { type PeriodicTask, startPeriodic } from '../../platform/jobs/periodic';
import { notify } from '../../platform/notifications/notifications.service';
import { leads, OPEN_LEADS } from './leads.table';

const EVERY_MS = 10 * 60_000;

type Due = { firm_id: string; lead_id: string; due: string };

/**
 * Reminds each assignee on the day of a lead's follow-up (in the firm's time zone), once per
 * date. The leads due are found across firms by `lead_follow_ups_due` (ids only); each firm's
 * are then claimed and notified in that firm's own scope, under row-level security. The claim
 * (`follow_up_notified_on`) and the notification commit together, and a second instance
 * running at the same moment finds the claim taken, so nobody is reminded twice.
 * Returns how many reminders were sent.
 */
export async function sendDueFollowUps(db: Db, now: Date = new Date()): Promise<number> {
  const { rows } = await inScope(db, { firmId: null }, (tx) =>
    tx.execute<Due>(
      sql`SELECT firm_id, lead_id, due::text AS due FROM lead_follow_ups_due(${now.toISOString()}::timestamptz)`,
    ),
  );
  const byFirm = new Map<string, Due[]>();
  for (const row of rows) byFirm.set(row.firm_id, [...(byFirm.get(row.firm_id) ?? []), row]);
  let sent = 0;
  let failed: unknown = null;
  for (const [firmId, due] of byFirm) {
    // One firm's failure must not keep the others' reminders back: it is reported after the rest.
    sent += await inScope(db, { firmId }, async (tx) => {
      const claimed = await tx
        .update(leads)
        // Bookkeeping, not an edit: no new version, so nobody's open form turns stale.
        .set({ followUpNotifiedOn: sql`${leads.nextFollowUp}` })
        .where(
          and(
            inArray(
              leads.id,
              due.map((d) => d.lead_id),
            ),
            eq(leads.nextFollowUp, due[0]!.due),
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
    }).catch((error) => {
      failed ??= error;
      return 0;
    });
  }
  if (failed) throw failed;
  return sent;
}

/** Runs `sendDueFollowUps` at start and every ten minutes until stopped. */
export function startFollowUpReminders(options: {
  db: Db;
  log: { error: (obj: unknown, msg: string) => void };
  everyMs?: number;
}): PeriodicTask {
  return startPeriodic({
    task: () => sendDueFollowUps(options.db),
    everyMs: options.everyMs ?? EVERY_MS,
    what: 'lead follow-up reminders',
    log: options.log,
  });
}
