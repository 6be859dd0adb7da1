import type { Executor } from '../../db/client';
import { emailOutbox } from './outbox.table';

export type Email = { to: string; subject: string; text: string; html?: string };

/** Queues an email in the caller's transaction; the worker sends it once that commits. */
export async function queueEmail(db: Executor, firmId: string, email: Email): Promise<void> {
  await db.insert(emailOutbox).values({
    firmId,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
}
