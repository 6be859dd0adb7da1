import { z } from 'zod';
import { filterValueIdsSchema } from './filters';
import { MAX_OPTIONS, productOptionsSchema } from './options';
import { centsSchema, costCentsSchema } from './products';

/** A product's variants at most: 12 widths × 4 finishes × 3 doors × 2 hinges is 288. */
export const MAX_VARIANTS = 2_000;

/**
 * PUT /products/{id}/options: the options, in order. A value that active variants use can go
 * only with `archiveVariants` (those variants are archived with it); while the product has
 * variants, its options keep their number and order (each variant names one value of each).
 */
export const productOptionsInputSchema = z.strictObject({
  options: productOptionsSchema,
  archiveVariants: z.boolean().default(false),
  version: z.coerce.number({ error: 'Send the version you edited.' }).int(),
});
export type ProductOptionsInput = z.input<typeof productOptionsInputSchema>;

/** POST /products/{id}/variants: the combinations to make, one value of each option in order. */
export const variantsCreateSchema = z.strictObject({
  combinations: z
    .array(z.array(z.string().trim().min(1).max(60)).min(1).max(MAX_OPTIONS))
    .min(1, 'Choose at least one combination.')
    .max(MAX_VARIANTS, `Make at most ${MAX_VARIANTS} at once.`),
});

/** A variant as its product's grid shows it; a price or cost left empty is the product's. */
export const variantSchema = z.strictObject({
  _id: z.uuid(),
  values: z.array(z.string()),
  /** "24″ / Walnut / Shaker / Left". */
  name: z.string(),
  sku: z.string(),
  priceCents: centsSchema.nullable(),
  costCents: z.number().nullable(),
  barcode: z.string(),
  /** Its own filter values' ids (the product's apply to every variant). */
  filterValues: z.array(z.uuid()),
  /** One of the product's images (GET /products/{id}/images), shown for it; null: the product's first. */
  image: z.uuid().nullable(),
  archived: z.boolean(),
  version: z.number().int(),
});
export type Variant = z.output<typeof variantSchema>;

/** PUT /products/{id}/variants: edits of many variants, all or none, each on its version. */
export const variantsEditSchema = z.strictObject({
  variants: z
    .array(
      z.strictObject({
        _id: z.uuid('Not a variant of this product.'),
        sku: z
          .string()
          .trim()
          .min(1, 'Enter a SKU.')
          .max(64, 'Use at most 64 characters.')
          .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, 'Use letters, digits, dots, dashes and slashes.'),
        priceCents: centsSchema.nullable(),
        costCents: costCentsSchema.nullable(),
        barcode: z.string().trim().max(64, 'Use at most 64 characters.'),
        version: z.coerce.number().int(),
      }),
    )
    .min(1, 'Change at least one variant.')
    .max(MAX_VARIANTS),
});
export type VariantsEdit = z.input<typeof variantsEditSchema>;
/** One variant's edit, as a form holds it. */
export type VariantEdit = z.output<typeof variantsEditSchema>['variants'][number];

/** POST /products/{id}/variants/reprice: many variants' prices by a percentage or an amount, rounded half up. */
export const variantsRepriceSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'Choose at least one variant.').max(MAX_VARIANTS),
  by: z.enum(['percent', 'amount'], { error: 'Choose a percentage or an amount.' }),
  /** +10 is 10% more (or 10 cents more); −5 is 5% less. */
  value: z.coerce
    .number({ error: 'Enter a number.' })
    .min(-100_000_000, 'That change is too large.')
    .max(100_000_000, 'That change is too large.'),
});

/** POST /products/{id}/variants/archive and …/restore. */
export const variantIdsSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'Choose at least one variant.').max(MAX_VARIANTS),
});

/** POST /products/{id}/variants/filter-values: filter values added to and taken off many variants at once. */
export const variantsFilterValuesSchema = z
  .strictObject({
    ids: z.array(z.uuid()).min(1, 'Choose at least one variant.').max(MAX_VARIANTS),
    add: filterValueIdsSchema.default([]),
    remove: filterValueIdsSchema.default([]),
  })
  .refine((v) => v.add.length + v.remove.length > 0, { message: 'Choose values to add or take off.', path: ['add'] });
export type VariantsFilterValues = z.input<typeof variantsFilterValuesSchema>;

/** POST /products/{id}/variants/image: one of the product's images for many variants (null: none of their own). */
export const variantsImageSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1, 'Choose at least one variant.').max(MAX_VARIANTS),
  image: z.uuid('Not an image of this product.').nullable(),
});
export type VariantsImage = z.input<typeof variantsImageSchema>;
