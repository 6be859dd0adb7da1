import { z } from 'zod';
import { mergeFields } from './merge-fields';
import { recordMetaShape } from './records';

/**
 * Merge fields an email may carry, written `{{first_name}}`. Only these exist: the server
 * substitutes them as text (escaped in HTML) and never evaluates anything, so `{{customer.__proto__}}`
 * or `{{ 7*7 }}` is refused on save rather than reaching other data.
 */
export const MERGE_FIELDS = {
  first_name: { label: 'First name', sample: 'Casey' },
  last_name: { label: 'Last name', sample: 'Morgan' },
  full_name: { label: 'Full name', sample: 'Casey Morgan' },
  email: { label: 'Email address', sample: 'casey@example.com' },
  company: { label: 'Account (company) name', sample: 'Morgan Builders' },
  firm_name: { label: "Your firm's name", sample: '' },
  firm_website: { label: "Your firm's website", sample: '' },
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;

export const emailMergeFields = mergeFields(MERGE_FIELDS);

const mergeChecked = (max: number) => emailMergeFields.text(max).transform((t) => t.trim());

const webUrl = z
  .string()
  .trim()
  .max(2000, 'Use at most 2,000 characters.')
  .regex(/^(https?:\/\/|mailto:)\S+$/i, 'Use an address starting with https://, http:// or mailto:.');

export const EMAIL_BLOCK_TYPES = ['heading', 'text', 'image', 'button', 'products', 'footer'] as const;
export type EmailBlockType = (typeof EMAIL_BLOCK_TYPES)[number];
export const EMAIL_BLOCK_LABELS: Record<EmailBlockType, string> = {
  heading: 'Heading',
  text: 'Text',
  image: 'Image',
  button: 'Button',
  products: 'Product cards',
  footer: 'Footer',
};

/** One block of an email, top to bottom. Text blocks hold rich text the server sanitises on save. */
export const emailBlockSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('heading'),
      text: mergeChecked(200).pipe(z.string().min(1, 'Write the heading.')),
    }),
    z.strictObject({ type: z.literal('text'), html: mergeChecked(20_000) }),
    z.strictObject({
      type: z.literal('image'),
      /** An image file of the firm's, uploaded on the email's page. */
      file: z.uuid('Choose an image.'),
      alt: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
      href: z.union([z.literal(''), webUrl]).default(''),
    }),
    z.strictObject({
      type: z.literal('button'),
      label: mergeChecked(60).pipe(z.string().min(1, 'Write what the button says.')),
      url: webUrl,
    }),
    z.strictObject({
      type: z.literal('products'),
      products: z
        .array(z.uuid('Choose products from the list.'))
        .min(1, 'Choose at least one product.')
        .max(6, 'Choose at most 6 products.'),
    }),
    z.strictObject({ type: z.literal('footer'), text: mergeChecked(1000) }),
  ],
  { error: 'Choose a block: heading, text, image, button, product cards or footer.' },
);
export type EmailBlock = z.output<typeof emailBlockSchema>;
export type EmailBlockInput = z.input<typeof emailBlockSchema>;

const emailContentShape = {
  subject: mergeChecked(200).pipe(z.string().min(1, 'Write a subject.')),
  /** The line mail apps show after the subject. */
  preheader: mergeChecked(200).default(''),
  blocks: z.array(emailBlockSchema).max(50, 'Use at most 50 blocks.').default([]),
};

/** POST /emails, PUT /emails/{id}: an email template (code 99). */
export const emailInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the email a name.').max(120, 'Use at most 120 characters.'),
  ...emailContentShape,
});
export type EmailInput = z.input<typeof emailInputSchema>;

/** POST /emails/preview: what the editor has now, saved or not. */
export const emailPreviewInputSchema = z.strictObject(emailContentShape);
export type EmailPreviewInput = z.input<typeof emailPreviewInputSchema>;

/** The email as a customer would get it (sample merge values), HTML and its plain-text part. */
export const emailRenderedSchema = z.strictObject({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailRendered = z.output<typeof emailRenderedSchema>;

export const emailRecordSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  blocks: z.array(emailBlockSchema),
  sends: z.number().int(),
  lastSentAt: z.string().nullable(),
});
export type Email = z.output<typeof emailRecordSchema>;

export const emailRowSchema = emailRecordSchema.pick({
  _id: true,
  name: true,
  subject: true,
  sends: true,
  lastSentAt: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
});
export type EmailRow = z.output<typeof emailRowSchema>;

/**
 * Who a marketing send goes to: customers who consented to marketing (always, by the query
 * itself) and meet every rule given. No rule: every consenting customer with an email address.
 */
export const segmentSchema = z.strictObject({
  tags: z.array(z.string().trim().min(1).max(40)).max(30, 'Use at most 30 tags.').default([]),
  companies: z.array(z.uuid('Choose accounts from the list.')).max(100, 'Choose at most 100 accounts.').default([]),
  sources: z.array(z.string().trim().min(1).max(80)).max(30, 'Use at most 30 sources.').default([]),
  /** Bought from any of these categories (subcategories included), on a confirmed order. */
  boughtCategories: z
    .array(z.uuid('Choose categories from the list.'))
    .max(50, 'Choose at most 50 categories.')
    .default([]),
  /** Spent more than this on confirmed orders, in all. */
  spentOverCents: z.coerce
    .number()
    .int('Use whole cents.')
    .min(0, 'Use 0 or more.')
    .max(100_000_000_00)
    .nullable()
    .default(null),
  /** Their last order was before this day (lapsed customers). */
  lastOrderBefore: z.iso.date('Use a date like 2026-01-31.').nullable().default(null),
});
export type Segment = z.output<typeof segmentSchema>;
export type SegmentInput = z.input<typeof segmentSchema>;

/** POST /email-segments/count: how many a segment reaches now, and the first few. */
export const segmentCountSchema = z.strictObject({
  count: z.number().int(),
  sample: z.array(z.strictObject({ _id: z.uuid(), name: z.string(), email: z.string() })),
});
export type SegmentCount = z.output<typeof segmentCountSchema>;

/** The fastest a send may go: messages handed to the outbox per minute. */
export const MAX_SEND_RATE_PER_MINUTE = 600;

/** POST /emails/{id}/sends (code 102). */
export const emailSendInputSchema = z.strictObject({
  segment: segmentSchema,
  ratePerMinute: z.coerce
    .number()
    .int('Use a whole number.')
    .min(1, 'Send at least 1 a minute.')
    .max(MAX_SEND_RATE_PER_MINUTE, `Send at most ${MAX_SEND_RATE_PER_MINUTE} a minute.`)
    .default(120),
});
export type EmailSendInput = z.input<typeof emailSendInputSchema>;

export const EMAIL_SEND_STATUSES = ['sending', 'sent'] as const;
export const EMAIL_SEND_STATUS_LABELS: Record<(typeof EMAIL_SEND_STATUSES)[number], string> = {
  sending: 'Sending',
  sent: 'Sent',
};

/** One send of an email to a segment, with its results so far. */
export const emailSendSchema = z.strictObject({
  _id: z.uuid(),
  status: z.enum(EMAIL_SEND_STATUSES),
  subject: z.string(),
  segment: segmentSchema,
  ratePerMinute: z.number().int(),
  createdAt: z.string(),
  by: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
  recipients: z.number().int(),
  /** Handed to the mail server, still waiting, or waiting for the outbox. */
  waiting: z.number().int(),
  /** The mail server accepted it. */
  delivered: z.number().int(),
  /** The mail server refused it (no bounce mailbox is read: what it answered at send time). */
  bounced: z.number().int(),
  /** Left out because the person unsubscribed before their turn came. */
  skipped: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
});
export type EmailSend = z.output<typeof emailSendSchema>;

/** GET and POST /public/unsubscribe?t=…: whose address, at which firm, and whether it still gets marketing. */
export const unsubscribeAnswerSchema = z.strictObject({
  firmName: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
});
export type UnsubscribeAnswer = z.output<typeof unsubscribeAnswerSchema>;

/** The message a link gets when its token was changed, forged or cut. */
export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid: it may have been cut or changed. Nothing was changed. Open the link from the email again, or reply to the email and ask.';
