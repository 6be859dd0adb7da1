import { P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import pages from './payment-pages';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const CUSTOMER = { _id: id(1), name: 'Ada Lovelace' };
const INVOICE = {
  _id: id(2),
  name: 'INV-7',
  number: 'INV-7',
  issueDate: '2030-01-01',
  dueDate: '2030-01-31',
  balanceCents: 25_000,
};

type Sent = { method: string; url: string; key: string | null; body: unknown };
let sent: Sent[];
/** What POST /payments answers, in turn. */
let answers: Response[];

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      method,
      url,
      key: headers['idempotency-key'] ?? null,
      body: init.body && JSON.parse(String(init.body)),
    });
    const list = (items: unknown[]) => new Response(JSON.stringify({ items, total: items.length, next: null }));
    if (method === 'POST') return answers.shift()!;
    if (url.startsWith('/api/v1/customers')) return list([CUSTOMER]);
    if (url.startsWith('/api/v1/invoices')) return list([INVOICE]);
    return list([]);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderNew = () =>
  renderSignedIn(
    <>
      <Route path="/a/payments/new" element={<pages.New />} />
      <Route path="/a/payments/:id" element={null} />
    </>,
    {
      codes: [P.MODIFY_PAYMENTS, P.MODIFY_INVOICES],
      path: '/a/payments/new',
    },
  );

/** Ada pays $300.00 by check, spread oldest first: $250.00 on INV-7 and $50.00 left as credit. */
async function fill() {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Customer' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
  fireEvent.click(screen.getByRole('combobox', { name: 'Paid by' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Check' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Amount' }), { target: { value: '300' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Oldest first' }));
  expect(screen.getByText('Left as credit').querySelector('b')?.textContent).toBe('$50.00');
}

const posts = () => sent.filter((s) => s.method === 'POST');

describe('a new payment', () => {
  it('is sent with one Idempotency-Key for the form, kept when it is sent again', async () => {
    const error = { error: { code: 'validation', message: 'Check the amount.', fields: { amountCents: 'Too much.' } } };
    answers.push(new Response(JSON.stringify(error), { status: 400 }));
    answers.push(
      new Response(JSON.stringify({ _id: id(9), name: 'Payment 4', unappliedCents: 5_000, customer: CUSTOMER }), {
        status: 201,
      }),
    );
    renderNew();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create payment' }));
    expect(await screen.findByText('Too much.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create payment' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(`/a/payments/${id(9)}`),
    );
    const [first, second] = posts();
    expect(first).toMatchObject({
      url: '/api/v1/payments',
      body: {
        customer: CUSTOMER._id,
        method: 'check',
        amountCents: 30_000,
        applications: [{ invoice: INVOICE._id, amountCents: 25_000 }],
      },
    });
    expect(first!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.key).toBe(first!.key);
  });

  it('takes a new key when the form is opened again', async () => {
    const made = () =>
      new Response(JSON.stringify({ _id: id(9), name: 'Payment 4', unappliedCents: 0, customer: CUSTOMER }), {
        status: 201,
      });
    answers.push(made(), made());
    renderNew();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create payment' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    cleanup();
    renderNew();
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create payment' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.key).not.toBe(posts()[0]!.key);
  });
});
