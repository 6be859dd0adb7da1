import { type Company, type CompanyAnalytics, P, type SalesMonth } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import CompanyAnalyticsTab from './company-analytics-tab';

const company = { _id: '019a0000-0000-7000-8000-000000000001', name: 'Analysed Interiors' } as Company;
const months = (cents: (i: number) => number): SalesMonth[] =>
  Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    cents: cents(i),
    orders: cents(i) ? 1 : 0,
  }));
const none = { orders: 0, lifetimeCents: 0, yearCents: 0, averageCents: null, lastOrderAt: null };

function serve(answer: CompanyAnalytics) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  return urls;
}

const renderTab = (codes: number[]) =>
  renderSignedIn(
    <Route element={<Outlet context={{ record: company, path: `/companies/${company._id}` }} />}>
      <Route path="*" element={<CompanyAnalyticsTab />} />
    </Route>,
    { codes },
  );

afterEach(() => vi.unstubAllGlobals());

describe('an account’s analytics tab', () => {
  it('shows its figures, sales by month and top products', async () => {
    const urls = serve({
      sales: months((i) => (i === 11 ? 125_000 : i === 9 ? 40_050 : 0)),
      figures: { orders: 2, lifetimeCents: 165_050, yearCents: 165_050, averageCents: 82_525, lastOrderAt: null },
      topProducts: [
        {
          type: 'product',
          _id: '019a0000-0000-7000-8000-000000000002',
          productId: '019a0000-0000-7000-8000-000000000002',
          materialId: null,
          name: 'Oak vanity',
          sku: 'OV-1',
          unit: 'each',
          quantity: 3,
          revenueCents: 150_000,
        },
      ],
    });
    renderTab([P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    expect(await screen.findByText('$1,650.50')).toBeTruthy();
    expect(screen.getByText('$825.25')).toBeTruthy();
    expect(screen.getByText('$1,250.00')).toBeTruthy();
    expect(urls).toEqual([`/api/v1/companies/${company._id}/analytics`]);
    const top = screen.getAllByRole('table').at(-1)!;
    const row = within(top).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Oak vanity', 'OV-1', '3 units', '$1,500.00']);
    expect(within(row).getByRole('link', { name: 'Oak vanity' }).getAttribute('href')).toBe(
      '/p/products/019a0000-0000-7000-8000-000000000002',
    );
  });

  it('says plainly when there were no sales', async () => {
    serve({ sales: months(() => 0), figures: none, topProducts: [] });
    renderTab([P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    expect(await screen.findByText('No sales in the last 12 months.')).toBeTruthy();
    expect(screen.getByText('No products sold to Analysed Interiors in the last 12 months.')).toBeTruthy();
    expect(screen.getByText('No orders yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'forbidden', message: 'You do not have permission to do this.' } }),
          {
            status: 403,
          },
        ),
    );
    renderTab([P.MODIFY_ORDERS, P.VIEW_ANALYTICS]);
    expect(
      await screen.findByText('The analytics could not be loaded: You do not have permission to do this.'),
    ).toBeTruthy();
  });

  it('asks nothing of the server without view analytics (17)', async () => {
    const urls = serve({ sales: [], figures: none, topProducts: [] });
    renderTab([P.MODIFY_ORDERS, P.MODIFY_COMPANIES]);
    expect(await screen.findByText('No access')).toBeTruthy();
    expect(urls).toEqual([]);
  });
});
