import { type Customer, type CustomerAnalytics, P } from '@atelier/contracts';
import { screen } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import CustomerOrdersTab from './customer-orders-tab';

const customer = { _id: '019a0000-0000-7000-8000-000000000003', name: 'Bea Buyer' } as Customer;
const figures: CustomerAnalytics = {
  sales: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    cents: i === 11 ? 30_000 : 0,
    orders: i === 11 ? 2 : 0,
  })),
  figures: {
    orders: 2,
    lifetimeCents: 30_000,
    yearCents: 30_000,
    averageCents: 15_000,
    lastOrderAt: '2026-12-03T15:00:00.000Z',
  },
};

/** The orders list (none) and the purchase figures; the addresses asked for. */
function serve() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const body = url.includes('/analytics') ? figures : { items: [], total: 0, next: null };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return urls;
}

const renderTab = (codes: number[]) =>
  renderSignedIn(
    <Route element={<Outlet context={{ record: customer, path: `/customers/${customer._id}` }} />}>
      <Route path="*" element={<CustomerOrdersTab />} />
    </Route>,
    { codes },
  );

afterEach(() => vi.unstubAllGlobals());

describe('a customer’s orders tab', () => {
  it('shows their purchase figures to holders of users analytics (10)', async () => {
    const urls = serve();
    renderTab([P.MODIFY_ORDERS, P.VIEW_USER_ANALYTICS]);
    expect(await screen.findByText('Lifetime spend')).toBeTruthy();
    expect(screen.getAllByText('$300.00').length).toBeGreaterThan(0);
    expect(screen.getByText('$150.00')).toBeTruthy();
    expect(screen.getByText('Purchases by month')).toBeTruthy();
    expect(urls).toContain(`/api/v1/customers/${customer._id}/analytics`);
  });

  it('leaves them out, and does not ask for them, without it', async () => {
    const urls = serve();
    renderTab([P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    expect(await screen.findByText('Bea Buyer has no orders yet.')).toBeTruthy();
    expect(screen.queryByText('Lifetime spend')).toBeNull();
    expect(urls.some((u) => u.includes('/analytics'))).toBe(false);
  });
});
