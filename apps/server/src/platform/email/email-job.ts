import { asc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { defineJob } from '../jobs/runner';
import { emailAttachments } from './outbox.table';

type Message = {
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  from_name: string | null;
  reply_to: string | null;
  message_id: string | null;
  headers: Record<string, string> | null;
};

/** The configured sender's address (MAIL_FROM), under the firm's sender name when it has one. */
function sender(mailFrom: string, name: string | null) {
  if (!name) return mailFrom;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name, address };
}

const transports = new Map<string, Transporter>();
const transportFor = (url: string) => {
  const transport = transports.get(url) ?? nodemailer.createTransport(url);
  transports.set(url, transport);
  return transport;
};

/**
 * Sends one queued email (the outbox's trigger queues this job with the message's id, in the
 * message's firm). The message is read through `outbox_message`, which gives it only in its own
 * firm's scope; its attachments are read in the same transaction under the same firm's row-level
 * security (the platform's own messages, in no firm, have none). A failed send is retried by the
 * runner with doubling delays; the last failure marks the message failed. Without SMTP_URL the
 * message is written to the log instead.
 */
export const sendEmailJob = defineJob<{ id: string }>({
  name: 'email.send',
  run: async ({ payload, scoped, finalAttempt, config, log }) => {
    const id = String(payload.id);
    const queued = await scoped(async (tx) => {
      const [message] = (
        await tx.execute<Message>(
          sql`SELECT to_address, subject, text_body, html_body, from_name, reply_to, message_id, headers
            FROM outbox_message(${id}::uuid)`,
        )
      ).rows;
      if (!message) return undefined;
      const attachments = await tx
        .select({
          filename: emailAttachments.filename,
          contentType: emailAttachments.contentType,
          content: emailAttachments.content,
        })
        .from(emailAttachments)
        .where(eq(emailAttachments.outboxId, id))
        .orderBy(asc(emailAttachments.id));
      return { message, attachments };
    });
    if (!queued) return; // sent already
    const { message, attachments } = queued;
    const finish = (error: string | null, final: boolean) =>
      scoped((tx) => tx.execute(sql`SELECT outbox_finish(${id}::uuid, ${error}::text, ${final}::boolean)`));
    if (!config.smtpUrl) {
      log.info(
        `Email to ${message.to_address} (not sent: SMTP_URL is not set)\nSubject: ${message.subject}\n\n${message.text_body}`,
      );
      return void (await finish('SMTP_URL is not set', true));
    }
    try {
      await transportFor(config.smtpUrl).sendMail({
        from: sender(config.mailFrom, message.from_name),
        to: message.to_address,
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        ...(message.message_id ? { messageId: message.message_id } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
        subject: message.subject,
        text: message.text_body,
        ...(message.html_body ? { html: message.html_body } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (e) {
      const error = (e as Error).message.slice(0, 500) || 'send failed';
      log.warn(`Email ${id} to ${message.to_address} failed: ${error}`);
      await finish(error, finalAttempt);
      throw new Error(error);
    }
    await finish(null, true);
  },
});
