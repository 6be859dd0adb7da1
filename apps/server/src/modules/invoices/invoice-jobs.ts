import { hasCode, invoiceInputSchema, KINDS, nextRunAfter } from '@atelier/contracts';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { staffActorOf } from '../../platform/auth/user-actor';
import { queueEmail } from '../../platform/email/outbox.service';
import { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { HttpError } from '../../platform/http/errors';
import { firmToday } from '../../platform/identity/firm-clock';
import { defineJob, forEachFirm } from '../../platform/jobs/runner';
import { getSettings } from '../../platform/settings/settings.service';
import { customers } from '../customers';
import { invoicePdf, sendInvoice } from './invoice-send';
import { invoiceNumber, invoiceType } from './invoices.service';
import { invoices } from './invoices.table';
import { recurringInvoices } from './recurring.table';

/**
 * Makes the invoices of the firm's recurring plans that are due today: one per plan (a plan the
 * server was down for is not billed twice for the days it missed), a draft or sent as the plan
 * says, then moves the plan to its next day (or ends it). Each plan in a savepoint: one that
 * cannot be billed (its customer archived, an item gone) is left for the firm to fix, noted in
 * its history, and the others are made.
 */
export async function runRecurring(tx: Executor, firmId: string, storage: LocalFileStorage): Promise<number> {
  const today = await firmToday(tx, firmId);
  const due = await tx
    .select()
    .from(recurringInvoices)
    .where(and(eq(recurringInvoices.status, 'active'), lte(recurringInvoices.nextRunOn, today)))
    .orderBy(asc(recurringInvoices.nextRunOn))
    .for('update', { skipLocked: true });
  if (!due.length) return 0;
  let made = 0;
  for (const plan of due) {
    // A run acts as whoever set the plan up, while they may still bill.
    const actor = plan.createdBy ? await staffActorOf(tx, firmId, plan.createdBy) : null;
    let next = plan.nextRunOn!;
    while (next <= today) next = nextRunAfter(next, plan.frequency);
    const ended = plan.endOn !== null && next > plan.endOn;
    try {
      if (!actor || !hasCode(actor.codes, KINDS.invoice.codes.modify))
        throw new HttpError(
          409,
          'conflict',
          'Whoever set this plan up no longer keeps invoices: save it again as someone who does.',
        );
      await tx.transaction(async (sp) => {
        const invoice = await invoiceType.create(
          sp,
          actor,
          invoiceInputSchema.parse({
            customer: plan.customerId,
            customerJob: plan.customerJobId,
            issueDate: today,
            notes: plan.notes || `${plan.name}.`,
            lines: plan.lines,
          }),
        );
        await sp.update(invoices).set({ recurringInvoiceId: plan.id }).where(eq(invoices.id, invoice._id));
        if (plan.action === 'send') await sendInvoice(sp, actor, storage, invoice._id);
      });
      made++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await recordAudit(
        tx,
        { firmId, userId: null },
        {
          entityType: KINDS.recurring_invoice.key,
          entityId: plan.id,
          action: 'run failed',
          after: { reason: error.message, day: today },
        },
      );
    }
    await tx
      .update(recurringInvoices)
      .set({ lastRunOn: today, nextRunOn: ended ? null : next, status: ended ? 'ended' : 'active' })
      .where(eq(recurringInvoices.id, plan.id));
  }
  return made;
}

/** The job reading an invoice to remind its customer: no one's session, no codes (it changes nothing a person would). */
const readerOf = (firmId: string): Actor => ({
  sessionId: '',
  firmId,
  userId: '',
  impersonatorId: null,
  kind: 'staff',
  codes: [],
  features: [],
});

/**
 * Emails the firm's overdue invoices their reminders: each invoice once for each of the settings'
 * reminder days it is past due by (7 and 30 unless the firm says), with its PDF, to its customer's
 * address. Invoices of customers with no address are skipped (staff see them on the aging).
 */
export async function remindOverdue(tx: Executor, firmId: string, storage: LocalFileStorage): Promise<number> {
  const settings = await getSettings(tx, firmId, { banking: false });
  const days = [...settings.invoiceSettings.reminderDays].sort((a, b) => a - b);
  if (!days.length) return 0;
  const today = await firmToday(tx, firmId);
  const overdue = await tx
    .select({ row: invoices, email: customers.primaryEmail })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        sql`${invoices.status} IN ('sent', 'partially_paid')`,
        sql`${invoices.balanceCents} > 0`,
        sql`${invoices.dueDate} + ${days[0]!}::int <= ${today}::date`,
      ),
    )
    .for('update', { of: invoices, skipLocked: true });
  if (!overdue.length) return 0;
  const actor = readerOf(firmId);
  let sent = 0;
  for (const { row, email } of overdue) {
    const late = Math.round((Date.parse(today) - Date.parse(row.dueDate)) / 86_400_000);
    // The latest reminder it has reached and not yet had; earlier ones it missed are not sent late.
    const step = days.filter((d) => d <= late).at(-1)!;
    if (row.remindedDays.includes(step) || !email) continue;
    const invoice = await invoiceType.get(tx, actor, row.id);
    const pdf = await invoicePdf(tx, actor, storage, invoice);
    await queueEmail(tx, firmId, {
      to: email,
      subject: `Reminder: invoice ${invoice.number} from ${settings.firmSettings.name} is ${late} days past due`,
      text: `Hello,\n\nOur invoice ${invoice.number} was due on ${invoice.dueDate} and ${(invoice.balanceCents / 100).toFixed(2)} ${settings.firmSettings.currency} is still open. The invoice is attached.\n\nIf you have already paid, thank you, and please disregard this reminder.`,
      attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: pdf }],
    });
    await tx
      .update(invoices)
      .set({ remindedDays: days.filter((d) => d <= late) })
      .where(eq(invoices.id, row.id));
    await recordAudit(
      tx,
      { firmId, userId: null },
      {
        entityType: KINDS.invoice.key,
        entityId: row.id,
        action: 'reminder',
        after: { to: email, daysPastDue: late, number: invoiceNumber(row) },
      },
    );
    sent++;
  }
  return sent;
}

/** Both, for every firm (tests, and the jobs below). */
export async function runInvoiceJobsEverywhere(db: Db, storage: LocalFileStorage) {
  const made = await forEachFirm(db, null, (tx, firmId) => runRecurring(tx, firmId, storage));
  const reminded = await forEachFirm(db, null, (tx, firmId) => remindOverdue(tx, firmId, storage));
  return { made: made.reduce((a, b) => a + b, 0), reminded: reminded.reduce((a, b) => a + b, 0) };
}

/** Every hour, per firm: recurring invoices due are made, then overdue invoices reminded. */
export const invoiceScheduleJob = defineJob({
  name: 'invoices.schedule',
  every: { ms: 60 * 60_000, perFirm: true },
  run: async ({ firmId, scoped, config }) => {
    const storage = new LocalFileStorage(config.filesDir);
    await scoped((tx) => runRecurring(tx, firmId!, storage));
    await scoped((tx) => remindOverdue(tx, firmId!, storage));
  },
});
