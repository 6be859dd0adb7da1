import { z } from 'zod';
import { emailSchema } from './auth';

/** What every record carries besides its own fields (responses are checked against it). */
export const recordMetaShape = {
  _id: z.uuid(),
  version: z.number().int(),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
};
export type RecordMeta = z.infer<z.ZodObject<typeof recordMetaShape>>;

/** What every list row carries besides the kind's columns. */
export const rowMetaShape = {
  _id: recordMetaShape._id,
  archived: recordMetaShape.archived,
  createdAt: recordMetaShape.createdAt,
  updatedAt: recordMetaShape.updatedAt,
};

/** Someone a record names: who changed it, who it is assigned to. */
export const personRefSchema = z.strictObject({ _id: z.uuid(), name: z.string() });
export type PersonRef = z.output<typeof personRefSchema>;

export const ADDRESS_KINDS = ['billing', 'shipping', 'job_site', 'home', 'other'] as const;

export const recordAddressSchema = z.strictObject({
  kind: z.enum(ADDRESS_KINDS, { error: 'Choose what this address is for.' }),
  label: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  line1: z.string().trim().min(1, 'Enter the street address.').max(200, 'Use at most 200 characters.'),
  line2: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
  city: z.string().trim().min(1, 'Enter the city.').max(100, 'Use at most 100 characters.'),
  region: z.string().trim().max(100, 'Use at most 100 characters.').default(''),
  postalCode: z.string().trim().max(20, 'Use at most 20 characters.').default(''),
  country: z.string().trim().min(2, 'Enter the country.').max(60, 'Use at most 60 characters.').default('US'),
});
export type RecordAddress = z.infer<typeof recordAddressSchema>;

export const phoneSchema = z
  .string()
  .trim()
  .max(40, 'Use at most 40 characters.')
  .refine((v) => v === '' || /^[+()\d][\d\s().\-x]{5,}$/i.test(v), 'Enter a phone number like (207) 555-0134.');

/** An email address, or nothing. */
export const optionalEmailSchema = z.union([z.literal(''), emailSchema]);

/** A web address, or nothing. */
export const websiteSchema = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Enter an address like https://example.com.');

export const tagsSchema = z
  .array(z.string().trim().min(1).max(40, 'Tags are at most 40 characters.'))
  .max(30, 'Use at most 30 tags.');

export const labelledEmailSchema = z.strictObject({ label: z.string().trim().max(40).default(''), email: emailSchema });
export const labelledPhoneSchema = z.strictObject({
  label: z.string().trim().max(40).default(''),
  number: phoneSchema.refine((v) => v !== '', 'Enter a phone number.'),
});

/** Possible duplicates shown while creating a record (a warning, never a block). */
export const duplicateMatchSchema = z.object({ _id: z.uuid(), name: z.string(), reason: z.string() });
export type DuplicateMatch = z.output<typeof duplicateMatchSchema>;

/** The 409 of a stale edit says who changed the record, and when. */
export type StaleEdit = { changedBy: string | null; changedAt: string };

/**
 * Every edit says which version of the record it was made on (the `version` the record was read
 * with). Without it an edit could overwrite someone else's unseen, so it is refused.
 */
export const VERSION_MISSING_MESSAGE = 'Say which version you edited: reload the record and try again.';
export const versionSchema = z.strictObject({
  version: z
    .number({ error: VERSION_MISSING_MESSAGE })
    .int(VERSION_MISSING_MESSAGE)
    .min(1, VERSION_MISSING_MESSAGE)
    .max(2_147_483_647, VERSION_MISSING_MESSAGE),
});
/** An update's body: the record's input and the version it was made on. */
export const withVersion = <S extends z.core.$ZodShape, C extends z.core.$ZodObjectConfig>(schema: z.ZodObject<S, C>) =>
  schema.extend(versionSchema.shape);

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A day in the firm's calendar, as YYYY-MM-DD (a follow-up, an expected delivery). */
export const calendarDateSchema = z
  .string()
  .refine((v) => CALENDAR_DATE.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a date.');
