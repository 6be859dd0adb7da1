import { z } from 'zod';

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
