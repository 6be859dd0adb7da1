import { z } from 'zod';
import { COLLECTION_KINDS } from './choices';
import { recordMetaShape } from './records';

/**
 * A rule collection's members are the products that meet every rule given: a tag among these,
 * a category among these (subcategories included), a vendor among these, a price within the
 * range, on sale. They change as products change: the rules run whenever the collection is read.
 */
export const collectionRulesSchema = z.strictObject({
  tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
  categories: z.array(z.uuid('Choose a category from the list.')).max(50).default([]),
  vendors: z.array(z.uuid('Choose a vendor from the list.')).max(50).default([]),
  minPriceCents: z.coerce.number().int('Use whole cents.').min(0, 'Use 0 or more.').nullable().default(null),
  maxPriceCents: z.coerce.number().int('Use whole cents.').min(0, 'Use 0 or more.').nullable().default(null),
  /** Only products on sale: priced below their compare-at ("was") price. */
  onSale: z.boolean().default(false),
});
export type CollectionRules = z.output<typeof collectionRulesSchema>;

/** POST /collections, PUT /collections/{id}: a hand-picked set, or one made by rules. */
export const collectionInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the collection a name.').max(120, 'Use at most 120 characters.'),
    description: z.string().trim().max(2_000, 'Use at most 2,000 characters.').default(''),
    kind: z.enum(COLLECTION_KINDS, { error: 'Choose hand-picked or by rules.' }),
    rules: collectionRulesSchema.default({
      tags: [],
      categories: [],
      vendors: [],
      minPriceCents: null,
      maxPriceCents: null,
      onSale: false,
    }),
  })
  .superRefine((c, ctx) => {
    const r = c.rules;
    if (
      c.kind === 'rules' &&
      !r.tags.length &&
      !r.categories.length &&
      !r.vendors.length &&
      r.minPriceCents === null &&
      r.maxPriceCents === null &&
      !r.onSale
    )
      ctx.addIssue({ code: 'custom', path: ['rules'], message: 'Give at least one rule.' });
    if (r.minPriceCents !== null && r.maxPriceCents !== null && r.maxPriceCents < r.minPriceCents)
      ctx.addIssue({ code: 'custom', path: ['rules', 'maxPriceCents'], message: 'Use the lowest price or more.' });
  });
export type CollectionInput = z.input<typeof collectionInputSchema>;

export const collectionSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  description: z.string(),
  kind: z.enum(COLLECTION_KINDS),
  rules: collectionRulesSchema,
  /** Products in it now (active ones). */
  products: z.number().int(),
});
export type Collection = z.output<typeof collectionSchema>;

export const collectionRowSchema = collectionSchema.pick({
  _id: true,
  name: true,
  kind: true,
  products: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
});
export type CollectionRow = z.output<typeof collectionRowSchema>;

/** PUT /collections/{id}/products: a hand-picked collection's products, in order. */
export const collectionMembersSchema = z.strictObject({
  products: z.array(z.uuid('Choose a product from the list.')).max(5_000),
  version: z.coerce.number().int(),
});

export const collectionMemberSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  priceCents: z.number().int(),
});
export type CollectionMember = z.output<typeof collectionMemberSchema>;

/** GET /products/{id}/collections: the collections a product is in now, by name. */
export const productCollectionSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  kind: z.enum(COLLECTION_KINDS),
});
export type ProductCollection = z.output<typeof productCollectionSchema>;
