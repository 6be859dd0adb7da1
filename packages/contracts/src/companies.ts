import { z } from 'zod';
import { emailSchema } from './auth';
import type { PersonRef, RecordAddress, RecordMeta } from './records';
import { phoneSchema, recordAddressSchema, tagsSchema } from './records';

export const COMPANY_TYPES = ['trade', 'retail', 'wholesale', 'contractor'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

const optionalEmail = z.union([z.literal(''), emailSchema]);
const website = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Enter an address like https://example.com.');

/** The account's details (POST /companies, PUT /companies/{id}). */
export const companyInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the account a name.').max(160, 'Use at most 160 characters.'),
  type: z.enum(COMPANY_TYPES, { error: 'Choose a type.' }),
  phone: phoneSchema.default(''),
  email: optionalEmail.default(''),
  website: website.default(''),
  addresses: z.array(recordAddressSchema).max(20, 'Use at most 20 addresses.').default([]),
  assignedTo: z.uuid('Choose someone from the list.').nullable().default(null),
  tags: tagsSchema.default([]),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/** The settings tab: money and tax (needs company financials, 15). */
export const companyFinancialsSchema = z.strictObject({
  paymentTermsDays: z.coerce.number().int().min(0, 'Use 0 or more days.').max(365, 'Use at most 365 days.'),
  creditLimitCents: z.coerce.number().int().min(0, 'Use 0 or more.').max(100_000_000_00, 'That limit is too large.'),
  priceLevel: z.string().trim().max(60),
  taxExempt: z.boolean(),
  taxCertificate: z.uuid('Upload the certificate again.').nullable(),
});
export type CompanyFinancials = z.infer<typeof companyFinancialsSchema>;

export type Company = RecordMeta & {
  name: string;
  type: CompanyType;
  phone: string;
  email: string;
  website: string;
  addresses: RecordAddress[];
  assignedTo: PersonRef | null;
  tags: string[];
  notes: string;
  contacts: number;
  /** Present only for those who may see financials (15). */
  financials?: CompanyFinancials;
};

/** A row of the accounts list. */
export type CompanyRow = Pick<
  Company,
  '_id' | 'name' | 'type' | 'phone' | 'email' | 'assignedTo' | 'tags' | 'archived' | 'createdAt' | 'updatedAt'
> & {
  city: string;
  contacts: number;
  /** Only for holders of 15 (the account's financials); left out for everyone else. */
  paymentTermsDays?: number | null;
  creditLimitCents?: number | null;
};

export const COMPANY_SORTS = ['name', 'type', 'created', 'updated'] as const;
export const COMPANY_FILTERS = ['status', 'type', 'assigned', 'tag', 'id'] as const;
