import { type Employee, type EmployeeAnalytics, P } from '@atelier/contracts';
import { screen, within } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import EmployeeAnalyticsTab from './employee-analytics-tab';

const employee = { _id: '019a0000-0000-7000-8000-000000000004', name: 'Sam Seller' } as Employee;
const base: EmployeeAnalytics = {
  sales: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    cents: i === 11 ? 52_000 : 0,
    orders: i === 11 ? 1 : 0,
  })),
  figures: { orders: 1, lifetimeCents: 52_000, yearCents: 52_000, averageCents: 52_000, lastOrderAt: null },
  openQuotes: null,
};

function serve(answer: EmployeeAnalytics) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200 }));
}

const renderTab = () =>
  renderSignedIn(
    <Route element={<Outlet context={{ record: employee, path: `/employees/${employee._id}` }} />}>
      <Route path="*" element={<EmployeeAnalyticsTab />} />
    </Route>,
    { codes: [P.MODIFY_ORDERS, P.VIEW_ANALYTICS] },
  );

afterEach(() => vi.unstubAllGlobals());

describe('an employee’s analytics tab', () => {
  it('lists their open quotes, linked to each quote', async () => {
    serve({
      ...base,
      openQuotes: {
        count: 1,
        totalCents: 80_000,
        items: [
          {
            _id: '019a0000-0000-7000-8000-000000000005',
            number: 'Q-7',
            status: 'sent',
            customer: { _id: '019a0000-0000-7000-8000-000000000006', name: 'Olive Client' },
            totalCents: 80_000,
            validUntil: '2026-12-24',
          },
        ],
      },
    });
    renderTab();
    const link = await screen.findByRole('link', { name: 'Q-7' });
    expect(link.getAttribute('href')).toBe('/o/quotes/019a0000-0000-7000-8000-000000000005');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Olive Client')).toBeTruthy();
    expect(within(row).getByText('Sent')).toBeTruthy();
    expect(screen.getByText('1 open · $800.00')).toBeTruthy();
  });

  it('leaves the quotes out when the server gives none (no quotes module or code)', async () => {
    serve(base);
    renderTab();
    expect(await screen.findByText('Sales by month')).toBeTruthy();
    expect(screen.queryByText('Open quotes')).toBeNull();
  });
});
