import { describe, expect, it } from 'vitest';
import { NAVIGATION, visibleNavigation } from './navigation';
import { P } from './permissions';

const names = (codes: number[], features: string[], isBuilt?: (href: string) => boolean) =>
  visibleNavigation({ codes, features, isBuilt: isBuilt ?? (() => true) }).flatMap((g) =>
    g.routes.map((r) => `${g.name}/${r.name}`),
  );

describe('the side-navigation table', () => {
  it('holds the entries of spec section 2 with their permission and feature', () => {
    const entries = NAVIGATION.flatMap((g) => g.routes.map((r) => [r.href, r.permission, r.feature ?? null]));
    expect(entries).toContainEqual(['/o/deliveries', P.MODIFY_DELIVERY_ROUTES, 'delivery_management']);
    expect(entries).toContainEqual(['/a/liens', P.MODIFY_MECHANIC_LIENS, 'mechanic_leins']);
    expect(entries).toContainEqual(['/p/importer', P.VIEW_IMPORTER_DOCUMENTS, null]);
    expect(entries).toContainEqual(['/u/customers', P.MODIFY_USERS, null]);
    expect(entries).toContainEqual(['/r/reports', P.VIEW_ANALYTICS, null]);
    // The spec's 34, plus Ambassadors (88), which the spec's table left out.
    expect(entries).toContainEqual(['/u/ambassadors', P.MODIFY_AMBASSADORS, null]);
    // And Vendor bills (payables, on the purchase orders' code), for which the spec has no route (decision 0046).
    expect(entries).toContainEqual(['/p/vendor-bills', P.MODIFY_PURCHASE_ORDERS, null]);
    expect(entries).toHaveLength(36);
    const orders = NAVIGATION[0]!.routes[0]!;
    expect(orders.subroutes).toEqual([
      { name: 'Orders', href: '/o/orders' },
      { name: 'Create order', href: '/o/create-order' },
    ]);
  });

  it('hides entries whose feature is off, whose code is missing, or whose page is not built', () => {
    expect(names([P.MODIFY_LEADS, P.MODIFY_USERS], [])).toEqual(['Customers/Customers']);
    expect(names([P.MODIFY_LEADS], ['lead_management'])).toEqual(['Customers/Leads']);
    expect(names([P.SUPER_ADMIN], [], (href) => href === '/u/customers')).toEqual(['Customers/Customers']);
    expect(names([], ['lead_management'])).toEqual([]);
  });
});
