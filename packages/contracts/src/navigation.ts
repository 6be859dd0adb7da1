import type { FeatureKey } from './features';
import { RECORD_KINDS, SETTINGS_KINDS } from './kinds';
import { hasCode, P, type PermissionCode } from './permissions';

export type NavLink = { name: string; href: string };

/** One side-navigation entry: shown when the user holds `permission` and the firm has `feature`. */
export type NavRoute = NavLink & {
  permission: PermissionCode;
  feature?: FeatureKey;
  subroutes: NavLink[];
};

export type NavGroup = { name: string; href: string; routes: NavRoute[] };

function entry(
  name: string,
  href: string,
  permission: PermissionCode,
  feature?: FeatureKey,
  extra: NavLink[] = [],
): NavRoute {
  return { name, href, permission, ...(feature ? { feature } : {}), subroutes: [{ name, href }, ...extra] };
}

/** The create-order wizard (spec section 2): its first step, the customer, opens from here. */
export const CREATE_ORDER_HREF = '/o/create-order';

/** The side-navigation table of spec section 2. */
export const NAVIGATION: readonly NavGroup[] = [
  {
    name: 'Orders',
    href: '/o/orders',
    routes: [
      entry('Orders', '/o/orders', P.MODIFY_ORDERS, undefined, [{ name: 'Create order', href: CREATE_ORDER_HREF }]),
      entry('Returns', '/o/returns', P.MODIFY_RETURNS),
      entry('Deliveries', '/o/deliveries', P.MODIFY_DELIVERY_ROUTES, 'delivery_management'),
      entry('Quotes', '/o/quotes', P.MODIFY_QUOTES, 'quotes'),
      entry('Proposals', '/o/proposals', P.MODIFY_PROPOSALS, 'proposals'),
    ],
  },
  {
    name: 'Products',
    href: '/p/products',
    routes: [
      entry('Products', '/p/products', P.MODIFY_PRODUCTS, undefined, [{ name: 'Low stock', href: '/p/low-stock' }]),
      entry('Materials', '/p/materials', P.MODIFY_MATERIALS, 'materials'),
      entry('Vendors', '/p/vendors', P.MODIFY_VENDORS),
      entry('Purchase orders', '/p/purchase-orders', P.MODIFY_PURCHASE_ORDERS),
      entry('Vendor bills', '/p/vendor-bills', P.MODIFY_PURCHASE_ORDERS),
      entry('Shipments', '/p/shipments', P.MODIFY_SHIPMENTS),
      entry('Importer', '/p/importer', P.VIEW_IMPORTER_DOCUMENTS),
      entry('Product store', '/f/product-store', P.MODIFY_STORE, 'product_store'),
      entry('Categories', '/p/categories', P.MODIFY_CATEGORIES),
      entry('Collections', '/p/collections', P.MODIFY_COLLECTIONS),
      entry('Filters', '/p/filters', P.MODIFY_FILTERS),
      entry('Tags', '/p/tags', P.MODIFY_PRODUCT_TAGS),
      entry('Coupons', '/p/coupons', P.MODIFY_COUPONS),
      entry('Showroom panels', '/p/showroom-panels', P.MODIFY_PRODUCT_TOOLS, 'showroom'),
      entry('3D scenes', '/p/model-scenes', P.MODIFY_PRODUCT_TOOLS),
    ],
  },
  {
    name: 'Customers',
    href: '/u/customers',
    routes: [
      entry('Accounts', '/u/companies', P.MODIFY_COMPANIES),
      entry('Customers', '/u/customers', P.MODIFY_USERS),
      entry('Leads', '/u/leads', P.MODIFY_LEADS, 'lead_management'),
      entry('Jobs', '/u/customer-jobs', P.MODIFY_CUSTOMER_JOBS, 'project_management'),
      entry('Employees', '/u/employees', P.MODIFY_EMPLOYEES),
      entry('Ambassadors', '/u/ambassadors', P.MODIFY_AMBASSADORS),
    ],
  },
  {
    name: 'Marketing',
    href: '/u/emailer',
    routes: [
      entry('Social media', '/u/social-media', P.MODIFY_SOCIAL_MEDIA, 'social_media'),
      entry('Portfolios', '/u/portfolios', P.MODIFY_PORTFOLIO, 'portfolio'),
      entry('Emailer', '/u/emailer', P.MODIFY_EMAIL_TEMPLATES),
      entry('Blog', '/u/blog', P.MODIFY_BLOG_POSTS, 'blog'),
    ],
  },
  {
    name: 'Accounting',
    href: '/a/invoices',
    routes: [
      entry('Invoices', '/a/invoices', P.MODIFY_INVOICES),
      entry('Payments', '/a/payments', P.MODIFY_PAYMENTS),
      entry('Credit memos', '/a/credit-memos', P.MODIFY_CREDIT_MEMOS),
      entry('Expenses', '/a/expenses', P.MODIFY_EXPENSES),
      entry('Mechanic liens', '/a/liens', P.MODIFY_MECHANIC_LIENS, 'mechanic_leins'),
    ],
  },
  {
    name: 'Reports',
    href: '/r/reports',
    routes: [entry('Reports', '/r/reports', P.VIEW_ANALYTICS)],
  },
];

/**
 * Pages the profile menu opens (spec section 2) rather than the side navigation, as the shell
 * gates them: the Task Board needs view-all-tasks (169).
 */
export const PROFILE_MENU_PAGES: readonly NavRoute[] = [
  entry('Calendar', '/f/calendar', P.GENERIC),
  entry('Task Board', '/f/task-board', P.VIEW_ALL_TASKS, 'project_management'),
];

/** Pages of the signed-in person's own profile area (spec section 2), open to all the staff. */
export const PROFILE_AREA_PAGES: readonly NavRoute[] = [entry('Timesheet', '/u/profile/timesheet', P.GENERIC)];

/**
 * Navigation-table pages that exist in this build. An entry shows only when its page is here,
 * the user holds its permission and the firm has its module: every declared record kind has its page.
 */
export const BUILT_NAV_HREFS: ReadonlySet<string> = new Set<string>([
  ...RECORD_KINDS.map((kind) => kind.webPath),
  // A setup kind's page may be a navigation entry of its own (the category tree).
  ...Object.values(SETTINGS_KINDS).map((kind) => kind.settingsPath),
  // Pages over other records: the product tags.
  '/p/tags',
]);

export type NavFilter = {
  codes: readonly number[];
  features: readonly string[];
  /** Whether the page behind a path exists yet; entries of unbuilt modules stay hidden. */
  isBuilt?: (href: string) => boolean;
};

/** The navigation a user sees: entries they may open, groups left with at least one entry. */
export function visibleNavigation({
  codes,
  features,
  isBuilt = (href) => BUILT_NAV_HREFS.has(href),
}: NavFilter): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    routes: group.routes.filter(
      (route) =>
        hasCode(codes, route.permission) && (!route.feature || features.includes(route.feature)) && isBuilt(route.href),
    ),
  })).filter((group) => group.routes.length > 0);
}
