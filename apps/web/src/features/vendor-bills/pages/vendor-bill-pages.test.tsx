import { P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import pages from './vendor-bill-pages';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const VENDOR = { _id: id(1), name: 'Bayline Tile' };
const LINE = {
  purchaseOrder: { _id: id(2), name: 'PO-12' },
  line: id(3),
  description: 'Porcelain tile 12×24',
  sku: 'PT-1224',
  ordered: 10,
  received: 4,
  billed: 0,
  billable: 4,
  unitCost: 2_500,
};

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body && JSON.parse(String(init.body)) });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (method === 'POST') return json({ _id: id(9), name: 'Bill BT-1', needsApproval: true }, 201);
    if (url.startsWith('/api/v1/vendor-bills/billable')) return json([LINE]);
    if (url.startsWith(`/api/v1/vendors/${VENDOR._id}`)) return json(VENDOR);
    if (url.startsWith('/api/v1/vendors')) return json({ items: [VENDOR], total: 1, next: null });
    return json({ items: [], total: 0, next: null });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a new vendor bill', () => {
  it('bills the vendor’s received lines, flags more than arrived as it is typed, and sends the matched lines', async () => {
    renderSignedIn(
      <>
        <Route path="/p/vendor-bills/new" element={<pages.New />} />
        <Route path="/p/vendor-bills/:id" element={null} />
      </>,
      { codes: [P.MODIFY_PURCHASE_ORDERS], path: `/p/vendor-bills/new?vendor=${VENDOR._id}` },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add Porcelain tile 12×24 (PO-12)' }));
    expect(screen.queryByText('More than received')).toBeNull();
    const quantity = screen.getAllByRole('textbox', { name: 'Quantity' })[0]!;
    fireEvent.change(quantity, { target: { value: '6' } });
    expect(await screen.findByText('More than received')).toBeTruthy();
    // 6 × $25.00.
    expect(screen.getAllByText('$150.00').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('textbox', { name: 'Bill number' }), { target: { value: 'BT-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create bill' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(`/p/vendor-bills/${id(9)}`),
    );
    const post = sent.find((s) => s.method === 'POST')!;
    expect(post).toMatchObject({
      url: '/api/v1/vendor-bills',
      body: {
        vendor: VENDOR._id,
        billNumber: 'BT-1',
        lines: [{ purchaseOrderLine: LINE.line, quantity: 6 }],
      },
    });
  });
});
