import {
  emailMergeFields,
  type MessageDraft,
  type MessageKind,
  type MessageRecipient,
  type MessageThread,
  type messageInputSchema,
  type OneMessage,
} from '@atelier/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { queueEmail } from '../../platform/email/outbox.service';
import { emailOutbox } from '../../platform/email/outbox.table';
import type { Actor } from '../../platform/http/access';
import { badRequest, notFound } from '../../platform/http/errors';
import { firms } from '../../platform/identity/firms.table';
import { users } from '../../platform/identity/users.table';
import type { EntityKind } from '../../platform/records/entities';
import { richTextToPlain } from '../../platform/text/rich-text';
import { companies } from '../companies';
import { customers } from '../customers';
import { emails, mergeValues } from '../emailer';
import { customerJobs } from '../jobs';
import { leads } from '../leads';
import { messages } from './messages.table';
import { replyAddress } from './reply-address';
import { logSmsAdapter, type SmsAdapter } from './sms';

type Keyed = Pick<Config, 'appSecret' | 'dataDir' | 'appUrl' | 'replyDomain'>;

type Person = { firstName: string; lastName: string; company: string };
type Contact = { person: Person; recipients: MessageRecipient[] };

const emailsOf = (list: { label: string; email: string }[]) =>
  list.filter((e) => e.email).map((e) => ({ channel: 'email' as const, value: e.email, label: e.label || 'Email' }));
const phonesOf = (list: { label: string; number: string }[]) =>
  list.filter((p) => p.number).map((p) => ({ channel: 'sms' as const, value: p.number, label: p.label || 'Phone' }));

/** The person a record is about and their own addresses and numbers: the only ones a message may go to. */
async function contactOf(db: Executor, kind: MessageKind, id: string): Promise<Contact | null> {
  const customerContact = async (customerId: string) => {
    const [c] = await db
      .select({
        first: customers.firstName,
        last: customers.lastName,
        emails: customers.emails,
        phones: customers.phones,
        company: companies.name,
      })
      .from(customers)
      .leftJoin(companies, eq(companies.id, customers.companyId))
      .where(eq(customers.id, customerId));
    return c
      ? {
          person: { firstName: c.first, lastName: c.last, company: c.company ?? '' },
          recipients: [...emailsOf(c.emails), ...phonesOf(c.phones)],
        }
      : null;
  };
  if (kind === 'customer') return customerContact(id);
  if (kind === 'customer_job') {
    const [job] = await db
      .select({ customerId: customerJobs.customerId })
      .from(customerJobs)
      .where(eq(customerJobs.id, id));
    return job?.customerId
      ? customerContact(job.customerId)
      : job
        ? { person: { firstName: '', lastName: '', company: '' }, recipients: [] }
        : null;
  }
  if (kind === 'lead') {
    const [l] = await db.select().from(leads).where(eq(leads.id, id));
    if (!l) return null;
    return {
      person: { firstName: l.firstName, lastName: l.lastName, company: l.companyName },
      recipients: [
        ...(l.email ? [{ channel: 'email' as const, value: l.email, label: 'Email' }] : []),
        ...(l.phone ? [{ channel: 'sms' as const, value: l.phone, label: 'Phone' }] : []),
      ],
    };
  }
  const [a] = await db.select().from(companies).where(eq(companies.id, id));
  if (!a) return null;
  return {
    person: { firstName: '', lastName: '', company: a.name },
    recipients: [
      ...(a.email ? [{ channel: 'email' as const, value: a.email, label: 'Email' }] : []),
      ...(a.phone ? [{ channel: 'sms' as const, value: a.phone, label: 'Phone' }] : []),
    ],
  };
}

async function contactFor(db: Executor, kind: EntityKind, id: string): Promise<Contact> {
  const found = await contactOf(db, kind.type as MessageKind, id);
  if (!found) throw notFound(`This ${kind.noun} does not exist.`);
  return found;
}

/** GET /{kind}/{id}/message-recipients. */
export async function messageRecipients(db: Executor, kind: EntityKind, id: string): Promise<MessageRecipient[]> {
  return (await contactFor(db, kind, id)).recipients;
}

/** POST /{kind}/{id}/message-drafts: a template's words for this person, as plain text to edit. */
export async function messageDraft(
  db: Executor,
  firmId: string,
  kind: EntityKind,
  id: string,
  templateId: string,
): Promise<MessageDraft> {
  const { person, recipients } = await contactFor(db, kind, id);
  const [template] = await db.select().from(emails).where(eq(emails.id, templateId));
  if (!template) throw badRequest('Choose an email template.', { template: 'Choose an email template from the list.' });
  const [firm] = await db.select({ name: firms.name, website: firms.website }).from(firms).where(eq(firms.id, firmId));
  const values = mergeValues(
    { firmName: firm?.name ?? '', website: firm?.website ?? '' },
    { ...person, email: recipients.find((r) => r.channel === 'email')?.value ?? '' },
  );
  const fill = (text: string) => emailMergeFields.fill(text, values);
  const body = template.blocks
    .map((b) =>
      b.type === 'heading'
        ? fill(b.text)
        : b.type === 'text'
          ? fill(richTextToPlain(b.html.replace(/<\/p>/g, '</p>\n\n')))
          : b.type === 'button'
            ? `${fill(b.label)}: ${b.url}`
            : b.type === 'footer'
              ? fill(b.text)
              : '',
    )
    .filter(Boolean)
    .join('\n\n');
  return { subject: fill(template.subject), body };
}

type Row = typeof messages.$inferSelect & {
  outboxStatus: string | null;
  outboxError: string | null;
  byName: string | null;
};

const view = (m: Row): OneMessage => ({
  _id: m.id,
  thread: m.threadId,
  channel: m.channel,
  direction: m.direction,
  from: m.fromAddress,
  to: m.toAddress,
  subject: m.subject,
  body: m.body,
  at: m.createdAt.toISOString(),
  by: m.sentBy && m.byName ? { _id: m.sentBy, name: m.byName } : null,
  status:
    m.status !== 'queued'
      ? m.status
      : m.outboxStatus === 'sent'
        ? 'sent'
        : m.outboxStatus === 'failed'
          ? 'failed'
          : 'queued',
  error: m.outboxStatus === 'failed' ? m.outboxError : null,
});

const selectMessages = (db: Executor) =>
  db
    .select({
      message: messages,
      outboxStatus: sql<string | null>`${emailOutbox.status}::text`,
      outboxError: emailOutbox.lastError,
      byName: sql<string | null>`trim(${users.firstName} || ' ' || ${users.lastName})`,
    })
    .from(messages)
    .leftJoin(emailOutbox, eq(emailOutbox.id, messages.outboxId))
    .leftJoin(users, eq(users.id, messages.sentBy));

const flat = (r: Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number]): Row => ({
  ...r.message,
  outboxStatus: r.outboxStatus,
  outboxError: r.outboxError,
  byName: r.byName,
});

/** GET /{kind}/{id}/messages: the record's conversations, the latest first, each oldest first. */
export async function listThreads(db: Executor, kind: EntityKind, id: string): Promise<MessageThread[]> {
  await contactFor(db, kind, id);
  const rows = (
    await selectMessages(db)
      .where(and(eq(messages.entityType, kind.type), eq(messages.entityId, id)))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(2_000)
  ).map(flat);
  const threads = new Map<string, MessageThread>();
  for (const row of rows) {
    const message = view(row);
    const thread = threads.get(row.threadId) ?? {
      _id: row.threadId,
      channel: row.channel,
      subject: row.channel === 'email' ? row.subject : '',
      lastAt: message.at,
      messages: [],
    };
    thread.messages.push(message);
    thread.lastAt = message.at;
    threads.set(row.threadId, thread);
  }
  return [...threads.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

let sms: SmsAdapter = logSmsAdapter((line) => console.info(line));
/** The SMS adapter texts go through (the log's, unless a provider's is set). */
export const setSmsAdapter = (adapter: SmsAdapter) => {
  sms = adapter;
};

const subjectOf = (subject: string) => (/^re:/i.test(subject) ? subject : `Re: ${subject}`);

/**
 * POST /{kind}/{id}/messages: an email (through the outbox, with the thread's own reply address,
 * so the answer comes back to this record) or a text (through the SMS adapter). Only to the
 * record's own addresses and numbers.
 */
export async function sendMessage(
  db: Executor,
  config: Keyed,
  actor: Actor,
  kind: EntityKind,
  id: string,
  input: z.output<typeof messageInputSchema>,
): Promise<OneMessage> {
  const { recipients } = await contactFor(db, kind, id);
  const to = recipients.find((r) => r.channel === input.channel && r.value.toLowerCase() === input.to.toLowerCase());
  if (!to)
    throw badRequest(
      `Choose one of this ${kind.noun}'s ${input.channel === 'email' ? 'email addresses' : 'phone numbers'}.`,
      {
        to: `Choose one of this ${kind.noun}'s ${input.channel === 'email' ? 'email addresses' : 'phone numbers'}.`,
      },
    );
  let thread: { id: string; subject: string; ids: string[] } | null = null;
  if (input.thread) {
    const earlier = await db
      .select({ subject: messages.subject, messageId: messages.messageId, channel: messages.channel })
      .from(messages)
      .where(and(eq(messages.threadId, input.thread), eq(messages.entityType, kind.type), eq(messages.entityId, id)))
      .orderBy(asc(messages.createdAt));
    if (!earlier.length || earlier[0]!.channel !== input.channel)
      throw badRequest('Choose a conversation of this record.', { thread: 'Choose a conversation of this record.' });
    thread = {
      id: input.thread,
      subject: earlier[0]!.subject,
      ids: earlier.flatMap((m) => (m.messageId ? [m.messageId] : [])).slice(-20),
    };
  }
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  const messageRowId = crypto.randomUUID();
  const threadId = thread?.id ?? messageRowId;
  const subject = input.channel === 'email' ? input.subject || subjectOf(thread?.subject ?? '') : '';
  let outboxId: string | null = null;
  let messageId: string | null = null;
  let status: 'queued' | 'logged' = 'queued';
  let from = me?.email ?? '';
  if (input.channel === 'email') {
    messageId = `<${messageRowId}@${config.replyDomain}>`;
    from = replyAddress(config, actor.firmId, threadId);
    outboxId = await queueEmail(db, actor.firmId, {
      to: to.value,
      subject,
      text: input.body,
      messageId,
      replyTo: from,
      headers: thread?.ids.length ? { 'In-Reply-To': thread.ids.at(-1)!, References: thread.ids.join(' ') } : undefined,
    });
  } else {
    await sms.send({ to: to.value, from: '', body: input.body });
    status = 'logged';
  }
  await db.insert(messages).values({
    id: messageRowId,
    firmId: actor.firmId,
    entityType: kind.type,
    entityId: id,
    threadId,
    channel: input.channel,
    direction: 'out',
    fromAddress: from,
    toAddress: to.value,
    subject,
    body: input.body,
    messageId,
    outboxId,
    status,
    sentBy: actor.userId,
  });
  const [made] = (await selectMessages(db).where(eq(messages.id, messageRowId))).map(flat);
  return view(made!);
}

/** A record's messages go when it does (registered with the platform's removal of attachments). */
export async function removeMessages(db: Executor, kind: EntityKind, ids: string[]) {
  await db.delete(messages).where(and(eq(messages.entityType, kind.type), inArray(messages.entityId, ids)));
}
