import { z } from 'zod';
import { emailSchema } from './auth';
import { AMBASSADOR_KINDS } from './choices';
import { phoneSchema, recordMetaShape, tagsSchema } from './records';

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
