import type { EmailRendered, EmailSend } from '@atelier/contracts';
import { type emailPreviewInputSchema, type emailSendInputSchema, KINDS } from '@atelier/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import { queueEmail } from '../../platform/email/outbox.service';
import { emailOutbox } from '../../platform/email/outbox.table';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { users } from '../../platform/identity/users.table';
import { defineJob, enqueueJob } from '../../platform/jobs/runner';
import { companies } from '../companies';
import { customers } from '../customers';
import { postalAddressOf, recipientRendering, sampleAddressee, sampleRendering, sendContext } from './content';
import { emailType } from './emails.service';
import { emailRecipients, emailSends } from './emails.table';
import { renderEmail } from './render';
import { checkSegment, segmentWhere } from './segments';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl'>;
export const BATCH_JOB = 'emailer.batch';
/** A batch is a minute's worth at the send's rate; the next one waits this long. */
const BATCH_EVERY_MS = 60_000;

/** POST /emails/preview: the editor's content as a customer would get it, with sample values. */
export async function previewEmail(
  db: Executor,
  config: Keyed,
  actor: Actor,
  input: z.output<typeof emailPreviewInputSchema>,
): Promise<EmailRendered> {
  const context = await sendContext(db, config, actor.firmId, input.blocks);
  return renderEmail(input, sampleRendering(config, context, sampleAddressee));
}

/** POST /emails/{id}/test: the saved email, filled with the sender's own name, to their own address. */
export async function sendTest(db: Executor, config: Keyed, actor: Actor, id: string): Promise<{ to: string }> {
  const email = await emailType.findRow(db, id);
  const [me] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!me?.email) throw conflict('Your account has no email address to send the test to.');
  const context = await sendContext(db, config, actor.firmId, email.blocks);
  const rendered = await renderEmail(
    email,
    sampleRendering(config, context, { firstName: me.firstName, lastName: me.lastName, email: me.email, company: '' }),
  );
  await queueEmail(db, actor.firmId, {
    to: me.email,
    subject: `[Test] ${rendered.subject}`,
    text: rendered.text,
    html: rendered.html,
    ownFooter: true,
  });
  return { to: me.email };
}

/** The sends of an email with their results: delivered and bounced are the outbox's own outcome. */
async function sendsOf(db: Executor, where: ReturnType<typeof eq>): Promise<EmailSend[]> {
  const rows = await db
    .select({
      send: emailSends,
      by: sql<{ _id: string; name: string } | null>`CASE WHEN ${users.id} IS NULL THEN NULL
        ELSE json_build_object('_id', ${users.id}, 'name', trim(${users.firstName} || ' ' || ${users.lastName})) END`,
      recipients: sql<number>`(SELECT count(*)::int FROM ${emailRecipients} r WHERE r.send_id = ${emailSends.id})`,
      results: sql<Record<string, number>>`(SELECT json_build_object(
          'waiting', count(*) FILTER (WHERE r.status = 'queued' OR o.status IN ('pending', 'sending')),
          'delivered', count(*) FILTER (WHERE o.status = 'sent'),
          'bounced', count(*) FILTER (WHERE o.status = 'failed'),
          'skipped', count(*) FILTER (WHERE r.status = 'skipped'),
          'opened', count(r.opened_at), 'clicked', count(r.clicked_at), 'unsubscribed', count(r.unsubscribed_at))
        FROM ${emailRecipients} r LEFT JOIN ${emailOutbox} o ON o.id = r.outbox_id WHERE r.send_id = ${emailSends.id})`,
    })
    .from(emailSends)
    .leftJoin(users, eq(users.id, emailSends.createdBy))
    .where(where)
    .orderBy(desc(emailSends.createdAt), desc(emailSends.id));
  return rows.map(({ send, by, recipients, results }) => ({
    _id: send.id,
    status: send.status,
    subject: send.subject,
    segment: send.segment,
    ratePerMinute: send.ratePerMinute,
    createdAt: send.createdAt.toISOString(),
    by,
    recipients,
    waiting: Number(results.waiting ?? 0),
    delivered: Number(results.delivered ?? 0),
    bounced: Number(results.bounced ?? 0),
    skipped: Number(results.skipped ?? 0),
    opened: Number(results.opened ?? 0),
    clicked: Number(results.clicked ?? 0),
    unsubscribed: Number(results.unsubscribed ?? 0),
  }));
}

/** GET /emails/{id}/sends, newest first. */
export async function listSends(db: Executor, actor: Actor, id: string): Promise<EmailSend[]> {
  await emailType.get(db, actor, id);
  return sendsOf(db, eq(emailSends.emailId, id));
}

/**
 * POST /emails/{id}/sends (102): the email as it is now, to everyone the segment reaches now
 * (consenting customers of this firm only: the query says so, and row-level security keeps
 * other firms' rows out of it). Each person gets a fixed Message-ID; the batch job does the rest.
 */
export async function createSend(
  db: Executor,
  config: Keyed,
  actor: Actor,
  id: string,
  input: z.output<typeof emailSendInputSchema>,
): Promise<EmailSend> {
  const email = await emailType.findRow(db, id, true, actor);
  if (email.archivedAt) throw conflict(`${email.name} is archived: restore it before sending it.`);
  if (!email.blocks.length) throw conflict(`${email.name} has no content yet: add blocks in its editor first.`);
  await checkSegment(db, input.segment);
  if (!(await postalAddressOf(db, actor.firmId)))
    throw conflict(
      "Add your firm's postal address in Settings → Messaging before sending: every marketing email must carry it.",
    );
  const [send] = await db
    .insert(emailSends)
    .values({
      firmId: actor.firmId,
      emailId: id,
      subject: email.subject,
      preheader: email.preheader,
      blocks: email.blocks,
      segment: input.segment,
      ratePerMinute: input.ratePerMinute,
      createdBy: actor.userId,
    })
    .returning({ id: emailSends.id });
  const host = new URL(config.appUrl).hostname || 'atelier.localhost';
  const added =
    await db.execute(sql`INSERT INTO ${emailRecipients} (id, firm_id, send_id, customer_id, to_address, message_id)
    SELECT gen_random_uuid(), ${actor.firmId}::uuid, ${send!.id}::uuid, ${customers.id}, ${customers.primaryEmail},
      '<' || gen_random_uuid() || '@' || ${host}::text || '>'
    FROM ${customers} WHERE ${segmentWhere(input.segment)}`);
  if (!added.rowCount)
    throw badRequest('Nobody in this segment agreed to marketing emails.', {
      segment: 'Nobody in this segment agreed to marketing emails: widen it.',
    });
  await enqueueJob(db, actor.firmId, BATCH_JOB, { sendId: send!.id });
  await recordAudit(db, actor, {
    entityType: KINDS.email.key,
    entityId: id,
    action: 'send',
    after: { subject: email.subject, recipients: added.rowCount, ratePerMinute: input.ratePerMinute },
  });
  const [made] = await sendsOf(db, eq(emailSends.id, send!.id));
  return made!;
}

type Due = {
  id: string;
  customer_id: string | null;
  to_address: string;
  message_id: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  consent: boolean | null;
};

/**
 * One minute's batch of a send, in one transaction: each person still consenting gets their
 * email written to the outbox with its fixed Message-ID, and is marked so in the same commit;
 * one who unsubscribed meanwhile is skipped. A crash before the commit leaves them queued for
 * the job's next try; after it, the outbox sends each exactly once (or, at worst, again with
 * the same Message-ID).
 */
export const sendBatchJob = defineJob<{ sendId: string }>({
  name: BATCH_JOB,
  run: async ({ payload, scoped, config, firmId }) => {
    await scoped(async (tx) => {
      const [send] = await tx
        .select()
        .from(emailSends)
        .where(eq(emailSends.id, String(payload.sendId)))
        .for('update');
      if (!send || send.status === 'sent') return;
      // Another chain's job (one run again after a crash) finds its batch taken: it stops.
      const [{ early } = { early: false }] = (
        await tx.execute<{ early: boolean }>(sql`SELECT ${send.nextBatchAt} > now() + interval '1 second' AS early`)
      ).rows;
      if (early) return;
      const due = (
        await tx.execute<Due>(sql`SELECT r.id, r.customer_id, r.to_address, r.message_id, c.first_name, c.last_name,
            co.name AS company,
            (c.marketing_consent AND c.archived_at IS NULL AND c.primary_email <> '') AS consent
          FROM ${emailRecipients} r
          LEFT JOIN ${customers} c ON c.id = r.customer_id
          LEFT JOIN ${companies} co ON co.id = c.company_id
          WHERE r.send_id = ${send.id} AND r.status = 'queued'
          ORDER BY r.id LIMIT ${send.ratePerMinute} FOR UPDATE OF r SKIP LOCKED`)
      ).rows;
      const context = await sendContext(tx, config, firmId!, send.blocks);
      for (const person of due) {
        if (!person.consent || !person.customer_id) {
          await tx.update(emailRecipients).set({ status: 'skipped' }).where(eq(emailRecipients.id, person.id));
          continue;
        }
        const { rendering, headers } = recipientRendering(config, context, {
          firstName: person.first_name ?? '',
          lastName: person.last_name ?? '',
          email: person.to_address,
          company: person.company ?? '',
          customerId: person.customer_id,
          recipientId: person.id,
        });
        const rendered = await renderEmail(send, rendering);
        const outboxId = await queueEmail(tx, firmId!, {
          to: person.to_address,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          messageId: person.message_id,
          headers,
          ownFooter: true,
        });
        await tx.update(emailRecipients).set({ status: 'outboxed', outboxId }).where(eq(emailRecipients.id, person.id));
      }
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(emailRecipients)
        .where(and(eq(emailRecipients.sendId, send.id), eq(emailRecipients.status, 'queued')));
      if (!left!.n) {
        await tx.update(emailSends).set({ status: 'sent' }).where(eq(emailSends.id, send.id));
        return;
      }
      const next = new Date(Date.now() + BATCH_EVERY_MS);
      await tx.update(emailSends).set({ nextBatchAt: next }).where(eq(emailSends.id, send.id));
      await enqueueJob(tx, firmId!, BATCH_JOB, { sendId: send.id }, { runAt: next });
    });
  },
});
