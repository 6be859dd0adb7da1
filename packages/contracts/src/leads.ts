import { z } from 'zod';
import { emailSchema } from './auth';
import { LEAD_STATUSES } from './choices';
import {
  calendarDateSchema,
  personRefSchema,
  phoneSchema,
  recordMetaShape,
  tagsSchema,
  versionSchema,
} from './records';

/** A lead's details (POST /leads, PUT /leads/{id}). Status changes go through /status. */
export const leadInputSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter a first name.').max(80, 'Use at most 80 characters.'),
  lastName: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  // The business they buy for, if any: converting can make it an account.
  companyName: z.string().trim().max(160, 'Use at most 160 characters.').default(''),
  email: z.union([z.literal(''), emailSchema]).default(''),
  phone: phoneSchema.default(''),
  // One of the firm's lead sources (leadSettings.sources), or empty.
  source: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  estimatedValueCents: z.coerce
    .number({ error: 'Enter an amount.' })
    .int('Use whole cents.')
    .min(0, 'Use 0 or more.')
    .max(100_000_000_00, 'That amount is too large.')
    .default(0),
  assignedTo: z.uuid('Choose someone from the list.').nullable().default(null),
  ambassador: z.uuid('Choose an ambassador from the list.').nullable().default(null),
  nextFollowUp: calendarDateSchema.nullable().default(null),
  tags: tagsSchema.default([]),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type LeadInput = z.input<typeof leadInputSchema>;

export const LOST_REASON_MISSING = 'Choose why the lead was lost.';

/** POST /leads/{id}/status: a move on the board. Lost needs one of the firm's lost reasons. */
export const leadStatusSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES, { error: 'Choose a status.' }),
    lostReason: z.string().trim().max(120, 'Use at most 120 characters.').default(''),
    ...versionSchema.shape,
  })
  .refine((v) => v.status !== 'lost' || v.lostReason !== '', {
    message: LOST_REASON_MISSING,
    path: ['lostReason'],
  });

/** POST /leads/{id}/convert: becomes a customer (and an account, when asked and named). */
export const convertLeadSchema = z.strictObject({
  createAccount: z.boolean().default(false),
  /** A job for the new customer too (DOMAIN: converting creates the customer, company and job). */
  job: z
    .strictObject({
      name: z.string().trim().min(1, 'Name the job.').max(160, 'Use at most 160 characters.'),
      startDate: calendarDateSchema.nullable().default(null),
      template: z.uuid('Choose a template from the list.').nullable().default(null),
    })
    .nullable()
    .default(null),
  ...versionSchema.shape,
});
export type ConvertLeadInput = z.input<typeof convertLeadSchema>;
/** What converting answers: the customer made (and the account and the job, when they were). */
export const convertLeadResultSchema = z.strictObject({
  customer: personRefSchema,
  company: personRefSchema.nullable(),
  job: personRefSchema.nullable(),
});
export type ConvertLeadResult = z.output<typeof convertLeadResultSchema>;

/**
 * POST /api/v1/public/leads/{key}: the firm's own website form. Cookie-less; `website` is the
 * honeypot (people leave it empty; a filled one is answered like success and dropped).
 */
export const webLeadSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter your first name.').max(80, 'Use at most 80 characters.'),
  lastName: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  email: z.union([z.literal(''), emailSchema]).default(''),
  phone: phoneSchema.default(''),
  companyName: z.string().trim().max(160, 'Use at most 160 characters.').default(''),
  message: z.string().trim().max(4000, 'Use at most 4,000 characters.').default(''),
  website: z.string().max(500).default(''),
});
/** What the website form hears back, whether the enquiry was kept or (the honeypot) dropped. */
export const webLeadReceivedSchema = z.strictObject({ received: z.literal(true) });

/** A lead as its page reads it (GET /leads/{id}). */
export const leadSchema = leadInputSchema.extend({
  ...recordMetaShape,
  name: z.string(),
  status: z.enum(LEAD_STATUSES),
  lostReason: z.string(),
  assignedTo: personRefSchema.nullable(),
  ambassador: personRefSchema.nullable(),
  /** The follow-up date has passed (in the firm's time zone) and the lead is still open. */
  overdue: z.boolean(),
  /** What the visitor wrote in the website form. */
  message: z.string(),
  convertedTo: z.strictObject({ customer: personRefSchema, company: personRefSchema.nullable() }).nullable(),
});
export type Lead = z.output<typeof leadSchema>;

/** A row of the leads list and a card of the board (GET /leads): its version, for moves. */
export const leadRowSchema = leadSchema.pick({
  _id: true,
  version: true,
  name: true,
  companyName: true,
  email: true,
  phone: true,
  source: true,
  status: true,
  estimatedValueCents: true,
  assignedTo: true,
  nextFollowUp: true,
  overdue: true,
  tags: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
});
export type LeadRow = z.output<typeof leadRowSchema>;

/** GET /leads/pipeline (same q and filters as the list): each stage's exact count and value. */
export const leadPipelineSchema = z.array(
  z.strictObject({
    stage: z.enum(LEAD_STATUSES),
    count: z.number().int().min(0),
    valueCents: z.number().int().min(0),
  }),
);
export type LeadPipeline = z.output<typeof leadPipelineSchema>;

export const LEAD_SORTS = ['name', 'value', 'followUp', 'created', 'updated'] as const;
export const LEAD_FILTERS = ['status', 'stage', 'assigned', 'source', 'ambassador', 'overdue', 'tag', 'id'] as const;

/** The firm's capture endpoint, shown on the lead settings page (166). */
export const webLeadCaptureSchema = z.strictObject({
  key: z.string(),
  endpoint: z.string(),
  allowedOrigin: z.string().nullable(),
});
export type WebLeadCapture = z.output<typeof webLeadCaptureSchema>;
