import { z } from 'zod';
import {
  labelledEmailSchema,
  labelledPhoneSchema,
  personRefSchema,
  recordAddressSchema,
  recordMetaShape,
  tagsSchema,
} from './records';

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

/** The settings tab (customer settings, 12): marketing consent, and sales-tax exemption (kept unless sent). */
export const customerSettingsSchema = z.strictObject({
  marketingConsent: z.boolean(),
  taxExempt: z.boolean().optional(),
});

/** The store login: none, invited (link sent), active, or disabled. */
export const CUSTOMER_LOGINS = ['none', 'invited', 'active', 'disabled'] as const;

/** A customer as their page reads them (GET /customers/{id}). */
export const customerSchema = customerInputSchema.extend({
  ...recordMetaShape,
  name: z.string(),
  company: personRefSchema.nullable(),
  ambassador: personRefSchema.nullable(),
  assignedTo: personRefSchema.nullable(),
  marketingConsent: z.boolean(),
  consentAt: z.string().nullable(),
  /** Pays no sales tax on orders and quotes (or their account does not). */
  taxExempt: z.boolean(),
  login: z.enum(CUSTOMER_LOGINS),
});
export type Customer = z.output<typeof customerSchema>;

/** A row of the customers list (GET /customers): the first email, phone and city. */
export const customerRowSchema = customerSchema
  .pick({
    _id: true,
    name: true,
    company: true,
    assignedTo: true,
    source: true,
    tags: true,
    marketingConsent: true,
    archived: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ email: z.string(), phone: z.string(), city: z.string() });
export type CustomerRow = z.output<typeof customerRowSchema>;

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
