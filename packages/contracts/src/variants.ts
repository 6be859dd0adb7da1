import { z } from 'zod';
import { centsSchema, costCentsSchema } from './products';

/** A product's options are as many as it needs (not three): each with its values in order. */
export const MAX_OPTIONS = 10;
export const MAX_OPTION_VALUES = 100;
/** A product's variants at most: 12 widths × 4 finishes × 3 doors × 2 hinges is 288. */
export const MAX_VARIANTS = 2_000;

const label = (what: string) => z.string().trim().min(1, `Enter ${what}.`).max(60, 'Use at most 60 characters.');

export const productOptionSchema = z.strictObject({
  name: label('the option’s name'),
  values: z
    .array(label('a value'))
    .min(1, 'Give the option at least one value.')
    .max(MAX_OPTION_VALUES, `Use at most ${MAX_OPTION_VALUES} values.`)
    .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'Each value once.'),
});
export type ProductOption = z.output<typeof productOptionSchema>;

/**
 * PUT /products/{id}/options: the options, in order. A value that active variants use can go
 * only with `archiveVariants` (those variants are archived with it); while the product has
 * variants, its options keep their number and order (each variant names one value of each).
 */
export const productOptionsInputSchema = z.strictObject({
  options: z
    .array(productOptionSchema)
    .max(MAX_OPTIONS, `Use at most ${MAX_OPTIONS} options.`)
    .refine((o) => new Set(o.map((x) => x.name.toLowerCase())).size === o.length, 'Each option once.'),
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
