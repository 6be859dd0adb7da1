import { z } from 'zod';

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = z
  .string()
  .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(v)), 'Enter a date.')
  .nullable()
  .default(null);
const limit = z.coerce
  .number()
  .int('Use a whole number.')
  .min(1, 'Use 1 or more.')
  .max(10_000_000)
  .nullable()
  .default(null);

/**
 * POST /coupons, PUT /coupons/{id}: a percentage (hundredths allowed) or an amount off, valid
 * from `startsOn` to `endsOn` (both days included, in the firm's time zone), used at most
 * `usageLimit` times and `perCustomerLimit` times by one customer, on orders of at least
 * `minimumCents`, on the products and categories named (none: everything).
 */
export const couponInputSchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3, 'Use at least 3 characters.')
      .max(32, 'Use at most 32 characters.')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes and underscores.'),
    description: z.string().trim().max(200, 'Use at most 200 characters.').default(''),
    kind: z.enum(COUPON_KINDS, { error: 'Choose a percentage or an amount.' }),
    percent: z.coerce
      .number()
      .gt(0, 'Use more than 0.')
      .max(100, 'Use at most 100%.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Use at most two decimals.')
      .nullable()
      .default(null),
    amountCents: z.coerce
      .number()
      .int('Use whole cents.')
      .min(1, 'Use more than 0.')
      .max(100_000_000_00)
      .nullable()
      .default(null),
    startsOn: date,
    endsOn: date,
    usageLimit: limit,
    perCustomerLimit: limit,
    minimumCents: z.coerce.number().int('Use whole cents.').min(0, 'Use 0 or more.').max(100_000_000_00).default(0),
    products: z.array(z.uuid('Choose a product from the list.')).max(500).default([]),
    categories: z.array(z.uuid('Choose a category from the list.')).max(100).default([]),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percent === null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter the percentage off.' });
    if (c.kind === 'amount' && c.amountCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'Enter the amount off.' });
    if (c.startsOn && c.endsOn && c.endsOn < c.startsOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'End on or after the start.' });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

export const couponSchema = z.strictObject({
  _id: z.uuid(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().nullable(),
  amountCents: z.number().int().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  minimumCents: z.number().int(),
  products: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
  categories: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
  active: z.boolean(),
  /** Orders that redeemed it. */
  timesUsed: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.output<typeof couponSchema>;

/** POST /coupons/validate: would this code apply to this order, and for how much. */
export const couponValidateSchema = z.strictObject({
  code: z.string().trim().min(1, 'Enter a code.').max(32),
  customer: z.uuid('Choose a customer from the list.').nullable().default(null),
  lines: z
    .array(
      z.strictObject({
        product: z.uuid('Choose a product from the list.'),
        variant: z.uuid().nullable().default(null),
        quantity: z.coerce.number().positive('Use more than 0.').max(1_000_000),
        unitPriceCents: z.coerce.number().int('Use whole cents.').min(0).max(100_000_000_00),
      }),
    )
    .max(1_000)
    .default([]),
});
export type CouponValidation = z.input<typeof couponValidateSchema>;

export const couponResultSchema = z.strictObject({
  valid: z.boolean(),
  discountCents: z.number().int(),
  /** Why it does not apply, in words; null when it does. */
  reason: z.string().nullable(),
});
export type CouponResult = z.output<typeof couponResultSchema>;
