import { z } from 'zod';

/**
 * Feature modules a firm pays for monthly (spec section 6). Prices are in cents, like all
 * money. A negative price means the module is not sold: it can never be enabled.
 * The key `mechanic_leins` keeps the spec's spelling because it is stored and sent as is.
 */
export const FEATURES = {
  lead_management: {
    label: 'Lead management',
    monthlyPriceCents: 300,
    description: 'A pipeline of leads from first contact to won or lost, with web capture.',
  },
  wholesale: {
    label: 'Wholesale',
    monthlyPriceCents: 500,
    description: 'Price levels and account pricing for trade and wholesale customers.',
  },
  project_management: {
    label: 'Project management',
    monthlyPriceCents: 200,
    description: 'Customer jobs with tasks, templates and a task board.',
  },
  delivery_management: {
    label: 'Delivery management',
    monthlyPriceCents: 300,
    description: 'Delivery routes with drivers, stops and proof of delivery.',
  },
  messaging: { label: 'Messaging', monthlyPriceCents: 100, description: 'Text and email messaging with customers.' },
  product_store: {
    label: 'Product store',
    monthlyPriceCents: 1000,
    description: 'Your catalog online for customers to browse, favourite and order.',
  },
  product_store_gallery: {
    label: 'Store gallery',
    monthlyPriceCents: 0,
    description: "Show other firms' finished work in your store; they earn a commission.",
  },
  proposals: {
    label: 'Proposals',
    monthlyPriceCents: 0,
    description: 'Rich proposals customers approve and sign online.',
  },
  quotes: { label: 'Quotes', monthlyPriceCents: 0, description: 'Priced quotes that turn into orders when accepted.' },
  social_media: {
    label: 'Social media',
    monthlyPriceCents: 200,
    description: 'Plan, schedule and publish posts to your social accounts.',
  },
  showroom: {
    label: 'Showroom',
    monthlyPriceCents: 500,
    description: 'Showroom panels with QR codes to each product.',
  },
  portfolio: {
    label: 'Portfolio',
    monthlyPriceCents: 100,
    description: 'Finished projects with photos and the products used.',
  },
  mechanic_leins: {
    label: 'Mechanic liens',
    monthlyPriceCents: 0,
    description: 'Lien rights, notice deadlines and waivers on customer jobs.',
  },
  materials: {
    label: 'Materials',
    monthlyPriceCents: 0,
    description: 'Raw materials stocked and purchased like products.',
  },
  blog: { label: 'Blog', monthlyPriceCents: 400, description: "Posts with a public feed for your firm's website." },
  invoicing: { label: 'Invoicing', monthlyPriceCents: -800, description: 'Not available.' },
} as const satisfies Record<string, { label: string; monthlyPriceCents: number; description: string }>;

export type FeatureKey = keyof typeof FEATURES;
export const FEATURE_KEYS = Object.keys(FEATURES) as FeatureKey[];
export const featureKeySchema = z.enum(FEATURE_KEYS as [FeatureKey, ...FeatureKey[]]);

export function isSellable(key: FeatureKey): boolean {
  return FEATURES[key].monthlyPriceCents >= 0;
}

export const SELLABLE_FEATURE_KEYS: FeatureKey[] = FEATURE_KEYS.filter(isSellable);

/** The firm's monthly price: the sum of its enabled, sellable modules, in cents. */
export function monthlyTotalCents(enabled: readonly string[]): number {
  return FEATURE_KEYS.filter((key) => enabled.includes(key) && isSellable(key)).reduce(
    (sum, key) => sum + FEATURES[key].monthlyPriceCents,
    0,
  );
}

export function featureLabel(key: string): string {
  return key in FEATURES ? FEATURES[key as FeatureKey].label : key;
}
