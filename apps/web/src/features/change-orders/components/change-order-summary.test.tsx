import { type ChangeOrder, P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { ChangeOrderSummary } from './change-order-summary';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const HASH = 'ab'.repeat(32);
const PDF_HASH = 'cd'.repeat(32);
const future = new Date(Date.now() + 20 * 86_400_000).toISOString();

/** A change order as its page reads it; what the test reads of it is set by `over`. */
function changeOrder(over: Partial<ChangeOrder> = {}): ChangeOrder {
  return {
    _id: id(1),
    number: 12,
    name: 'SO-1042 · change 2',
    sequence: 2,
    status: 'sent',
    order: { _id: id(2), name: 'SO-1042' },
    orderStatus: 'confirmed',
    customer: { _id: id(3), name: 'Ada Lovelace' },
    reason: 'A bigger floor',
    lines: [],
    subtotalCents: 0,
    lineDiscountCents: 0,
    orderDiscountCents: 0,
    couponCents: 0,
    discountCents: 0,
    taxCents: 0,
    shippingCents: 0,
    totalCents: 120_000,
    previousTotalCents: 100_000,
    changes: [],
    baseRevision: 1,
    revision: null,
    stale: false,
    sentAt: '2030-01-02T10:00:00.000Z',
    approval: null,
    declinedAt: null,
    link: {
      _id: id(4),
      revision: 1,
      url: '/proposals/approve/k3Jq9w-long-random-token-0123456',
      sentAt: '2030-01-02T10:00:00.000Z',
      expiresAt: future,
      revokedAt: null,
      firstViewedAt: '2030-01-02T11:00:00.000Z',
      lastViewedAt: '2030-01-03T11:00:00.000Z',
      viewCount: 2,
    },
    approvals: [],
    version: 3,
    archived: false,
    ...over,
  } as unknown as ChangeOrder;
}

const renderSummary = (co: ChangeOrder, codes: number[] = [P.MODIFY_ORDERS]) =>
  renderSignedIn(<Route path="*" element={<ChangeOrderSummary co={co} />} />, { codes });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a change order’s page', () => {
  it('shows the link sent to approve it online, and revokes it', async () => {
    const calls: { url: string; method: string }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      return new Response(JSON.stringify(changeOrder({ link: { ...changeOrder().link!, revokedAt: future } })), {
        status: 200,
      });
    });
    renderSummary(changeOrder());
    expect(screen.getByText('Link to approve it online')).toBeTruthy();
    expect(screen.getByText('Working')).toBeTruthy();
    expect(screen.getByText(/^Opened twice/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the link to SO-1042 · change 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke the link' }));
    await waitFor(() => expect(calls).toContainEqual({ url: `/api/v1/change-orders/${id(1)}/revoke`, method: 'POST' }));
  });

  it('offers no revoking to someone who may not change orders', () => {
    renderSummary(changeOrder(), []);
    expect(screen.getByText('Working')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke link' })).toBeNull();
  });

  it('shows the customer’s online approval with its evidence', () => {
    renderSummary(
      changeOrder({
        status: 'approved',
        revision: 2,
        approval: { by: 'Jo Client', method: 'online', at: '2030-01-04T09:00:00.000Z', note: '', recordedBy: null },
        approvals: [
          {
            _id: id(5),
            decision: 'approved',
            name: 'Jo Client',
            reason: '',
            sections: [],
            decidedAt: '2030-01-04T09:00:00.000Z',
            ip: '198.51.100.9',
            userAgent: 'PhoneBrowser/2.0',
            revision: 1,
            snapshotSha256: HASH,
            pdfUrl: `/api/v1/files/${id(6)}`,
            pdfSha256: PDF_HASH,
            signatureUrl: `/api/v1/files/${id(7)}`,
            order: { _id: id(2), name: 'SO-1042' },
          },
        ],
      }),
    );
    expect(screen.getByText(/Approved by Jo Client \(online, signed\)/)).toBeTruthy();
    expect(screen.getByText('The whole change order')).toBeTruthy();
    expect(screen.getByText('198.51.100.9')).toBeTruthy();
    expect(screen.getByText(HASH)).toBeTruthy();
    expect(screen.getByText(PDF_HASH)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Signed PDF' }).getAttribute('href')).toBe(`/api/v1/files/${id(6)}`);
    expect(screen.getByRole('link', { name: 'Changed order SO-1042' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Signature of Jo Client' })).toBeTruthy();
  });
});
