import { FEATURE_KEYS, isSellable, visibleNavigation } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES } from './demo';

// Harbor & Pine enables every module that is sold; Cedar Row a handful.
const harbor = FEATURE_KEYS.filter(isSellable);
const cedar = ['quotes', 'proposals', 'project_management', 'materials', 'mechanic_leins'];

const menu = (codes: readonly number[], features: readonly string[]) =>
  Object.fromEntries(
    visibleNavigation({ codes, features, isBuilt: () => true }).map((g) => [g.name, g.routes.map((r) => r.name)]),
  );

describe('the navigation each demo role sees', () => {
  it('sales: orders, quotes, proposals, accounts, customers, leads', () => {
    expect(menu(DEMO_ROLES.sales.codes, harbor)).toEqual({
      Orders: ['Orders', 'Quotes', 'Proposals'],
      Customers: ['Accounts', 'Customers', 'Leads'],
    });
  });

  it('warehouse: products, materials, vendors, purchase orders, shipments', () => {
    expect(menu(DEMO_ROLES.warehouse.codes, harbor)).toEqual({
      Products: ['Products', 'Materials', 'Vendors', 'Purchase orders', 'Vendor bills', 'Shipments'],
    });
  });

  it('accounting: invoices, payments, credit memos, expenses, liens, reports', () => {
    expect(menu(DEMO_ROLES.accounting.codes, harbor)).toEqual({
      Accounting: ['Invoices', 'Payments', 'Credit memos', 'Expenses', 'Mechanic liens'],
      Reports: ['Reports'],
    });
  });

  it('super admin: everything the firm has enabled', () => {
    const all = menu(DEMO_ROLES.superAdmin.codes, harbor);
    expect(Object.values(all).flat()).toHaveLength(36);
    const cedarOwner = Object.values(menu(DEMO_ROLES.superAdmin.codes, cedar)).flat();
    expect(cedarOwner).toHaveLength(29);
    for (const hidden of [
      'Deliveries',
      'Product store',
      'Showroom panels',
      'Leads',
      'Social media',
      'Portfolios',
      'Blog',
    ]) {
      expect(cedarOwner).not.toContain(hidden);
    }
    expect(cedarOwner).toContain('Jobs');
  });
});
