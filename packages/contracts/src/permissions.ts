/**
 * Permission codes of spec section 6, one named constant each.
 *
 * Reading of the ranges the spec gives only as numbers: a triple "x-y" is modify, delete,
 * settings in that order unless the spec says otherwise (5-7 orders is delete, modify,
 * settings view; 60-63 invoices is modify, send, delete, settings; 178-181 blog posts adds
 * publish). Pairs are modify, delete (70-71 departments, 72-73 roles, 32-33 warehouses,
 * 104-105 integrations, 170-171 website), except 167-168 which is view, modify permissions.
 * 42-47 imports follow the importer's pages: products, materials, vendors, categories,
 * collections, tags. 144-158 are "sync to accounting" in the order the spec lists.
 */
export const P = {
  MODIFY_PRODUCTS: 1,
  DELETE_PRODUCTS: 2,
  PRODUCT_SETTINGS: 3,

  DELETE_ORDERS: 5,
  MODIFY_ORDERS: 6,
  ORDER_SETTINGS: 7,

  MODIFY_USERS: 8,
  DELETE_USERS: 9,
  VIEW_USER_ANALYTICS: 10,
  LOGIN_AS_USER: 11,
  CUSTOMER_SETTINGS: 12,

  MODIFY_COMPANIES: 13,
  DELETE_COMPANIES: 14,
  COMPANY_FINANCIALS: 15,
  COMPANY_SETTINGS: 16,
  VIEW_ANALYTICS: 17,

  MODIFY_SHIPMENTS: 18,
  DELETE_SHIPMENTS: 19,
  SHIPMENT_SETTINGS: 20,
  MODIFY_QUOTES: 21,
  DELETE_QUOTES: 22,
  QUOTE_SETTINGS: 23,
  MODIFY_RETURNS: 24,
  DELETE_RETURNS: 25,
  RETURN_SETTINGS: 26,
  MODIFY_SITE_SETTINGS: 27,
  MODIFY_LOGS: 28,
  MODIFY_VENDORS: 29,
  DELETE_VENDORS: 30,
  VENDOR_SETTINGS: 31,
  MODIFY_WAREHOUSES: 32,
  DELETE_WAREHOUSES: 33,
  MODIFY_MATERIALS: 34,
  DELETE_MATERIALS: 35,
  MATERIAL_SETTINGS: 36,

  EXPORT_PRODUCTS: 37,
  EXPORT_ORDERS: 38,
  EXPORT_USERS: 39,
  EXPORT_COMPANIES: 40,
  EXPORT_ANALYTICS: 41,

  IMPORT_PRODUCTS: 42,
  IMPORT_MATERIALS: 43,
  IMPORT_VENDORS: 44,
  IMPORT_CATEGORIES: 45,
  IMPORT_COLLECTIONS: 46,
  IMPORT_TAGS: 47,
  VIEW_IMPORTER_DOCUMENTS: 48,
  CHANGE_IMPORTS: 49,
  MODIFY_CATEGORIES: 50,

  MODIFY_EMPLOYEES: 51,
  DELETE_EMPLOYEES: 52,
  EMPLOYEE_SETTINGS: 53,
  MODIFY_REFUNDS: 54,
  DELETE_REFUNDS: 55,
  REFUND_SETTINGS: 56,
  MODIFY_PURCHASE_ORDERS: 57,
  DELETE_PURCHASE_ORDERS: 58,
  PURCHASE_ORDER_SETTINGS: 59,
  SEND_PURCHASE_ORDERS: 201,

  MODIFY_INVOICES: 60,
  SEND_INVOICES: 61,
  DELETE_INVOICES: 62,
  INVOICE_SETTINGS: 63,
  MODIFY_PAYMENTS: 64,
  DELETE_PAYMENTS: 65,
  PAYMENT_SETTINGS: 66,
  MODIFY_CREDIT_MEMOS: 67,
  DELETE_CREDIT_MEMOS: 68,
  CREDIT_MEMO_SETTINGS: 69,
  MODIFY_DEPARTMENTS: 70,
  DELETE_DEPARTMENTS: 71,
  MODIFY_ROLES: 72,
  DELETE_ROLES: 73,

  MODIFY_PRODUCT_TEMPLATES: 74,
  MODIFY_COUPONS: 75,
  MODIFY_FILTERS: 76,
  MODIFY_MECHANIC_LIENS: 77,
  DELETE_MECHANIC_LIENS: 78,
  MECHANIC_LIEN_SETTINGS: 79,
  MODIFY_COLLECTIONS: 80,
  MODIFY_FIRM_SETTINGS: 81,
  MODIFY_PRODUCT_TAGS: 82,
  MODIFY_DELIVERY_ROUTES: 83,
  DELIVERY_SETTINGS: 84,
  MODIFY_PROPOSALS: 85,
  DELETE_PROPOSALS: 86,
  PROPOSAL_SETTINGS: 87,
  MODIFY_AMBASSADORS: 88,
  DELETE_AMBASSADORS: 89,
  AMBASSADOR_SETTINGS: 90,
  MODIFY_SOCIAL_MEDIA: 91,
  DELETE_SOCIAL_MEDIA: 92,
  SOCIAL_MEDIA_SETTINGS: 93,
  MODIFY_STORE: 94,
  MODIFY_PORTFOLIO: 95,
  DELETE_PORTFOLIO: 96,
  PORTFOLIO_SETTINGS: 97,
  MESSAGING_SETTINGS: 98,
  MODIFY_EMAIL_TEMPLATES: 99,
  SEND_MARKETING_EMAIL: 102,
  INVENTORY_POLICIES: 103,
  MODIFY_INTEGRATIONS: 104,
  DELETE_INTEGRATIONS: 105,

  SYNC_ORDERS: 144,
  SYNC_INVOICES: 145,
  SYNC_PAYMENTS: 146,
  SYNC_CREDIT_MEMOS: 147,
  SYNC_PURCHASE_ORDERS: 148,
  SYNC_REFUNDS: 149,
  SYNC_SHIPMENTS: 150,
  SYNC_RETURNS: 151,
  SYNC_QUOTES: 152,
  SYNC_PRODUCTS: 153,
  SYNC_USERS: 154,
  SYNC_COMPANIES: 155,
  SYNC_VENDORS: 156,
  SYNC_INVENTORY: 157,
  SYNC_MATERIALS: 158,
  ACCESS_ACCOUNTING_SOFTWARE: 159,

  MODIFY_CUSTOMER_JOBS: 160,
  DELETE_CUSTOMER_JOBS: 161,
  CUSTOMER_JOB_SETTINGS: 162,
  MODIFY_PRODUCT_TOOLS: 163,
  MODIFY_LEADS: 164,
  DELETE_LEADS: 165,
  LEAD_SETTINGS: 166,
  VIEW_PERMISSIONS: 167,
  MODIFY_PERMISSIONS: 168,
  VIEW_ALL_TASKS: 169,
  MODIFY_WEBSITE: 170,
  DELETE_WEBSITE: 171,
  MODIFY_EXPENSES: 172,
  DELETE_EXPENSES: 173,
  EXPENSE_SETTINGS: 174,
  MODIFY_SOCIAL_MEDIA_POSTS: 175,
  DELETE_SOCIAL_MEDIA_POSTS: 176,
  SOCIAL_MEDIA_POST_SETTINGS: 177,
  MODIFY_BLOG_POSTS: 178,
  DELETE_BLOG_POSTS: 179,
  BLOG_POST_SETTINGS: 180,
  PUBLISH_BLOG_POSTS: 181,

  SUPER_ADMIN: 100,
  GENERIC: 200,
  DEVELOPER: 1000,
} as const;

export type PermissionName = keyof typeof P;
export type PermissionCode = (typeof P)[PermissionName];

export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.values(P);

const NAME_BY_CODE = new Map<number, PermissionName>(
  Object.entries(P).map(([name, code]) => [code, name as PermissionName]),
);

export function isPermissionCode(code: number): code is PermissionCode {
  return NAME_BY_CODE.has(code);
}

/** The spec's kebab-case name of a code, e.g. 6 → "modify-orders". */
export function permissionKey(code: number): string {
  const name = NAME_BY_CODE.get(code);
  return name ? name.toLowerCase().replaceAll('_', '-') : `permission-${code}`;
}

/** "modify-orders" → "Modify orders": the label a person reads in a role editor. */
export function permissionLabel(code: number): string {
  const key = permissionKey(code).replaceAll('-', ' ');
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** Codes the shell's firm "Settings" entry needs any one of (spec section 6). */
export const SETTINGS_CODES: readonly PermissionCode[] = [
  P.COMPANY_SETTINGS,
  P.CUSTOMER_SETTINGS,
  P.DELIVERY_SETTINGS,
  P.INVOICE_SETTINGS,
  P.MESSAGING_SETTINGS,
  P.PRODUCT_SETTINGS,
  P.PURCHASE_ORDER_SETTINGS,
  P.QUOTE_SETTINGS,
  P.PROPOSAL_SETTINGS,
  P.VENDOR_SETTINGS,
];

/** Anything that carries a user's roles the way the profile does. */
export type PermissionHolder = {
  permissions: ReadonlyArray<{ permissions: readonly number[] }>;
};

/**
 * The check of spec section 6 over a flat list of codes: the code itself, or developer
 * (grants everything), or super admin (grants everything but the developer-only code).
 */
export function hasCode(codes: readonly number[], code: number): boolean {
  if (codes.includes(P.DEVELOPER)) return true;
  if (code === P.DEVELOPER) return false;
  return codes.includes(code) || codes.includes(P.SUPER_ADMIN);
}

export function userCodes(user: PermissionHolder): number[] {
  return [...new Set(user.permissions.flatMap((role) => role.permissions))];
}

export function can(user: PermissionHolder | null | undefined, code: number): boolean {
  return user ? hasCode(userCodes(user), code) : false;
}

export function canAny(user: PermissionHolder | null | undefined, codes: readonly number[]): boolean {
  return codes.some((code) => can(user, code));
}

/** Permission groups as a role editor shows them: each code appears in exactly one group. */
export const PERMISSION_GROUPS: ReadonlyArray<{ name: string; codes: readonly PermissionCode[] }> = [
  {
    name: 'Administration',
    codes: [
      P.SUPER_ADMIN,
      P.DEVELOPER,
      P.GENERIC,
      P.VIEW_PERMISSIONS,
      P.MODIFY_PERMISSIONS,
      P.MODIFY_ROLES,
      P.DELETE_ROLES,
      P.MODIFY_DEPARTMENTS,
      P.DELETE_DEPARTMENTS,
      P.MODIFY_FIRM_SETTINGS,
      P.MODIFY_SITE_SETTINGS,
      P.MODIFY_LOGS,
      P.MODIFY_INTEGRATIONS,
      P.DELETE_INTEGRATIONS,
      P.MESSAGING_SETTINGS,
      P.MODIFY_WEBSITE,
      P.DELETE_WEBSITE,
    ],
  },
  {
    name: 'Orders',
    codes: [
      P.MODIFY_ORDERS,
      P.DELETE_ORDERS,
      P.ORDER_SETTINGS,
      P.MODIFY_QUOTES,
      P.DELETE_QUOTES,
      P.QUOTE_SETTINGS,
      P.MODIFY_PROPOSALS,
      P.DELETE_PROPOSALS,
      P.PROPOSAL_SETTINGS,
      P.MODIFY_RETURNS,
      P.DELETE_RETURNS,
      P.RETURN_SETTINGS,
      P.MODIFY_DELIVERY_ROUTES,
      P.DELIVERY_SETTINGS,
    ],
  },
  {
    name: 'Products',
    codes: [
      P.MODIFY_PRODUCTS,
      P.DELETE_PRODUCTS,
      P.PRODUCT_SETTINGS,
      P.MODIFY_MATERIALS,
      P.DELETE_MATERIALS,
      P.MATERIAL_SETTINGS,
      P.MODIFY_CATEGORIES,
      P.MODIFY_COLLECTIONS,
      P.MODIFY_FILTERS,
      P.MODIFY_PRODUCT_TAGS,
      P.MODIFY_COUPONS,
      P.MODIFY_PRODUCT_TEMPLATES,
      P.MODIFY_PRODUCT_TOOLS,
      P.MODIFY_STORE,
      P.INVENTORY_POLICIES,
      P.MODIFY_WAREHOUSES,
      P.DELETE_WAREHOUSES,
    ],
  },
  {
    name: 'Purchasing',
    codes: [
      P.MODIFY_VENDORS,
      P.DELETE_VENDORS,
      P.VENDOR_SETTINGS,
      P.MODIFY_PURCHASE_ORDERS,
      P.DELETE_PURCHASE_ORDERS,
      P.PURCHASE_ORDER_SETTINGS,
      P.SEND_PURCHASE_ORDERS,
      P.MODIFY_SHIPMENTS,
      P.DELETE_SHIPMENTS,
      P.SHIPMENT_SETTINGS,
    ],
  },
  {
    name: 'Customers',
    codes: [
      P.MODIFY_USERS,
      P.DELETE_USERS,
      P.VIEW_USER_ANALYTICS,
      P.LOGIN_AS_USER,
      P.CUSTOMER_SETTINGS,
      P.MODIFY_COMPANIES,
      P.DELETE_COMPANIES,
      P.COMPANY_FINANCIALS,
      P.COMPANY_SETTINGS,
      P.MODIFY_LEADS,
      P.DELETE_LEADS,
      P.LEAD_SETTINGS,
      P.MODIFY_AMBASSADORS,
      P.DELETE_AMBASSADORS,
      P.AMBASSADOR_SETTINGS,
    ],
  },
  {
    name: 'Jobs and people',
    codes: [
      P.MODIFY_CUSTOMER_JOBS,
      P.DELETE_CUSTOMER_JOBS,
      P.CUSTOMER_JOB_SETTINGS,
      P.VIEW_ALL_TASKS,
      P.MODIFY_EMPLOYEES,
      P.DELETE_EMPLOYEES,
      P.EMPLOYEE_SETTINGS,
    ],
  },
  {
    name: 'Marketing',
    codes: [
      P.MODIFY_SOCIAL_MEDIA,
      P.DELETE_SOCIAL_MEDIA,
      P.SOCIAL_MEDIA_SETTINGS,
      P.MODIFY_SOCIAL_MEDIA_POSTS,
      P.DELETE_SOCIAL_MEDIA_POSTS,
      P.SOCIAL_MEDIA_POST_SETTINGS,
      P.MODIFY_PORTFOLIO,
      P.DELETE_PORTFOLIO,
      P.PORTFOLIO_SETTINGS,
      P.MODIFY_EMAIL_TEMPLATES,
      P.SEND_MARKETING_EMAIL,
      P.MODIFY_BLOG_POSTS,
      P.DELETE_BLOG_POSTS,
      P.BLOG_POST_SETTINGS,
      P.PUBLISH_BLOG_POSTS,
    ],
  },
  {
    name: 'Accounting',
    codes: [
      P.MODIFY_INVOICES,
      P.SEND_INVOICES,
      P.DELETE_INVOICES,
      P.INVOICE_SETTINGS,
      P.MODIFY_PAYMENTS,
      P.DELETE_PAYMENTS,
      P.PAYMENT_SETTINGS,
      P.MODIFY_CREDIT_MEMOS,
      P.DELETE_CREDIT_MEMOS,
      P.CREDIT_MEMO_SETTINGS,
      P.MODIFY_REFUNDS,
      P.DELETE_REFUNDS,
      P.REFUND_SETTINGS,
      P.MODIFY_EXPENSES,
      P.DELETE_EXPENSES,
      P.EXPENSE_SETTINGS,
      P.MODIFY_MECHANIC_LIENS,
      P.DELETE_MECHANIC_LIENS,
      P.MECHANIC_LIEN_SETTINGS,
      P.ACCESS_ACCOUNTING_SOFTWARE,
      P.SYNC_ORDERS,
      P.SYNC_INVOICES,
      P.SYNC_PAYMENTS,
      P.SYNC_CREDIT_MEMOS,
      P.SYNC_PURCHASE_ORDERS,
      P.SYNC_REFUNDS,
      P.SYNC_SHIPMENTS,
      P.SYNC_RETURNS,
      P.SYNC_QUOTES,
      P.SYNC_PRODUCTS,
      P.SYNC_USERS,
      P.SYNC_COMPANIES,
      P.SYNC_VENDORS,
      P.SYNC_INVENTORY,
      P.SYNC_MATERIALS,
    ],
  },
  {
    name: 'Reports, imports and exports',
    codes: [
      P.VIEW_ANALYTICS,
      P.EXPORT_PRODUCTS,
      P.EXPORT_ORDERS,
      P.EXPORT_USERS,
      P.EXPORT_COMPANIES,
      P.EXPORT_ANALYTICS,
      P.IMPORT_PRODUCTS,
      P.IMPORT_MATERIALS,
      P.IMPORT_VENDORS,
      P.IMPORT_CATEGORIES,
      P.IMPORT_COLLECTIONS,
      P.IMPORT_TAGS,
      P.VIEW_IMPORTER_DOCUMENTS,
      P.CHANGE_IMPORTS,
    ],
  },
];

/**
 * Whether someone holding `codes` may hand out `code` in a role: only codes they hold
 * themselves (super admin holds all but developer); developer (1000) only from a developer.
 */
export function canGrant(codes: readonly number[], code: number): boolean {
  return code === P.DEVELOPER ? codes.includes(P.DEVELOPER) : hasCode(codes, code);
}
