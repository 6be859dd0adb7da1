import { z } from 'zod';
import { COMPANY_TYPES } from './choices';
import {
  optionalEmailSchema as optionalEmail,
  personRefSchema,
  phoneSchema,
  recordAddressSchema,
  recordMetaShape,
  tagsSchema,
  websiteSchema as website,
} from './records';

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

/** An account as its page reads it (GET /companies/{id}). */
export const companySchema = companyInputSchema.extend({
  ...recordMetaShape,
  assignedTo: personRefSchema.nullable(),
  /** Its active contacts (customers). */
  contacts: z.number().int(),
  /** Present only for those who may see financials (15). */
  financials: companyFinancialsSchema.optional(),
});
export type Company = z.output<typeof companySchema>;

/** A row of the accounts list (GET /companies). */
export const companyRowSchema = companySchema
  .pick({
    _id: true,
    name: true,
    type: true,
    phone: true,
    email: true,
    assignedTo: true,
    tags: true,
    contacts: true,
    archived: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    /** The first address's. */
    city: z.string(),
    /** Only for holders of 15 (the account's financials); left out for everyone else. */
    paymentTermsDays: companyFinancialsSchema.shape.paymentTermsDays.optional(),
    creditLimitCents: companyFinancialsSchema.shape.creditLimitCents.optional(),
  });
export type CompanyRow = z.output<typeof companyRowSchema>;

// The export keeps its columns in this order; the financials (behind 15) come after the rest.

export const COMPANY_SORTS = ['name', 'type', 'created', 'updated'] as const;
export const COMPANY_FILTERS = ['status', 'type', 'assigned', 'tag', 'id'] as const;

/**
 * An account's own prices (the wholesale module; its pricing tab): a product or variant at a
 * price for this account alone, over its price level's discount.
 */
export const companyPriceInputSchema = z.strictObject({
  prices: z
    .array(
      z.strictObject({
        item: z.strictObject({
          type: z.enum(['product', 'variant'], { error: 'Choose a product or a variant.' }),
          id: z.uuid('Choose an item from the list.'),
        }),
        priceCents: z.coerce
          .number({ error: 'Enter an amount.' })
          .int('Use whole cents.')
          .min(0, 'Use 0 or more.')
          .max(100_000_000_000, 'That amount is too large.'),
      }),
    )
    .max(500, 'Use at most 500 prices.'),
});
export type CompanyPriceInput = z.input<typeof companyPriceInputSchema>;

export const companyPricesSchema = z.strictObject({
  /** The account's price level and what it takes off, in words ("Trade: 15 % off Tile"). */
  level: z.string(),
  rules: z.array(z.string()),
  prices: z.array(
    z.strictObject({
      item: z.strictObject({ type: z.enum(['product', 'variant']), _id: z.uuid(), name: z.string(), sku: z.string() }),
      priceCents: z.number(),
      listPriceCents: z.number(),
    }),
  ),
});
export type CompanyPrices = z.output<typeof companyPricesSchema>;
