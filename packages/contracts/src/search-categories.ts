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
  // The spec names the category "Customer Job"; the kind's own label is the navigation's "Job".
  { key: 'customer_job', label: 'Customer Job', href: KINDS.customer_job.webPath },
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

/** Unsaved searches kept per person; saved ones are kept until deleted. */
export const RECENT_SEARCHES_KEPT = 10;

export const SEARCH_FOCUS_DELAY_MS = 500;

export const SUBSCRIBE_FAILED = 'Could not subscribe';
