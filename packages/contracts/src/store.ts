import { z } from 'zod';
import { PRICING_MODES, SELL_UNITS } from './choices';

// ---- The product store (issue 25): the firm's public address and its store's settings ----

/**
 * Addresses that are not a firm's: the app's own paths and words people would mistake for them.
 * A store lives at /store/{slug}/, but the slug also names the firm's blog feed and QR codes.
 */
export const RESERVED_STORE_SLUGS = [
  'admin',
  'api',
  'app',
  'assets',
  'help',
  'login',
  'new',
  'public',
  'signin',
  'signup',
  'site',
  'sitemap',
  'static',
  'store',
  'support',
  'www',
] as const;

/** A firm's public address: lower-case letters, digits and single hyphens, 3 to 40 long. */
export const storeSlugSchema = z
  .string({ error: 'Enter an address.' })
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters.')
  .max(40, 'Use at most 40 characters.')
  .regex(
    /^[a-z0-9]+(-[a-z0-9]+)*$/,
    'Use letters, digits and single hyphens, starting and ending with a letter or digit.',
  )
  .refine((s) => !(RESERVED_STORE_SLUGS as readonly string[]).includes(s), 'That address is reserved: choose another.');

/** A slug made from a firm's name, as a suggestion (it may still be taken). */
export const slugFromName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** The store's path for a firm's address. */
export const storePath = (slug: string) => `/store/${slug}/`;

/** Who sees the store's prices: every visitor, or only customers signed in. */
export const STORE_PRICE_VISIBILITY = ['everyone', 'signed_in'] as const;
export type StorePriceVisibility = (typeof STORE_PRICE_VISIBILITY)[number];

/** The path of the public store's API for an address, under /api/v1. */
export const PUBLIC_STORE_PATH = '/public/store';

/**
 * GET /public/store/{slug}: the store as a visitor first sees it. `slug` is the firm's current
 * address: when it differs from the one asked for, the asked one is an old address (the page
 * moves to the new one).
 */
export const publicStoreSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  /** The firm's logo, served through the store; null when it has none of its own. */
  logoUrl: z.string().nullable(),
  banner: z.string(),
  currency: z.string(),
  /** Whether this visitor sees prices (the store's setting, and whether they are signed in). */
  showsPrices: z.boolean(),
});
export type PublicStore = z.output<typeof publicStoreSchema>;

const id = (what: string) => z.uuid(`Not a valid ${what}.`);
const yes = z.enum(['yes'], { error: 'Send yes, or leave it out.' });
/** One value or several, as a query string sends them (`facet[]=a&facet[]=b`, or `facet=a`). */
const ids = (what: string) =>
  z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(id(what)).max(40, `Choose at most 40 ${what}s.`),
  );
const cents = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what} price in cents.` })
    .int('Use whole cents.')
    .min(0, 'Use 0 or more.')
    .max(1e11);

export const STORE_SORTS = ['name', 'price', '-price'] as const;
export const STORE_SORT_LABELS: Record<(typeof STORE_SORTS)[number], string> = {
  name: 'Name',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
};
export const STORE_PAGE_SIZE = 24;

/** GET /public/store/{slug}/products: a category (with its subcategories), collection, vendor or search, narrowed by facets. */
export const storeProductsQuerySchema = z
  .strictObject({
    category: id('category').optional(),
    collection: id('collection').optional(),
    vendor: id('vendor').optional(),
    q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
    /** Filter values (a finish, a door style): any of one filter's, and each filter chosen. */
    facet: ids('filter value'),
    min: cents('lowest').optional(),
    max: cents('highest').optional(),
    inStock: yes.optional(),
    sale: yes.optional(),
    sort: z.enum(STORE_SORTS, { error: 'Sort by name or price.' }).default('name'),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(48).default(STORE_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    if (q.min !== undefined && q.max !== undefined && q.max < q.min)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'The highest price cannot be below the lowest.' });
  });
export type StoreProductsQuery = z.input<typeof storeProductsQuerySchema>;

export const storeImageSchema = z.strictObject({
  _id: z.uuid(),
  url: z.string(),
  thumbUrl: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoreImage = z.output<typeof storeImageSchema>;

/** What a visitor may know of stock: in stock, or how long it takes to come; never a quantity. */
export const storeAvailabilitySchema = z.strictObject({
  inStock: z.boolean(),
  /** When not in stock: its usual vendor's lead time in whole weeks, if it has one. */
  shipsInWeeks: z.number().int().nullable(),
});
export type StoreAvailability = z.output<typeof storeAvailabilitySchema>;

export const storeProductCardSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  unit: z.enum(SELL_UNITS),
  /** Null when the store shows prices only to customers signed in. */
  priceCents: z.number().nullable(),
  compareAtCents: z.number().nullable(),
  image: storeImageSchema.nullable(),
  availability: storeAvailabilitySchema,
});
export type StoreProductCard = z.output<typeof storeProductCardSchema>;

const countRef = z.strictObject({ _id: z.uuid(), name: z.string(), count: z.number().int() });
export const storeFacetsSchema = z.strictObject({
  /** Subcategories of the category browsed (top-level ones otherwise), with how many products match. */
  categories: z.array(countRef),
  filters: z.array(z.strictObject({ _id: z.uuid(), name: z.string(), values: z.array(countRef) })),
});
export type StoreFacets = z.output<typeof storeFacetsSchema>;

export const storeProductsSchema = z.strictObject({
  items: z.array(storeProductCardSchema),
  total: z.union([z.number().int(), z.string()]),
  next: z.string().nullable(),
  facets: storeFacetsSchema,
});
export type StoreProducts = z.output<typeof storeProductsSchema>;

/** GET /public/store/{slug}/catalog: what the store's menus offer. */
export const storeCatalogSchema = z.strictObject({
  categories: z.array(
    z.strictObject({
      _id: z.uuid(),
      name: z.string(),
      count: z.number().int(),
      children: z.array(countRef),
    }),
  ),
  collections: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
  vendors: z.array(z.strictObject({ _id: z.uuid(), name: z.string() })),
});
export type StoreCatalog = z.output<typeof storeCatalogSchema>;

/** GET /public/store/{slug}/products/{id}: a product page. */
export const storeProductSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  description: z.string(),
  unit: z.enum(SELL_UNITS),
  priceCents: z.number().nullable(),
  compareAtCents: z.number().nullable(),
  /** How it is priced: per unit, or per area or length measured (the calculator's). */
  pricingMode: z.enum(PRICING_MODES),
  /** Ten-thousandths: the least that is sold and the step above it, for measured pricing. */
  pricingMinE4: z.number(),
  pricingIncE4: z.number(),
  category: z.strictObject({ _id: z.uuid(), name: z.string() }).nullable(),
  images: z.array(storeImageSchema),
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.strictObject({
      _id: z.uuid(),
      values: z.array(z.string()),
      sku: z.string(),
      priceCents: z.number().nullable(),
      /** Its own image, when it has one (a finish's swatch). */
      imageId: z.uuid().nullable(),
      availability: storeAvailabilitySchema,
    }),
  ),
  /** Its filter values by filter ("Finish: Walnut"). */
  details: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  availability: storeAvailabilitySchema,
});
export type StoreProduct = z.output<typeof storeProductSchema>;
