import { z } from 'zod';
import { personRefSchema } from './records';

/**
 * One-to-one messages (the `messaging` module): an email or a text to the person a record is
 * about, and the replies that come back, threaded on the record's Interactions tab.
 */
export const MESSAGE_KINDS = ['customer', 'lead', 'company', 'customer_job'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { email: 'Email', sms: 'Text message' };

/** The longest text message we send: ten SMS segments. */
export const MAX_SMS_LENGTH = 1600;

/** Said wherever a text is written: no SMS provider is reachable, so texts go to the server's log. */
export const SMS_NOT_CONNECTED =
  'No text-message provider is connected: texts are written to the server log, not sent to the phone.';

/** POST /{kind}/{id}/messages: a new message, or a reply in one of the record's threads. */
export const messageInputSchema = z
  .strictObject({
    channel: z.enum(MESSAGE_CHANNELS, { error: 'Choose email or text message.' }).default('email'),
    /** One of the record's own addresses or phone numbers (GET …/message-recipients). */
    to: z.string().trim().min(1, 'Choose who it goes to.').max(200, 'Use at most 200 characters.'),
    subject: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    body: z.string().trim().min(1, 'Write the message.').max(20_000, 'Use at most 20,000 characters.'),
    /** The thread it answers; none starts a new one. */
    thread: z.uuid('Choose a conversation from the list.').nullable().default(null),
  })
  .superRefine((m, ctx) => {
    if (m.channel === 'email' && !m.subject && !m.thread)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Write a subject.' });
    if (m.channel === 'sms' && m.body.length > MAX_SMS_LENGTH)
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `A text message takes at most ${MAX_SMS_LENGTH.toLocaleString('en-US')} characters.`,
      });
  });
export type MessageInput = z.input<typeof messageInputSchema>;

export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'logged', 'received'] as const;
export const MESSAGE_STATUS_LABELS: Record<(typeof MESSAGE_STATUSES)[number], string> = {
  queued: 'Sending',
  sent: 'Sent',
  failed: 'Not delivered',
  logged: 'Written to the log (no SMS provider)',
  received: 'Received',
};

export const oneMessageSchema = z.strictObject({
  _id: z.uuid(),
  thread: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  direction: z.enum(['out', 'in']),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  at: z.string(),
  by: personRefSchema.nullable(),
  status: z.enum(MESSAGE_STATUSES),
  /** Why it was not delivered (the mail server's answer). */
  error: z.string().nullable(),
});
export type OneMessage = z.output<typeof oneMessageSchema>;

/** A conversation on a record: its messages oldest first. */
export const messageThreadSchema = z.strictObject({
  _id: z.uuid(),
  channel: z.enum(MESSAGE_CHANNELS),
  subject: z.string(),
  lastAt: z.string(),
  messages: z.array(oneMessageSchema),
});
export type MessageThread = z.output<typeof messageThreadSchema>;

/** GET /{kind}/{id}/message-recipients: the record's own addresses and numbers, the only ones it may be sent to. */
export const messageRecipientSchema = z.strictObject({
  channel: z.enum(MESSAGE_CHANNELS),
  value: z.string(),
  label: z.string(),
});
export type MessageRecipient = z.output<typeof messageRecipientSchema>;

/** POST /{kind}/{id}/message-drafts: an email template's words, filled in for this record's person. */
export const messageDraftInputSchema = z.strictObject({ template: z.uuid('Choose an email template.') });
export const messageDraftSchema = z.strictObject({ subject: z.string(), body: z.string() });
export type MessageDraft = z.output<typeof messageDraftSchema>;
