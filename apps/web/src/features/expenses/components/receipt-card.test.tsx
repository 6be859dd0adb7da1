import { type Expense, P } from '@atelier/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { ReceiptCard } from './receipt-card';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function expense(receipt: Expense['receipt']): Expense {
  return {
    _id: id(1),
    name: 'Materials · Coastal Lumber · 2030-01-10',
    vendor: null,
    payee: 'Coastal Lumber',
    paidTo: 'Coastal Lumber',
    category: 'Materials',
    amountCents: 12_845,
    taxCents: 707,
    totalCents: 13_552,
    date: '2030-01-10',
    paidFrom: { _id: id(2), name: 'Company card ·· 4242' },
    reference: 'INV-88213',
    notes: '',
    receipt,
    customerJob: null,
    customer: null,
    billable: false,
    billing: 'not_billable',
    invoice: null,
    commissionPayout: null,
    version: 2,
    archived: false,
    createdAt: '2030-01-10T10:00:00.000Z',
    updatedAt: '2030-01-10T10:00:00.000Z',
    updatedBy: null,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an expense’s receipt', () => {
  it('shows an image receipt as the image, with its download link', () => {
    renderSignedIn(
      <Route
        path="*"
        element={
          <ReceiptCard
            expense={expense({
              _id: id(3),
              name: 'lunch.jpg',
              contentType: 'image/jpeg',
              url: `/api/v1/files/${id(3)}`,
            })}
          />
        }
      />,
      { codes: [P.MODIFY_EXPENSES] },
    );
    expect(screen.getByRole('img', { name: 'Receipt: lunch.jpg' }).getAttribute('src')).toBe(`/api/v1/files/${id(3)}`);
    expect(screen.getByRole('link', { name: 'Download lunch.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace receipt' })).toBeTruthy();
  });

  it('frames a PDF receipt from a local copy of its bytes (our responses are never framed)', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { status: 200 });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:local-receipt');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderSignedIn(
      <Route
        path="*"
        element={
          <ReceiptCard
            expense={expense({
              _id: id(4),
              name: 'receipt.pdf',
              contentType: 'application/pdf',
              url: `/api/v1/files/${id(4)}`,
            })}
          />
        }
      />,
      { codes: [P.MODIFY_EXPENSES] },
    );
    await waitFor(() =>
      expect(screen.getByTitle('Receipt: receipt.pdf').getAttribute('src')).toBe('blob:local-receipt'),
    );
    expect(fetched).toEqual([`/api/v1/files/${id(4)}`]);
  });

  it('asks for one when there is none, and offers no upload without the expenses permission', () => {
    renderSignedIn(<Route path="*" element={<ReceiptCard expense={expense(null)} />} />, { codes: [] });
    expect(screen.getByText(/No receipt yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload receipt' })).toBeNull();
  });
});
