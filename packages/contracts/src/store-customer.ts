import { z } from 'zod';
import { signInBodySchema } from './auth';
import { SELL_UNITS, type SellUnit } from './choices';
import { lineMeasureSchema } from './orders';

// ---- The store's customer side (issue 25, decision 0052): sign-in, prices, favorites, checkout ----

/** The cookie a store session rides in: never the staff app's, and the staff app never reads it. */
export const STORE_SESSION_COOKIE = 'atelier_store';

/** POST /public/store/{slug}/session: a customer of the store's firm signs in (same body as staff sign-in). */
export const storeSignInSchema = signInBodySchema;
export type StoreSignIn = z.input<typeof storeSignInSchema>;

export const storeCustomerSchema = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
/** GET …/session: who is signed in at this store, or null. */
export const storeSessionSchema = z.strictObject({ customer: storeCustomerSchema.nullable() });
export type StoreSession = z.output<typeof storeSessionSchema>;

const productId = z.uuid('Choose a product of the store.');
const variantId = z.uuid('Choose one of the product’s options.');

/** PUT …/favorites/{productId}: a product (or one of its variants) kept for later. */
export const storeFavoriteInputSchema = z.strictObject({
  variantId: variantId.nullable().default(null),
});
export const storeFavoriteQuerySchema = z.strictObject({ variantId: variantId.optional() });

export const storeFavoriteSchema = z.strictObject({
  productId: z.uuid(),
  variantId: z.uuid().nullable(),
  name: z.string(),
  /** The variant's option values ("Walnut / 30 in"), empty for the product itself. */
  variant: z.string(),
  unit: z.enum(SELL_UNITS),
  /** This customer's price (the account's, where the firm prices accounts), or null when hidden. */
  priceCents: z.number().nullable(),
  addedAt: z.string(),
});
export const storeFavoritesSchema = z.strictObject({ items: z.array(storeFavoriteSchema) });
export type StoreFavorites = z.output<typeof storeFavoritesSchema>;

/** GET /customers/{id}/favorites: what a customer keeps in the store, as staff see it. */
export const customerFavoritesSchema = z.strictObject({
  items: z.array(
    storeFavoriteSchema.extend({
      sku: z.string(),
      /** Still something the store shows (active, not archived). */
      inStore: z.boolean(),
    }),
  ),
});
export type CustomerFavorites = z.output<typeof customerFavoritesSchema>;
export const favoritesQuoteSchema = z.strictObject({ _id: z.uuid(), number: z.string() });

/** The most lines a cart takes, and the most of one line. */
export const MAX_CART_LINES = 100;
export const MAX_CART_QUANTITY = 10_000;

/** Units sold whole: a box, a sheet, a pair (the others may be a part: 12.5 sq ft, 2.25 hours). */
export const WHOLE_UNITS: readonly SellUnit[] = ['each', 'box', 'sheet', 'slab', 'pair', 'set'];

const places = (v: number, n: number) => Math.abs(v * 10 ** n - Math.round(v * 10 ** n)) < 1e-6;

/**
 * A cart line. Only what the customer chooses: the server prices it (a price sent along is
 * dropped, never read), and checks the quantity against the product's unit.
 */
export const cartLineSchema = z.object({
  productId,
  variantId: variantId.nullable().default(null),
  quantity: z.coerce
    .number({ error: 'Enter a quantity.' })
    .positive('Use more than 0.')
    .max(MAX_CART_QUANTITY, `Use at most ${MAX_CART_QUANTITY.toLocaleString('en-US')}.`)
    .refine((v) => places(v, 2), 'Use at most two decimals.'),
  /** For a product priced by area or length: what was measured (its calculator). */
  measure: lineMeasureSchema.nullable().default(null),
});

export const STORE_CHECKOUT_MODES = ['order', 'quote'] as const;
export const STORE_PAYMENTS = ['account', 'pickup'] as const;
export type StorePayment = (typeof STORE_PAYMENTS)[number];
export const STORE_PAYMENT_LABELS: Record<StorePayment, string> = {
  account: 'On my account’s terms',
  pickup: 'Pay on pickup',
};

/** The longest coupon code a checkout takes (a coupon's own code is at most 32 characters). */
export const MAX_STORE_COUPON_LENGTH = 40;

/** POST /public/store/{slug}/checkout: the cart, as an order or a quote request. */
export const storeCheckoutSchema = z
  .strictObject({
    lines: z
      .array(cartLineSchema)
      .min(1, 'Your cart is empty.')
      .max(MAX_CART_LINES, `Use at most ${MAX_CART_LINES} lines.`),
    mode: z.enum(STORE_CHECKOUT_MODES, { error: 'Choose an order or a quote request.' }),
    note: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
    /** How an order is paid: on the account's terms, or on pickup (no card payments here). */
    payment: z.enum(STORE_PAYMENTS, { error: 'Choose how you will pay.' }).optional(),
    /**
     * A coupon code for an order (quotes take none): priced by the coupons module, or a 400 on
     * this field saying why not. Every checkout that names one counts against
     * STORE_COUPON_TRIES_PER_HOUR, so codes cannot be guessed. Empty is none.
     */
    coupon: z
      .string()
      .trim()
      .max(MAX_STORE_COUPON_LENGTH, `Use at most ${MAX_STORE_COUPON_LENGTH} characters.`)
      .transform((v) => v || undefined)
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.mode === 'order' && !c.payment)
      ctx.addIssue({ code: 'custom', path: ['payment'], message: 'Choose how you will pay.' });
    if (c.mode === 'quote' && c.coupon)
      ctx.addIssue({
        code: 'custom',
        path: ['coupon'],
        message: 'A coupon applies to orders only: place the order, or leave the code out.',
      });
  });
export type StoreCheckout = z.input<typeof storeCheckoutSchema>;

export const storeCheckoutResultSchema = z.strictObject({
  kind: z.enum(['order', 'quote']),
  id: z.uuid(),
  number: z.string(),
  totalCents: z.number(),
  /** What its coupon takes off (0 without one; a quote takes none). */
  couponCents: z.number(),
});
export type StoreCheckoutResult = z.output<typeof storeCheckoutResultSchema>;
