import { type Order, P, type PurchaseSuggestions } from '@atelier/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { SpecialOrdersCard } from './special-orders-card';

const ORDER_ID = '019a0000-0000-7000-8000-000000000010';
const order = {
  _id: ORDER_ID,
  number: 'SO-12',
  status: 'confirmed',
  lines: [{ id: '019a0000-0000-7000-8000-000000000011', kind: 'special' }],
} as unknown as Order;
const oak = { _id: '019a0000-0000-7000-8000-000000000020', name: 'Oak Millworks' };
const brass = { _id: '019a0000-0000-7000-8000-000000000021', name: 'Brass & Co' };
const suggestions: PurchaseSuggestions = {
  toBuy: [
    {
      vendor: oak,
      lines: [
        {
          line: '019a0000-0000-7000-8000-000000000011',
          name: 'Custom vanity',
          vendorSku: 'CV-36',
          quantity: 1,
          unitCost: 50_000,
          leadTimeDays: 21,
          expectedDate: '2030-01-22',
        },
      ],
    },
  ],
  bought: [
    {
      line: '019a0000-0000-7000-8000-000000000012',
      name: 'Brass faucet',
      vendor: brass,
      quantity: 2,
      purchaseOrder: { _id: '019a0000-0000-7000-8000-000000000030', name: 'PO-7' },
    },
  ],
};

/** The suggestions, and the purchase orders made; the requests asked for. */
function serve() {
  const calls: { url: string; method: string; body?: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
    if (url.endsWith('/purchase-orders') && init?.method === 'POST')
      return new Response(
        JSON.stringify([{ _id: '019a0000-0000-7000-8000-000000000031', number: 'PO-8', vendor: oak, lines: 1 }]),
        { status: 201 },
      );
    if (url.includes('/purchase-suggestions')) return new Response(JSON.stringify(suggestions), { status: 200 });
    return new Response(JSON.stringify({}), { status: 200 });
  });
  return calls;
}

const renderCard = (codes: number[], record: Order = order) =>
  renderSignedIn(<Route path="*" element={<SpecialOrdersCard order={record} />} />, { codes });

afterEach(() => vi.unstubAllGlobals());

describe('the special orders card', () => {
  it('lists what is left to buy by vendor and what was bought, and makes the purchase orders', async () => {
    const calls = serve();
    renderCard([P.MODIFY_ORDERS, P.MODIFY_PURCHASE_ORDERS]);
    expect(await screen.findByText('Special orders to buy')).toBeTruthy();
    const oakLines = screen.getByRole('table', { name: 'To buy from Oak Millworks' });
    expect(within(oakLines).getByText('Custom vanity')).toBeTruthy();
    expect(within(oakLines).getByText('CV-36')).toBeTruthy();
    expect(within(oakLines).getByText('21 days lead time')).toBeTruthy();
    const po = screen.getByRole('link', { name: 'PO-7' });
    expect(po.getAttribute('href')).toBe('/p/purchase-orders/019a0000-0000-7000-8000-000000000030');
    expect(within(po.closest('tr')!).getByText('Brass faucet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create purchase orders' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === `/api/v1/orders/${ORDER_ID}/purchase-orders`)).toBe(
        true,
      ),
    );
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({});
  });

  it('is left out, and asks nothing, without the purchase orders code or for a draft', async () => {
    const calls = serve();
    renderCard([P.MODIFY_ORDERS]);
    renderCard([P.MODIFY_ORDERS, P.MODIFY_PURCHASE_ORDERS], { ...order, status: 'draft' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Special orders to buy')).toBeNull();
    expect(calls.some((c) => c.url.includes('/purchase-suggestions'))).toBe(false);
  });
});
