import { type Ambassador, type CommissionPage, P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { CommissionsCard } from './commissions-card';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const AMBASSADOR = { _id: id(1), name: 'Rhea Lindqvist', commissionPercent: 10 } as Ambassador;

const PAGE: CommissionPage = {
  items: [
    {
      _id: id(2),
      ambassador: { _id: id(1), name: 'Rhea Lindqvist' },
      invoice: { _id: id(3), name: 'INV-1004' },
      customer: { _id: id(4), name: 'Kitchen Client' },
      baseCents: 500_000,
      percent: 10,
      amountCents: 50_000,
      earnedOn: '2030-01-20',
      status: 'owed',
      payout: null,
      paidOn: null,
      invoicePaid: true,
    },
    {
      _id: id(5),
      ambassador: { _id: id(1), name: 'Rhea Lindqvist' },
      invoice: { _id: id(6), name: 'INV-1001' },
      customer: { _id: id(4), name: 'Kitchen Client' },
      baseCents: 200_000,
      percent: 10,
      amountCents: 20_000,
      earnedOn: '2030-01-02',
      status: 'paid',
      payout: { _id: id(7), name: 'Commissions · Rhea Lindqvist · 2030-01-10' },
      paidOn: '2030-01-10',
      invoicePaid: true,
    },
  ],
  total: 2,
  next: null,
  totals: { earnedCents: 70_000, paidCents: 20_000, owedCents: 50_000 },
};

type Call = { url: string; method: string; body?: unknown };
function serve() {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url.startsWith('/api/v1/commissions/payout'))
      return new Response(
        JSON.stringify({ expense: { _id: id(8), name: 'Commissions · Rhea' }, paidCents: 50_000, commissions: 1 }),
        { status: 201 },
      );
    if (url.startsWith('/api/v1/commissions')) return new Response(JSON.stringify(PAGE), { status: 200 });
    return new Response('{}', { status: 200 });
  });
  return calls;
}

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an ambassador’s commissions', () => {
  it('show earned, paid and owed, each invoice’s commission, and pay out what is owed from an account', async () => {
    const calls = serve();
    const { queryClient } = renderSignedIn(<Route path="*" element={<CommissionsCard ambassador={AMBASSADOR} />} />, {
      codes: [P.MODIFY_AMBASSADORS],
    });
    // The firm's accounts, as staff read them.
    queryClient.setQueryData(
      ['/money-accounts'],
      [{ _id: id(9), name: 'Operating account', type: 'bank', lastFour: '0917', version: 1, expenses: 3 }],
    );
    expect(await screen.findByText('$700.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'INV-1004' }).getAttribute('href')).toBe(`/a/invoices/${id(3)}`);
    expect(screen.getByText('$500.00 (10% of $5,000.00)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay out $500.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay Rhea Lindqvist' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $500.00' }));
    expect(await within(dialog).findByText('Choose the account it is paid from.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/payout'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Paid from' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Operating account ·· 0917' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay $500.00' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/payout'))?.body).toEqual({
        ambassador: id(1),
        paidFrom: id(9),
        date: null,
        reference: '',
      }),
    );
  });

  it('are not shown without the ambassadors permission', () => {
    const calls = serve();
    renderSignedIn(<Route path="*" element={<CommissionsCard ambassador={AMBASSADOR} />} />, { codes: [] });
    expect(screen.queryByText('Commissions')).toBeNull();
    expect(calls).toEqual([]);
  });
});
