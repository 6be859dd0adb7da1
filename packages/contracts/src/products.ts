import { z } from 'zod';
import { COVERAGE_UNITS, PRICING_MODES, PRODUCT_STATUSES, SELL_UNITS } from './choices';
import { filterValueIdsSchema, filterValueRefSchema } from './filters';
import { productOptionsSchema } from './options';
import { personRefSchema, recordMetaShape, tagsSchema } from './records';

/** A decimal with at most `places` decimals (checked with a tolerance: 4.35 * 100 is not whole in floats). */
const places = (value: number, n: number) => Math.abs(value * 10 ** n - Math.round(value * 10 ** n)) < 1e-6;

export const measure = (what: string, max: number) =>
  z.coerce
    .number({ error: `Enter ${what}.` })
    .min(0, 'Use 0 or more.')
    .max(max, `Use at most ${max.toLocaleString('en-US')}.`)
    .refine((v) => places(v, 4), 'Use at most four decimals.');

/** Money in cents: whole, not negative, at most a billion dollars. */
export const centsSchema = z.coerce
  .number({ error: 'Enter an amount.' })
  .int('Use whole cents.')
  .min(0, 'Use 0 or more.')
  .max(100_000_000_000, 'That amount is too large.');

/**
 * A cost in cents to two decimals (hundredths of a cent: a screw at $0.043 is 4.3 cents), as
 * products, variants, materials and vendor items keep it.
 */
export const costCentsSchema = z.coerce
  .number({ error: 'Enter an amount.' })
  .min(0, 'Use 0 or more.')
  .max(100_000_000_000, 'That amount is too large.')
  .refine((v) => places(v, 2), 'Use at most four decimals of a dollar.');

/** SKUs are what people type and scan: letters, digits and a few separators. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/;

/**
 * A product's details (POST /products, PUT /products/{id}). Prices are cents; a cost may be a
 * fraction of a cent (a screw at $0.043 is 4.3 cents), so it takes two decimals. Left out, the
 * SKU is made from the product settings' prefix, the unit and tax class are the settings' first.
 */
export const productInputSchema = z.strictObject({
  sku: z
    .string()
    .trim()
    .max(64, 'Use at most 64 characters.')
    .refine((v) => v === '' || SKU_PATTERN.test(v), 'Use letters, digits, dots, dashes and slashes.')
    .default(''),
  name: z.string().trim().min(1, 'Give the product a name.').max(200, 'Use at most 200 characters.'),
  /** Rich text: HTML the server sanitises (headings, lists, links, emphasis), '' when empty. */
  description: z.string().max(20_000, 'Use at most 20,000 characters.').default(''),
  status: z.enum(PRODUCT_STATUSES, { error: 'Choose active or draft.' }).default('active'),
  unit: z.enum(SELL_UNITS, { error: 'Choose a unit from the list.' }).optional(),
  /** What one unit covers (a box of tile: 10.76 sq ft). */
  coverage: z
    .strictObject({
      amount: measure('what one unit covers', 100_000).refine((v) => v > 0, 'Use more than 0.'),
      unit: z.enum(COVERAGE_UNITS, { error: 'Choose square or linear feet.' }),
    })
    .nullable()
    .default(null),
  priceCents: centsSchema,
  /** The "was" price a sale is shown against: above the price, the product is on sale. */
  compareAtCents: centsSchema.nullable().default(null),
  costCents: costCentsSchema.default(0),
  taxClass: z.string().trim().max(60, 'Use at most 60 characters.').optional(),
  /** By area or length: the price is per sq ft or linear ft, rounded up to `increment`, at least `minimum`. */
  pricing: z
    .strictObject({
      mode: z.enum(PRICING_MODES, { error: 'Choose how the price applies.' }),
      minimum: measure('the minimum charge', 100_000).default(0),
      increment: measure('the rounding increment', 1_000).default(0),
    })
    .default({ mode: 'unit', minimum: 0, increment: 0 }),
  /** Inches and pounds. */
  width: measure('the width', 100_000).nullable().default(null),
  height: measure('the height', 100_000).nullable().default(null),
  depth: measure('the depth', 100_000).nullable().default(null),
  weight: measure('the weight', 100_000).nullable().default(null),
  category: z.uuid('Choose a category from the list.').nullable().default(null),
  tags: tagsSchema.default([]),
  /** Its filter values (facets: "Finish: Walnut"), by id. */
  filterValues: filterValueIdsSchema.default([]),
  /**
   * A new product's options (a template's, say). Taken when it is made only: later they change
   * through PUT /products/{id}/options, which looks after its variants.
   */
  options: productOptionsSchema.optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** A product as its page reads it (GET /products/{id}). */
export const productSchema = productInputSchema.extend({
  ...recordMetaShape,
  sku: z.string(),
  unit: z.enum(SELL_UNITS),
  taxClass: z.string(),
  /** Its category, by its full path ("Cabinets / Base cabinets"). */
  category: personRefSchema.nullable(),
  filterValues: z.array(filterValueRefSchema),
  /** Its options (finish, width…) in order, and how many variants it has (not archived). */
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  variants: z.number().int(),
});
export type Product = z.output<typeof productSchema>;

/** A row of the products list (GET /products). */
export const productRowSchema = productSchema.pick({
  _id: true,
  sku: true,
  name: true,
  status: true,
  unit: true,
  priceCents: true,
  costCents: true,
  taxClass: true,
  category: true,
  tags: true,
  archived: true,
  createdAt: true,
  updatedAt: true,
});
export type ProductRow = z.output<typeof productRowSchema>;

/** POST /products/{id}/price: what was measured (inches, or feet), and how many pieces. */
export const priceMeasureSchema = z.strictObject({
  width: measure('the width in inches', 100_000).optional(),
  length: measure('the length in inches', 100_000).optional(),
  area: measure('the area in square feet', 1_000_000).optional(),
  feet: measure('the length in feet', 1_000_000).optional(),
  quantity: measure('a quantity', 1_000_000).optional(),
});

export const priceQuoteSchema = z.strictObject({
  quantity: z.number(),
  unit: z.enum(SELL_UNITS),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  basis: z.array(z.string()),
});

/**
 * What a product template fills in on a new product (POST /product-templates): any of a
 * product's fields but its name and SKU, and its options. A price left empty is entered on the
 * product.
 */
export const productTemplateFieldsSchema = productInputSchema.omit({ name: true, sku: true, priceCents: true }).extend({
  priceCents: centsSchema.nullable().default(null),
  options: productOptionsSchema.default([]),
});
export type ProductTemplateFields = z.output<typeof productTemplateFieldsSchema>;

export const productTemplateInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the template a name.').max(80, 'Use at most 80 characters.'),
  fields: productTemplateFieldsSchema,
});
export type ProductTemplateInput = z.input<typeof productTemplateInputSchema>;

export const productTemplateSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  fields: productTemplateFieldsSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductTemplate = z.output<typeof productTemplateSchema>;

/** A product's image as its page and the store show it: the cleaned image and its thumbnail. */
export const productImageSchema = z.strictObject({
  _id: z.uuid(),
  url: z.string(),
  thumbUrl: z.string(),
  name: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ProductImage = z.output<typeof productImageSchema>;

/** A product's images at most. */
export const MAX_PRODUCT_IMAGES = 30;

/**
 * PUT /products/{id}/images: every image of the product, in the order to show them (the first
 * is the primary one), each with its alt text.
 */
export const productImagesEditSchema = z.strictObject({
  images: z
    .array(
      z.strictObject({
        _id: z.uuid('Not an image of this product.'),
        alt: z.string().trim().max(300, 'Use at most 300 characters.'),
      }),
    )
    .max(MAX_PRODUCT_IMAGES),
});
export type ProductImagesEdit = z.input<typeof productImagesEditSchema>;

/**
 * The price bands lists and the store offer (`filter[price][]=min:max`, in cents): under $100,
 * $100 to $500, $500 to $1,000, $1,000 to $5,000, $5,000 and up. Facet counts under these come
 * from the kept counts (a product's band is kept with its category and facets); other ranges
 * are counted.
 */
export const PRICE_BAND_EDGES = [10_000, 50_000, 100_000, 500_000] as const;
export const PRICE_BANDS: [number | null, number | null][] = [null, ...PRICE_BAND_EDGES].map((min, i) => [
  min,
  i < PRICE_BAND_EDGES.length ? PRICE_BAND_EDGES[i]! - 1 : null,
]);
