import { type NavGroup, P, SETTINGS_CODES, SETTINGS_GROUPS, visibleNavigation } from '@atelier/contracts';
import { useCan } from './permissions';
import { useSession } from './session';

export function useNavigation(): NavGroup[] {
  const { profile } = useSession();
  if (!profile) return [];
  return visibleNavigation({
    codes: profile.permissions.flatMap((r) => r.permissions),
    features: profile.firm.features,
  });
}

/** The firm settings pages (/s/…) and who may open them; the server enforces the same codes. */
export const SETTINGS_PAGES = [
  { label: 'Firm', href: '/s/firm', codes: [P.MODIFY_FIRM_SETTINGS] },
  { label: 'People and roles', href: '/s/manage', codes: [P.VIEW_PERMISSIONS] },
  { label: 'Roles', href: '/s/organization', codes: [P.MODIFY_ROLES] },
  { label: 'Employees', href: '/s/employee', codes: [P.EMPLOYEE_SETTINGS, P.MODIFY_DEPARTMENTS] },
  { label: 'Warehouses', href: '/s/warehouses', codes: [P.MODIFY_WAREHOUSES] },
  { label: 'Accounts', href: '/s/account', codes: [P.COMPANY_SETTINGS] },
  { label: 'Customers', href: '/s/customer', codes: [P.CUSTOMER_SETTINGS] },
  { label: 'Documents', href: '/s/documents', codes: [P.MODIFY_FIRM_SETTINGS] },
  { label: 'Messaging', href: '/s/messaging', codes: [P.MESSAGING_SETTINGS] },
  { label: 'Products', href: '/s/product', codes: [P.PRODUCT_SETTINGS, P.MODIFY_PRODUCT_TEMPLATES] },
  { label: 'Vendors', href: '/s/vendor', codes: [P.VENDOR_SETTINGS] },
  { label: 'Orders', href: '/s/order', codes: [P.ORDER_SETTINGS] },
  { label: 'Invoices', href: '/s/invoice', codes: [P.INVOICE_SETTINGS] },
  { label: 'Credit memos', href: '/s/credit-memo', codes: [P.CREDIT_MEMO_SETTINGS] },
  { label: 'Expenses', href: '/s/expense', codes: [P.EXPENSE_SETTINGS] },
  { label: 'Quotes', href: '/s/quote', codes: [P.QUOTE_SETTINGS], feature: 'quotes' },
  { label: 'Proposals', href: '/s/proposal', codes: [P.PROPOSAL_SETTINGS], feature: 'proposals' },
  { label: 'Deliveries', href: '/s/delivery', codes: [P.DELIVERY_SETTINGS], feature: 'delivery_management' },
  { label: 'Purchase orders', href: '/s/purchase-order', codes: [P.PURCHASE_ORDER_SETTINGS] },
  { label: 'Leads', href: '/s/lead', codes: [P.LEAD_SETTINGS], feature: 'lead_management' },
  {
    label: 'Project management',
    href: '/s/project-management',
    codes: [SETTINGS_GROUPS.kanbanSettings.permission],
    feature: SETTINGS_GROUPS.kanbanSettings.feature,
  },
] as const satisfies readonly { label: string; href: string; codes: readonly number[]; feature?: string }[];

/** The settings pages this user may open: their codes, and their module when a module has them. */
export function useSettingsPages() {
  const { canAny, hasFeature } = useCan();
  return SETTINGS_PAGES.filter((p) => canAny(p.codes) && (!('feature' in p) || hasFeature(p.feature)));
}

/**
 * The profile menu's firm Settings entry: shown for any settings-modify code (spec section 6)
 * and for the codes of the settings pages built so far, linking to the first page the user may open.
 */
export function useSettingsEntry(): string | null {
  const { canAny } = useCan();
  const pages = useSettingsPages();
  if (pages.length === 0 || !canAny([...SETTINGS_CODES, ...SETTINGS_PAGES.flatMap((p) => p.codes)])) return null;
  return pages[0]!.href;
}
