import { z } from 'zod';
import { mergeFields } from './merge-fields';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

// ---- Lien waivers: given to the firm's payer, received from its subs and suppliers (issue 24, decision 0049) ----

export const LIEN_WAIVER_DIRECTIONS = ['given', 'received'] as const;
export type LienWaiverDirection = (typeof LIEN_WAIVER_DIRECTIONS)[number];
export const LIEN_WAIVER_DIRECTION_LABELS: Record<LienWaiverDirection, string> = {
  given: 'Given by us',
  received: 'Received by us',
};

export const LIEN_WAIVER_CONDITIONS = ['conditional', 'unconditional'] as const;
export type LienWaiverCondition = (typeof LIEN_WAIVER_CONDITIONS)[number];
export const LIEN_WAIVER_CONDITION_LABELS: Record<LienWaiverCondition, string> = {
  conditional: 'Conditional',
  unconditional: 'Unconditional',
};

export const LIEN_WAIVER_SCOPES = ['progress', 'final'] as const;
export type LienWaiverScope = (typeof LIEN_WAIVER_SCOPES)[number];
export const LIEN_WAIVER_SCOPE_LABELS: Record<LienWaiverScope, string> = { progress: 'Progress', final: 'Final' };

/** The four kinds of waiver, each with its own template in the firm's document settings. */
export const LIEN_WAIVER_TYPES = [
  'conditional_progress',
  'unconditional_progress',
  'conditional_final',
  'unconditional_final',
] as const;
export type LienWaiverType = (typeof LIEN_WAIVER_TYPES)[number];
export const waiverTypeOf = (w: { condition: LienWaiverCondition; scope: LienWaiverScope }): LienWaiverType =>
  `${w.condition}_${w.scope}`;
export const LIEN_WAIVER_TYPE_LABELS: Record<LienWaiverType, string> = {
  conditional_progress: 'Conditional progress waiver',
  unconditional_progress: 'Unconditional progress waiver',
  conditional_final: 'Conditional final waiver',
  unconditional_final: 'Unconditional final waiver',
};

/**
 * The merge fields a waiver template may use, written `{{name}}`: substituted as plain text,
 * never evaluated. Anything else in double braces is refused when the template is saved.
 */
export const LIEN_WAIVER_MERGE_FIELDS = {
  firm: 'Your firm’s name',
  party: 'The other party: who receives the waiver, or who gave it',
  customer: 'The job’s customer',
  job: 'The job’s name',
  property: 'The property address',
  owner: 'The property owner',
  hiringParty: 'Who hired you',
  state: 'The state (two letters)',
  amount: 'The amount, like $12,500.00',
  throughDate: 'The through-date (progress waivers)',
  payment: 'The payment it answers: number, reference and date',
  date: 'Today’s date',
} as const;
export type LienWaiverMergeField = keyof typeof LIEN_WAIVER_MERGE_FIELDS;
const waiverFields = mergeFields(LIEN_WAIVER_MERGE_FIELDS);
/** The merge fields a template names that are not on the list. */
export const unknownMergeFields = waiverFields.unknown;
/** A template with its merge fields filled in, as text. */
export const fillWaiverTemplate = (template: string, values: Readonly<Record<LienWaiverMergeField, string>>) =>
  waiverFields.fill(template, values);

const template = waiverFields.text(20_000);
/** The firm's own waiver texts (its lawyer's), one per kind of waiver; empty is none. */
export const lienWaiverTemplatesSchema = z.strictObject({
  conditional_progress: template,
  unconditional_progress: template,
  conditional_final: template,
  unconditional_final: template,
});

const words = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);

/** POST /lien-waivers and PUT /lien-waivers/{id}. */
export const lienWaiverInputSchema = z
  .strictObject({
    lien: z.uuid('Choose a lien from the list.'),
    direction: z.enum(LIEN_WAIVER_DIRECTIONS, { error: 'Choose given or received.' }).default('given'),
    condition: z.enum(LIEN_WAIVER_CONDITIONS, { error: 'Choose conditional or unconditional.' }),
    scope: z.enum(LIEN_WAIVER_SCOPES, { error: 'Choose progress or final.' }),
    party: z.string().trim().min(1, 'Name the other party.').max(200, 'Use at most 200 characters.'),
    amountCents: z.coerce
      .number({ error: 'Enter an amount.' })
      .int('Use whole cents.')
      .min(0, 'Use 0 or more.')
      .max(100_000_000_000, 'That amount is too large.'),
    /** The last day of work a progress waiver covers. */
    throughDate: calendarDateSchema.nullable().default(null),
    /** The customer payment a waiver given answers. */
    payment: z.uuid('Choose a payment from the list.').nullable().default(null),
    /** The payment to a vendor a waiver received answers. */
    billPayment: z.uuid('Choose a payment to a vendor from the list.').nullable().default(null),
    signedOn: calendarDateSchema.nullable().default(null),
    /** One of the waiver's own files: the signed copy. */
    signedCopy: z.uuid('Choose one of the waiver’s files.').nullable().default(null),
    notes: words(4000).default(''),
  })
  .superRefine((w, ctx) => {
    if (w.scope === 'progress' && !w.throughDate)
      ctx.addIssue({ code: 'custom', path: ['throughDate'], message: 'A progress waiver runs through a date.' });
    if (w.direction === 'given' && w.billPayment)
      ctx.addIssue({
        code: 'custom',
        path: ['billPayment'],
        message: 'A waiver you give answers a payment you received: choose it under Payment.',
      });
    if (w.direction === 'received' && w.payment)
      ctx.addIssue({
        code: 'custom',
        path: ['payment'],
        message: 'A waiver you receive answers a payment you made to a vendor.',
      });
    if (w.signedCopy && !w.signedOn)
      ctx.addIssue({ code: 'custom', path: ['signedOn'], message: 'Enter the day it was signed.' });
  });
export type LienWaiverInput = z.input<typeof lienWaiverInputSchema>;
export type LienWaiverValues = z.output<typeof lienWaiverInputSchema>;

const fileSchema = z.strictObject({ _id: z.uuid(), name: z.string(), contentType: z.string(), url: z.string() });

/** A lien waiver as its page reads it (GET /lien-waivers/{id}). */
export const lienWaiverSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  lien: personRefSchema,
  customerJob: personRefSchema,
  direction: z.enum(LIEN_WAIVER_DIRECTIONS),
  condition: z.enum(LIEN_WAIVER_CONDITIONS),
  scope: z.enum(LIEN_WAIVER_SCOPES),
  party: z.string(),
  amountCents: z.number(),
  throughDate: z.string().nullable(),
  payment: personRefSchema.nullable(),
  billPayment: personRefSchema.nullable(),
  signedOn: z.string().nullable(),
  signedCopy: fileSchema.nullable(),
  notes: z.string(),
  /** Whether the firm's document settings hold a template for its kind: its PDF is made from it. */
  hasTemplate: z.boolean(),
});
export type LienWaiver = z.output<typeof lienWaiverSchema>;

export const lienWaiverRowSchema = z.strictObject({
  ...rowMetaShape,
  name: z.string(),
  lien: personRefSchema,
  customerJob: personRefSchema,
  direction: z.enum(LIEN_WAIVER_DIRECTIONS),
  party: z.string(),
  amountCents: z.number(),
  throughDate: z.string().nullable(),
  signedOn: z.string().nullable(),
});
export type LienWaiverRow = z.output<typeof lienWaiverRowSchema>;

/** GET /lien-waivers/due?payment={id}: what recording a payment on a job with an open lien calls for. */
export const lienWaiverDueQuerySchema = z.strictObject({ payment: z.uuid('Choose a payment from the list.') });
export const lienWaiverDueSchema = z.strictObject({
  due: z.array(
    z.strictObject({
      lien: personRefSchema,
      customerJob: personRefSchema,
      condition: z.enum(LIEN_WAIVER_CONDITIONS),
      scope: z.enum(LIEN_WAIVER_SCOPES),
      /** What the payment put on the job's invoices. */
      amountCents: z.number(),
      throughDate: z.string(),
      party: z.string(),
      /** The waiver already recorded for this payment and lien, if one is. */
      recorded: personRefSchema.nullable(),
      message: z.string(),
    }),
  ),
});
export type LienWaiverDue = z.output<typeof lienWaiverDueSchema>;
