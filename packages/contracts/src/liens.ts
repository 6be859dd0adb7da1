import { z } from 'zod';
import {
  LIEN_DEADLINE_KINDS,
  LIEN_FLAGS,
  LIEN_PROJECT_TYPES,
  LIEN_ROLES,
  lienDateOrder,
  lienDeadlineResultSchema,
  lienDeadlineSchema,
  lienFactsShape,
} from './lien-deadlines';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

// ---- A lien record: the firm's lien rights on one customer job (issue 24, decision 0048) ----

export const LIEN_STATUSES = ['notice_due', 'notice_sent', 'filed', 'released', 'expired'] as const;
export type LienStatus = (typeof LIEN_STATUSES)[number];
export const LIEN_STATUS_LABELS: Record<LienStatus, string> = {
  notice_due: 'Notice due',
  notice_sent: 'Notice sent',
  filed: 'Filed',
  released: 'Released',
  expired: 'Expired',
};
/** What a person may set; `expired` is set only when a recording or suit deadline is missed. */
export const LIEN_SETTABLE_STATUSES = ['notice_due', 'notice_sent', 'filed', 'released'] as const;

/** The papers a lien produces: each sent (or filed) on a day, with its proof among the lien's files. */
export const LIEN_DOCUMENT_KINDS = ['notice', 'filing', 'suit', 'release'] as const;
export type LienDocumentKind = (typeof LIEN_DOCUMENT_KINDS)[number];
export const LIEN_DOCUMENT_KIND_LABELS: Record<LienDocumentKind, string> = {
  notice: 'Notice',
  filing: 'Lien filing',
  suit: 'Suit filed',
  release: 'Release',
};

export const lienDocumentSchema = z.strictObject({
  kind: z.enum(LIEN_DOCUMENT_KINDS, { error: 'Choose notice, lien filing, suit filed or release.' }),
  title: z.string().trim().min(1, 'Name the document.').max(200, 'Use at most 200 characters.'),
  sentOn: calendarDateSchema.nullable().default(null),
  /** One of the lien's own files: the signed copy, the certified-mail receipt. */
  proof: z.uuid('Choose one of the lien’s files.').nullable().default(null),
});
export type LienDocumentInput = z.input<typeof lienDocumentSchema>;

/** POST /liens and PUT /liens/{id}. */
export const lienInputSchema = z
  .strictObject({
    customerJob: z.uuid('Choose a job from the list.'),
    ...lienFactsShape,
    propertyAddress: words(500).default(''),
    propertyOwner: words(200).default(''),
    hiringParty: words(200).default(''),
    /** None: the job's unpaid invoices. */
    amountOwedCents: z.coerce
      .number({ error: 'Enter an amount.' })
      .int('Use whole cents.')
      .min(0, 'Use 0 or more.')
      .max(100_000_000_000, 'That amount is too large.')
      .nullable()
      .default(null),
    status: z
      .enum(LIEN_SETTABLE_STATUSES, {
        error: 'Choose notice due, notice sent, filed or released (expired is set when a deadline is missed).',
      })
      .default('notice_due'),
    responsible: z.uuid('Choose a staff member from the list.').nullable().default(null),
    documents: z.array(lienDocumentSchema).max(50, 'Keep at most 50 documents on one lien.').default([]),
    notes: words(4000).default(''),
  })
  .superRefine((lien, ctx) => lienDateOrder(lien, ctx));
export type LienInput = z.input<typeof lienInputSchema>;
/** A lien's values as its form holds them. */
export type LienValues = z.output<typeof lienInputSchema>;

/** A deadline of a lien: the engine's, with whether its day passed before what it asks was done. */
export const lienRecordDeadlineSchema = lienDeadlineSchema.extend({
  /** Its day passed and the lien shows nothing done for it (a notice, a filing, a suit). */
  missed: z.boolean(),
});
export type LienRecordDeadline = z.output<typeof lienRecordDeadlineSchema>;

export const lienDeadlinesSchema = lienDeadlineResultSchema.extend({
  deadlines: z.array(lienRecordDeadlineSchema),
});
export type LienDeadlines = z.output<typeof lienDeadlinesSchema>;

const documentSchema = z.strictObject({
  kind: z.enum(LIEN_DOCUMENT_KINDS),
  title: z.string(),
  sentOn: z.string().nullable(),
  proof: z.strictObject({ _id: z.uuid(), name: z.string(), url: z.string() }).nullable(),
});

/** A lien as its page reads it (GET /liens/{id}). */
export const lienSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  customerJob: personRefSchema,
  customer: personRefSchema.nullable(),
  state: z.string(),
  role: z.enum(LIEN_ROLES),
  projectType: z.enum(LIEN_PROJECT_TYPES),
  flags: z.array(z.enum(LIEN_FLAGS)),
  firstFurnishingDate: z.string().nullable(),
  lastFurnishingDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  noticeOfCompletionDate: z.string().nullable(),
  recordingDate: z.string().nullable(),
  propertyAddress: z.string(),
  propertyOwner: z.string(),
  hiringParty: z.string(),
  /** As typed; null when it follows the job's unpaid invoices. */
  amountOwedCents: z.number().nullable(),
  /** What the job's sent, unpaid invoices still ask. */
  unpaidInvoicesCents: z.number(),
  /** The amount the lien claims: as typed, else the unpaid invoices. */
  owedCents: z.number(),
  status: z.enum(LIEN_STATUSES),
  responsible: personRefSchema.nullable(),
  documents: z.array(documentSchema),
  notes: z.string(),
  /** The next deadline ahead that is not done: what the list sorts by. */
  nextDeadline: z.strictObject({ kind: z.enum(LIEN_DEADLINE_KINDS), date: z.string() }).nullable(),
});
export type Lien = z.output<typeof lienSchema>;

export const lienRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  customerJob: personRefSchema,
  customer: personRefSchema.nullable(),
  state: z.string(),
  role: z.enum(LIEN_ROLES),
  status: z.enum(LIEN_STATUSES),
  owedCents: z.number(),
  nextDeadlineOn: z.string().nullable(),
  responsible: personRefSchema.nullable(),
});
export type LienRow = z.output<typeof lienRowSchema>;
