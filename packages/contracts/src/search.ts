import { z } from 'zod';
import { KINDS } from './kinds';

/**
 * The global search dialog's categories, in the spec's order, with the list page a search of
 * that kind opens (`?q=`); a declared kind's come from its declaration. Raw Material, Refund and
 * Return have no list page: they are searched in the dialog only. A category whose kind is not
 * built yet finds nothing; a type that is no category is an "Invalid search type", on the client
 * and on the server alike.
 */
export const SEARCH_CATEGORIES = [
  { key: 'all', label: 'All', href: null },
  { key: 'company', label: KINDS.company.label, href: KINDS.company.webPath },
  { key: 'customer', label: KINDS.customer.label, href: KINDS.customer.webPath },
  { key: 'customer_job', label: 'Customer Job', href: '/u/customer-jobs' },
  { key: 'delivery_route', label: 'Delivery Route', href: '/o/deliveries' },
  { key: 'email', label: 'Email', href: '/u/emailer' },
  { key: 'employee', label: KINDS.employee.label, href: KINDS.employee.webPath },
  { key: 'invoice', label: 'Invoice', href: '/a/invoices' },
  { key: 'lead', label: KINDS.lead.label, href: KINDS.lead.webPath },
  { key: 'lien', label: 'Lien', href: '/a/liens' },
  { key: 'order', label: 'Order', href: '/o/orders' },
  { key: 'payment', label: 'Payment', href: '/a/payments' },
  { key: 'portfolio', label: 'Portfolio', href: '/u/portfolios' },
  { key: 'product', label: 'Product', href: '/p/products' },
  { key: 'proposal', label: 'Proposal', href: '/o/proposals' },
  { key: 'purchase_order', label: 'Purchase Order', href: '/p/purchase-orders' },
  { key: 'quote', label: 'Quote', href: '/o/quotes' },
  { key: 'raw_material', label: 'Raw Material', href: null },
  { key: 'refund', label: 'Refund', href: null },
  { key: 'return', label: 'Return', href: null },
  // The spec's `/o/shipments` is a slip: shipments live under purchasing.
  { key: 'shipment', label: 'Shipment', href: '/p/shipments' },
  { key: 'vendor', label: 'Vendors', href: '/p/vendors' },
] as const;

export type SearchCategory = (typeof SEARCH_CATEGORIES)[number]['key'];
export const INVALID_SEARCH_TYPE = 'Invalid search type';

/** A category one can search: All, or one of the spec's kinds of record. */
export function searchableCategory(type: string): boolean {
  return SEARCH_CATEGORIES.some((c) => c.key === type);
}

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for.').max(200, 'Search for at most 200 characters.'),
  type: z.string().default('all'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const searchResultSchema = z.strictObject({
  type: z.enum(SEARCH_CATEGORIES.map((c) => c.key) as [SearchCategory, ...SearchCategory[]]),
  _id: z.uuid(),
  title: z.string(),
  subtitle: z.string(),
  href: z.string(),
  archived: z.boolean(),
});
export type SearchResult = z.output<typeof searchResultSchema>;
/** GET /search: the matches, best first. */
export const searchAnswerSchema = z.strictObject({ items: z.array(searchResultSchema) });

const recentName = z.string().trim().min(1, 'Give the search a name.').max(200, 'Use at most 200 characters.');

/** PATCH /profile/recent-search: a search just run, or a record opened from it (search_id). */
export const recentSearchInputSchema = z.strictObject({
  name: recentName,
  search: z.string().trim().min(1, 'Type something to search for.').max(200, 'Search for at most 200 characters.'),
  type: z.string().refine(searchableCategory, INVALID_SEARCH_TYPE),
  search_id: z.uuid('Not a record id.').nullable().default(null),
});

/** PUT /profile/recent-search: keep a search. The search string arrives URI-encoded. */
export const saveSearchSchema = z.strictObject({
  name: recentName,
  search: z.string().min(1, 'Type something to search for.').max(600, 'Search for at most 200 characters.'),
  type: z.string().refine(searchableCategory, INVALID_SEARCH_TYPE),
});

/** POST /profile/recent-search: forget one (recent or saved). */
export const deleteSearchSchema = z.strictObject({ _id: z.uuid('Not a search id.') });

/** Unsaved searches kept per person; saved ones are kept until deleted. */
export const RECENT_SEARCHES_KEPT = 10;
export const SEARCH_FOCUS_DELAY_MS = 500;

/** POST /profile/subscriptions (spec section 7). */
export const subscriptionInputSchema = z.strictObject({
  action: z.enum(['subscribe', 'unsubscribe'], { error: 'Choose subscribe or unsubscribe.' }),
  entity: z.uuid('Not a record id.'),
  entityType: z.string().min(1, 'Say which kind of record.').max(40),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;
export const SUBSCRIBE_FAILED = 'Could not subscribe';
