import { z } from 'zod';
import { emailSchema } from './auth';
import { AMBASSADOR_KINDS } from './choices';
import { calendarDateSchema, phoneSchema, recordMetaShape, tagsSchema } from './records';

/** Referral codes are what a partner hands out: letters and digits, kept upper-case. */
export const REFERRAL_CODE = /^[A-Z0-9-]{4,20}$/;

/** A referral partner's details (POST /ambassadors, PUT /ambassadors/{id}). */
export const ambassadorInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the ambassador a name.').max(160, 'Use at most 160 characters.'),
  kind: z.enum(AMBASSADOR_KINDS, { error: 'Choose a person or a business.' }),
  email: z.union([z.literal(''), emailSchema]).default(''),
  phone: phoneSchema.default(''),
  // Left empty, the server makes one from the name.
  referralCode: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || REFERRAL_CODE.test(v), 'Use 4 to 20 letters, digits or dashes.')
    .default(''),
  commissionPercent: z.coerce
    .number({ error: 'Enter a percentage.' })
    .min(0, 'Use 0 or more.')
    .max(50, 'Use at most 50%.')
    // v * 100 is 434.99999999999994 for 4.35: compare with a tolerance, not Number.isInteger.
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.'),
  tags: tagsSchema.default([]),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type AmbassadorInput = z.input<typeof ambassadorInputSchema>;

/** An ambassador as its page reads it (GET /ambassadors/{id}). */
export const ambassadorSchema = ambassadorInputSchema.extend({
  ...recordMetaShape,
  /** Customers who came through this ambassador. */
  referrals: z.number().int(),
});
export type Ambassador = z.output<typeof ambassadorSchema>;

/** A row of the ambassadors list (GET /ambassadors). */
export const ambassadorRowSchema = ambassadorSchema.omit({ notes: true, version: true, updatedBy: true });
export type AmbassadorRow = z.output<typeof ambassadorRowSchema>;

// ---- Commissions: earned when a referred customer's invoice is paid (decision 0045) ----

/** A commission is owed once its invoice is paid, and paid once a payout covered it. */
export const COMMISSION_STATUSES = ['owed', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = { owed: 'Owed', paid: 'Paid' };

const ref = z.strictObject({ _id: z.uuid(), name: z.string() });

/** One invoice's commission: the rate of its ambassador when it was paid, on what it billed before tax. */
export const commissionSchema = z.strictObject({
  _id: z.uuid(),
  ambassador: ref,
  invoice: ref,
  customer: ref,
  /** What the invoice billed before tax: the commission's base. */
  baseCents: z.number(),
  percent: z.number(),
  amountCents: z.number(),
  /** The day its invoice was paid (the firm's today then). */
  earnedOn: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  /** The payout (an expense) that paid it, and when. */
  payout: ref.nullable(),
  paidOn: z.string().nullable(),
  /** False when its invoice is no longer paid (money unapplied after the payout). */
  invoicePaid: z.boolean(),
});
export type Commission = z.output<typeof commissionSchema>;

/** Earned (every commission), paid (by payouts) and owed (the rest), in cents. */
export const commissionTotalsSchema = z.strictObject({
  earnedCents: z.number(),
  paidCents: z.number(),
  owedCents: z.number(),
});
export type CommissionTotals = z.output<typeof commissionTotalsSchema>;

/** GET /commissions?ambassador=&status=: newest first, with the totals of what is asked. */
export const commissionListQuerySchema = z.object({
  ambassador: z.uuid('Choose an ambassador from the list.').optional(),
  status: z.enum(COMMISSION_STATUSES, { error: 'Use owed or paid.' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
});
export const commissionPageSchema = z.strictObject({
  items: z.array(commissionSchema),
  total: z.number().int(),
  next: z.string().nullable(),
  totals: commissionTotalsSchema,
});
export type CommissionPage = z.output<typeof commissionPageSchema>;

/**
 * POST /commissions/payout: pays an ambassador everything owed, recorded as an expense
 * (category "Commissions") paid from the account chosen.
 */
export const commissionPayoutSchema = z.strictObject({
  ambassador: z.uuid('Choose an ambassador from the list.'),
  paidFrom: z.uuid('Choose the account it is paid from.'),
  /** The firm's today unless said. */
  date: calendarDateSchema.nullable().default(null),
  reference: z.string().trim().max(120, 'Use at most 120 characters.').default(''),
});
export type CommissionPayoutInput = z.input<typeof commissionPayoutSchema>;
export const commissionPayoutResultSchema = z.strictObject({
  expense: ref,
  paidCents: z.number(),
  commissions: z.number().int(),
});
export type CommissionPayoutResult = z.output<typeof commissionPayoutResultSchema>;
