import type { Executor } from '../../db/client';
import { emailAttachments, emailOutbox } from './outbox.table';

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };
export type Email = { to: string; subject: string; text: string; html?: string; attachments?: EmailAttachment[] };

/** What one message may carry in all: mail servers commonly refuse messages much larger. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Queues an email in the caller's transaction; the worker sends it once that commits. */
export async function queueEmail(db: Executor, firmId: string, email: Email): Promise<void> {
  const attachments = email.attachments ?? [];
  const bytes = attachments.reduce((sum, a) => sum + a.content.length, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) {
    throw new Error(`Email attachments total ${bytes} bytes, more than ${MAX_ATTACHMENT_BYTES}`);
  }
  const [message] = await db
    .insert(emailOutbox)
    .values({
      firmId,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (attachments.length === 0) return;
  await db.insert(emailAttachments).values(
    attachments.map((a) => ({
      firmId,
      outboxId: message!.id,
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  );
}
