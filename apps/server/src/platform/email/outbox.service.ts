import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../settings/settings.table';
import { escapeHtml } from '../text/escape-html';
import { emailAttachments, emailOutbox } from './outbox.table';

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };
export type Email = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /** A fixed Message-ID (`<id@host>`): a marketing send's, so a message sent twice is one message. */
  messageId?: string;
  /** Headers the code sets (List-Unsubscribe); never taken from user input. */
  headers?: Record<string, string>;
  /** Leave out the firm's footer: the message carries its own (a marketing email's). */
  ownFooter?: boolean;
  /** Where replies go instead of the firm's reply-to (a one-to-one email's own reply address). */
  replyTo?: string;
};

/** What one message may carry in all: mail servers commonly refuse messages much larger. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

type Sender = { senderName?: string; replyTo?: string; footer?: string };

/** The firm's sender name, reply-to and footer (its messaging settings, spec /s/messaging). */
async function senderOf(db: Executor, firmId: string): Promise<Sender> {
  const [row] = await db
    .select({ data: settings.data })
    .from(settings)
    .where(and(eq(settings.firmId, firmId), eq(settings.group, 'messagingSettings')));
  return (row?.data ?? {}) as Sender;
}

/** The firm's footer under a message: after the text, and before the HTML's closing body tag. */
function withFooter(email: Email, footer: string): Pick<Email, 'text' | 'html'> {
  if (!footer.trim() || email.ownFooter) return { text: email.text, html: email.html };
  const text = `${email.text.replace(/\s+$/, '')}\n\n--\n${footer.trim()}\n`;
  if (!email.html) return { text };
  const block = `<p style="color:#868e96;font-size:13px;white-space:pre-line;border-top:1px solid #dee2e6;padding-top:12px">${escapeHtml(footer.trim())}</p>`;
  const at = email.html.lastIndexOf('</body>');
  return { text, html: at < 0 ? email.html + block : email.html.slice(0, at) + block + email.html.slice(at) };
}

/**
 * Queues an email in the caller's transaction; the worker sends it once that commits. A firm's
 * message goes with the firm's sender name, reply-to and footer.
 */
export async function queueEmail(db: Executor, firmId: string, email: Email): Promise<string> {
  const attachments = email.attachments ?? [];
  const bytes = attachments.reduce((sum, a) => sum + a.content.length, 0);
  if (bytes > MAX_ATTACHMENT_BYTES) {
    throw new Error(`Email attachments total ${bytes} bytes, more than ${MAX_ATTACHMENT_BYTES}`);
  }
  const sender = await senderOf(db, firmId);
  const body = withFooter(email, sender.footer ?? '');
  const [message] = await db
    .insert(emailOutbox)
    .values({
      firmId,
      toAddress: email.to,
      subject: email.subject,
      textBody: body.text,
      htmlBody: body.html ?? null,
      fromName: sender.senderName || null,
      replyTo: email.replyTo ?? (sender.replyTo || null),
      messageId: email.messageId ?? null,
      headers: email.headers ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (attachments.length === 0) return message!.id;
  await db.insert(emailAttachments).values(
    attachments.map((a) => ({
      firmId,
      outboxId: message!.id,
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  );
  return message!.id;
}
