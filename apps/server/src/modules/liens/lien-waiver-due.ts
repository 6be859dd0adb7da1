import {
  hasCode,
  KINDS,
  LIEN_WAIVER_TYPE_LABELS,
  type LienWaiverDue,
  type LienWaiverScope,
  waiverTypeOf,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { defineReaction } from '../../platform/events/events';
import type { Actor } from '../../platform/http/access';
import { forbidden } from '../../platform/http/errors';
import { notify } from '../../platform/notifications/notifications.service';
import { pdfDay, pdfMoney } from '../../platform/pdf/document-parts';
import { waiverTypeSql } from './lien-waivers.service';
import { liens, lienWaivers } from './liens.table';

type Due = LienWaiverDue['due'][number];

/**
 * What recording a payment calls for (decision 0049): for each job the payment was put on whose
 * lien record is open (not released, expired or archived), the waiver the firm now owes its payer.
 * The money is in, so it is unconditional; it is final once the job's invoices are all paid and
 * its work is done (a last furnishing or completion date), a progress waiver through the day the
 * payment came otherwise. Liens are US law: amounts read in dollars.
 */
async function dueWaivers(db: Executor, paymentId: string): Promise<{ due: Due; responsible: string | null }[]> {
  // constant SQL names: payments, invoices, their applications, jobs and customers are other
  // modules' tables, read here by name (they do not know liens).
  const { rows } = await db.execute<{
    lien_id: string;
    responsible_id: string | null;
    job_id: string;
    job: string;
    party: string;
    number: number;
    received_on: string;
    applied: string;
    unpaid: string;
    done: boolean;
    recorded: { _id: string; name: string } | null;
  }>(sql`
    SELECT l.id AS lien_id, l.responsible_id, j.id AS job_id, j.name AS job, p.number, p.received_on::text AS received_on,
           COALESCE(NULLIF(l.hiring_party, ''), c.name, '') AS party,
           sum(a.amount_cents)::text AS applied,
           (SELECT COALESCE(sum(i2.balance_cents), 0) FROM invoices i2
             WHERE i2.customer_job_id = j.id AND i2.status IN ('sent', 'partially_paid'))::text AS unpaid,
           (COALESCE(l.completion_on, l.last_furnishing_on) IS NOT NULL) AS done,
           (SELECT json_build_object('_id', w.id, 'name', ${waiverTypeSql('w.')})
              FROM ${lienWaivers} w WHERE w.payment_id = p.id AND w.lien_id = l.id
             ORDER BY w.created_at LIMIT 1) AS recorded
      FROM payments p
      JOIN invoice_applications a ON a.payment_id = p.id
      JOIN invoices i ON i.id = a.invoice_id
      JOIN customer_jobs j ON j.id = i.customer_job_id
      JOIN ${liens} l ON l.customer_job_id = j.id AND l.archived_at IS NULL AND l.status NOT IN ('released', 'expired')
      LEFT JOIN customers c ON c.id = j.customer_id
     WHERE p.id = ${paymentId} AND p.amount_cents > 0
     GROUP BY l.id, l.responsible_id, j.id, j.name, p.id, p.number, p.received_on, l.hiring_party, c.name
     ORDER BY j.name, l.id`);
  return rows.map((r) => {
    const scope: LienWaiverScope = Number(r.unpaid) === 0 && r.done ? 'final' : 'progress';
    const amountCents = Number(r.applied);
    const type = LIEN_WAIVER_TYPE_LABELS[waiverTypeOf({ condition: 'unconditional', scope })].toLowerCase();
    const to = r.party ? ` to ${r.party}` : '';
    const message =
      scope === 'final'
        ? `Payment ${r.number} paid ${r.job} in full and it has an open lien record: an ${type} for ${pdfMoney(amountCents, 'USD')} is now due${to}.`
        : `Payment ${r.number} put ${pdfMoney(amountCents, 'USD')} on ${r.job}, which has an open lien record: an ${type} for that amount through ${pdfDay(r.received_on)} is now due${to}.`;
    const due: Due = {
      lien: { _id: r.lien_id, name: `Lien · ${r.job}` },
      customerJob: { _id: r.job_id, name: r.job },
      condition: 'unconditional' as const,
      scope,
      amountCents,
      throughDate: r.received_on,
      party: r.party,
      recorded: r.recorded,
      message,
    };
    return { due, responsible: r.responsible_id };
  });
}

/** GET /lien-waivers/due?payment=: for whoever may open the payment (its code too). */
export async function dueWaiversOf(db: Executor, actor: Actor, paymentId: string): Promise<LienWaiverDue> {
  if (!hasCode(actor.codes, KINDS.payment.codes.modify))
    throw forbidden('You do not have permission to view payments.');
  return { due: (await dueWaivers(db, paymentId)).map((d) => d.due) };
}

/**
 * A payment put on a job with an open lien: the person who recorded it and the lien's responsible
 * staff member are told which waiver is now due (the payment's page says so too).
 */
export const waiverDueReaction = defineReaction({
  event: 'payment.applied',
  name: 'liens: waiver due',
  run: async (db, actor, { paymentId }) => {
    if (!actor.features.includes('mechanic_leins')) return;
    for (const { due: d, responsible } of await dueWaivers(db, paymentId)) {
      if (d.recorded) continue;
      const people = new Set([actor.userId, responsible].filter((p): p is string => Boolean(p)));
      for (const person of people)
        await notify(db, actor.firmId, person, d.message, `${KINDS.payment.webPath}/${paymentId}`);
    }
  },
});
