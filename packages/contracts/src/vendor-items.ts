import { z } from 'zod';
import { costCentsSchema } from './products';

const count = (what: string) =>
  z.coerce
    .number({ error: `Enter ${what}.` })
    .int('Use a whole number.')
    .min(1, 'Use 1 or more.')
    .max(1_000_000);

/**
 * POST /vendor-items, PUT /vendor-items/{id}: what a vendor sells the firm, as the vendor names
 * it: one product (without variants), variant or material; its cost per unit, how many come in a
 * pack and the fewest packs to order; its lead time when not the vendor's. One vendor is the
 * item's preferred one (purchase suggestions go to it).
 */
export const vendorItemInputSchema = z.strictObject({
  vendor: z.uuid('Choose a vendor from the list.'),
  product: z.uuid('Choose a product from the list.').nullable().default(null),
  variant: z.uuid('Choose a variant from the list.').nullable().default(null),
  material: z.uuid('Choose a material from the list.').nullable().default(null),
  vendorSku: z.string().trim().max(64, 'Use at most 64 characters.').default(''),
  costCents: costCentsSchema,
  packSize: count('how many come in a pack').default(1),
  minimumPacks: count('the fewest packs to order').default(1),
  leadTimeDays: z.coerce
    .number()
    .int('Use whole days.')
    .min(0, 'Use 0 or more days.')
    .max(365)
    .nullable()
    .default(null),
  preferred: z.boolean().default(false),
});
export type VendorItemInput = z.input<typeof vendorItemInputSchema>;

const ref = z.strictObject({ _id: z.uuid(), name: z.string() });

export const vendorItemSchema = z.strictObject({
  _id: z.uuid(),
  vendor: ref,
  /** What is bought: its kind, its record (a variant names its product's page), its name and SKU. */
  item: z.strictObject({
    kind: z.enum(['product', 'variant', 'material']),
    _id: z.uuid(),
    name: z.string(),
    sku: z.string(),
    href: z.string(),
  }),
  vendorSku: z.string(),
  costCents: z.number(),
  packSize: z.number().int(),
  minimumPacks: z.number().int(),
  leadTimeDays: z.number().int().nullable(),
  /** The lead time that applies: its own, else the vendor's. */
  effectiveLeadTimeDays: z.number().int(),
  preferred: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorItem = z.output<typeof vendorItemSchema>;

/** GET /vendor-items: one vendor's items, or one product's, variant's or material's vendors. */
export const vendorItemsQuerySchema = z.strictObject({
  vendor: z.uuid('Not a vendor.').optional(),
  product: z.uuid('Not a product.').optional(),
  material: z.uuid('Not a material.').optional(),
});
