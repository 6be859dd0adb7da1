import { type AccountingExport, type AccountingMapping, P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { AccountingSection } from './accounting-section';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const MAPPING: AccountingMapping = {
  system: 'quickbooks',
  adapter: 'quickbooks_iif',
  accounts: [
    {
      role: 'accounts_receivable',
      key: '',
      label: 'Accounts receivable',
      account: 'Accounts Receivable',
      defaultAccount: 'Accounts Receivable',
      mapped: false,
      type: 'AR',
    },
    {
      role: 'undeposited_funds',
      key: '',
      label: 'Undeposited funds',
      account: 'Undeposited Funds',
      defaultAccount: 'Undeposited Funds',
      mapped: false,
      type: 'OCASSET',
    },
    {
      role: 'undeposited_funds',
      key: 'card',
      label: 'Undeposited funds: Card',
      account: 'Card Clearing',
      defaultAccount: 'Undeposited Funds',
      mapped: true,
      type: 'OCASSET',
    },
  ],
};

const RUN: AccountingExport = {
  _id: id(9),
  number: 4,
  adapter: 'journal_csv',
  from: '2030-01-01',
  to: '2030-01-31',
  status: 'done',
  createdAt: '2030-02-01T10:00:00.000Z',
  createdBy: { _id: id(1), name: 'Ada Owner' },
  sent: 3,
  changed: 1,
  reversed: 0,
  skipped: 2,
  kinds: [],
  leftOut: [{ key: 'refund', label: 'Refunds', code: P.SYNC_REFUNDS }],
  error: null,
  file: {
    name: 'a.csv',
    bytes: 2048,
    sha256: 'ab'.repeat(32),
    entries: 5,
    lines: 14,
    debitCents: 100,
    creditCents: 100,
  },
};

type Call = { url: string; method: string; body: unknown };
function serve(answer: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const given = answer(call);
    if (given) return given;
    if (url.startsWith('/api/v1/accounting/mapping')) return Response.json(MAPPING);
    if (url.startsWith('/api/v1/accounting/exports')) return Response.json({ items: [RUN], total: 1, next: null });
    return Response.json({});
  });
  return calls;
}

const show = (codes: number[]) => renderSignedIn(<Route path="*" element={<AccountingSection />} />, { codes });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the accounting software section', () => {
  it('sends only the accounts changed, and puts the server’s message on the row it is about', async () => {
    const calls = serve((c) =>
      c.method === 'PUT'
        ? Response.json(
            {
              error: {
                code: 'validation',
                message: 'Use at most 100 characters.',
                fields: { 'accounts.0.account': 'Use at most 100 characters.' },
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    show([P.MODIFY_INTEGRATIONS]);
    const receivable = (await screen.findByRole('textbox', {
      name: 'Ledger account for Accounts receivable',
    })) as HTMLInputElement;
    // Unmapped: empty, the default shown in grey; mapped: the account.
    expect(receivable.value).toBe('');
    expect(receivable.placeholder).toBe('Accounts Receivable');
    expect(
      (screen.getByRole('textbox', { name: 'Ledger account for Undeposited funds: Card' }) as HTMLInputElement).value,
    ).toBe('Card Clearing');
    fireEvent.change(screen.getByRole('textbox', { name: 'Ledger account for Undeposited funds' }), {
      target: { value: 'Cash Drawer' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      accounts: [{ role: 'undeposited_funds', key: '', account: 'Cash Drawer' }],
    });
    // The server's field 0 is the first account sent: the second row of the form.
    await waitFor(() =>
      expect(
        screen.getByRole('textbox', { name: 'Ledger account for Undeposited funds' }).getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(receivable.getAttribute('aria-invalid')).not.toBe('true');
    // Without 159, neither the export nor the log.
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows the log with its counts and the file to download, and exports a period', async () => {
    const calls = serve((c) => (c.method === 'POST' ? Response.json(RUN, { status: 201 }) : undefined));
    show([P.ACCESS_ACCOUNTING_SOFTWARE]);
    expect(await screen.findByText('3 sent · 1 changed · 2 already sent')).toBeTruthy();
    expect(screen.getByText('Left out: Refunds')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download (2 KB)' }).getAttribute('href')).toBe(
      `/api/v1/accounting/exports/${id(9)}/file`,
    );
    // Read-only mapping for someone who only exports.
    expect(
      (await screen.findByRole('textbox', { name: 'Ledger account for Accounts receivable' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save mapping' })).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      adapter: 'quickbooks_iif',
      from: '2030-01-01',
      to: '2030-01-31',
    });
    expect(await screen.findByRole('link', { name: 'Download the file' })).toBeTruthy();
  });

  it('checks the period before sending it', async () => {
    const calls = serve(() => undefined);
    show([P.ACCESS_ACCOUNTING_SOFTWARE]);
    await screen.findByRole('button', { name: 'Export' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-02-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The period ends on or after it starts.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
