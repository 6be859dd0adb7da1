import { z } from 'zod';
import type { PersonRef, RecordAddress, RecordMeta } from './records';
import { labelledEmailSchema, labelledPhoneSchema, recordAddressSchema, tagsSchema } from './records';

/** The customer's details (POST /customers, PUT /customers/{id}). */
export const customerInputSchema = z.strictObject({
  firstName: z.string().trim().min(1, 'Enter a first name.').max(80, 'Use at most 80 characters.'),
  lastName: z.string().trim().max(80, 'Use at most 80 characters.').default(''),
  company: z.uuid('Choose an account from the list.').nullable().default(null),
  // The ambassador who referred them, if one did.
  ambassador: z.uuid('Choose an ambassador from the list.').nullable().default(null),
  emails: z.array(labelledEmailSchema).max(10, 'Use at most 10 email addresses.').default([]),
  phones: z.array(labelledPhoneSchema).max(10, 'Use at most 10 phone numbers.').default([]),
  addresses: z.array(recordAddressSchema).max(20, 'Use at most 20 addresses.').default([]),
  assignedTo: z.uuid('Choose someone from the list.').nullable().default(null),
  source: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  tags: tagsSchema.default([]),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

/** The settings tab (customer settings, 12): marketing consent. */
export const customerSettingsSchema = z.strictObject({ marketingConsent: z.boolean() });

export type Customer = RecordMeta & {
  firstName: string;
  lastName: string;
  name: string;
  company: { _id: string; name: string } | null;
  ambassador: { _id: string; name: string } | null;
  emails: { label: string; email: string }[];
  phones: { label: string; number: string }[];
  addresses: RecordAddress[];
  assignedTo: PersonRef | null;
  source: string;
  tags: string[];
  notes: string;
  marketingConsent: boolean;
  consentAt: string | null;
  /** The store login: none, invited (link sent), active, or disabled. */
  login: 'none' | 'invited' | 'active' | 'disabled';
};

export type CustomerRow = Pick<
  Customer,
  '_id' | 'name' | 'company' | 'assignedTo' | 'source' | 'tags' | 'archived' | 'createdAt' | 'updatedAt'
> & {
  email: string;
  phone: string;
  city: string;
  marketingConsent: boolean;
};

export const CUSTOMER_SORTS = ['name', 'email', 'created', 'updated'] as const;
export const CUSTOMER_FILTERS = [
  'status',
  'company',
  'ambassador',
  'assigned',
  'source',
  'tag',
  'consent',
  'id',
] as const;
