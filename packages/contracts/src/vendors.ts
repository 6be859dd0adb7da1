import { z } from 'zod';
import {
  optionalEmailSchema,
  phoneSchema,
  recordAddressSchema,
  recordMetaShape,
  tagsSchema,
  websiteSchema,
} from './records';

/** Days, as terms and lead times are counted; left out, a new vendor takes the vendor settings' (31). */
const days = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what} in days.` })
    .int('Use whole days.')
    .min(0, 'Use 0 or more days.')
    .max(365, 'Use at most 365 days.')
    .optional();

/** A vendor's details (POST /vendors, PUT /vendors/{id}). */
export const vendorInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the vendor a name.').max(160, 'Use at most 160 characters.'),
  contactName: z.string().trim().max(120, 'Use at most 120 characters.').default(''),
  email: optionalEmailSchema.default(''),
  phone: phoneSchema.default(''),
  website: websiteSchema.default(''),
  addresses: z.array(recordAddressSchema).max(20, 'Use at most 20 addresses.').default([]),
  /** The firm's account number with the vendor, printed on purchase orders. */
  accountNumber: z.string().trim().max(60, 'Use at most 60 characters.').default(''),
  /** Days the firm has to pay the vendor's bills. */
  paymentTermsDays: days('payment terms'),
  /** Days from ordering to delivery, unless an item says otherwise. */
  leadTimeDays: days('lead time'),
  tags: tagsSchema.default([]),
  notes: z.string().max(10_000, 'Use at most 10,000 characters.').default(''),
});
export type VendorInput = z.input<typeof vendorInputSchema>;

/** A vendor as its page reads it (GET /vendors/{id}). */
export const vendorSchema = vendorInputSchema.extend({
  ...recordMetaShape,
  paymentTermsDays: z.number().int(),
  leadTimeDays: z.number().int(),
});
export type Vendor = z.output<typeof vendorSchema>;

/** A row of the vendors list (GET /vendors). */
export const vendorRowSchema = vendorSchema
  .pick({
    _id: true,
    name: true,
    contactName: true,
    email: true,
    phone: true,
    paymentTermsDays: true,
    leadTimeDays: true,
    tags: true,
    archived: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    /** The first address's. */
    city: z.string(),
  });
export type VendorRow = z.output<typeof vendorRowSchema>;
