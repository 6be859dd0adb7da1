import { type Invoice, P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { InvoiceActions } from './invoice-actions';
import { InvoiceApplications } from './invoice-applications';
import { InvoiceSummary } from './invoice-summary';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const INVOICE = id(1);
const PAYMENT = id(2);
const MEMO = id(3);

/** A progress invoice of the issue's kitchen at 40 %, part paid and part credited. */
function invoice(over: Partial<Invoice> = {}): Invoice {
  return {
    _id: INVOICE,
    number: 'INV-12',
    name: 'INV-12',
    status: 'partially_paid',
    billing: 'progress',
    customer: { _id: id(4), name: 'Kitchen Client' },
    company: null,
    customerJob: { _id: id(5), name: 'Kitchen remodel' },
    order: { _id: id(6), name: 'SO-1042' },
    issueDate: '2030-01-10',
    dueDate: '2030-02-09',
    paymentTermsDays: 30,
    notes: '',
    taxExempt: false,
    lines: [],
    subtotalCents: 1_920_000,
    discountCents: 0,
    taxCents: 0,
    shippingCents: 0,
    percent: 40,
    workCents: 1_920_000,
    retentionPercent: 10,
    retentionCents: 192_000,
    depositRecoveredCents: 576_000,
    totalCents: 1_152_000,
    paidCents: 100_000,
    creditedCents: 50_000,
    balanceCents: 1_002_000,
    overdue: true,
    applications: [
      {
        _id: id(7),
        source: { _id: PAYMENT, name: 'Payment 3' },
        sourceType: 'payment',
        invoice: { _id: INVOICE, name: 'INV-12' },
        amountCents: 100_000,
        date: '2030-01-20',
      },
      {
        _id: id(8),
        source: { _id: MEMO, name: 'CM-2' },
        sourceType: 'credit_memo',
        invoice: { _id: INVOICE, name: 'INV-12' },
        amountCents: 50_000,
        date: '2030-01-21',
      },
    ],
    sentAt: '2030-01-10T09:00:00.000Z',
    voidedAt: null,
    voidReason: '',
    recurringInvoice: null,
    version: 4,
    archived: false,
    ...over,
  } as Invoice;
}

type Call = { url: string; method: string; body?: unknown; key?: string };

/** The API; `failFirstPayment`: the first payment sent is lost to a server error, to be sent again. */
function serve({ failFirstPayment = false } = {}) {
  const calls: Call[] = [];
  let payments = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(init.body as string) : undefined,
      key: headers['idempotency-key'],
    });
    if (url === '/api/v1/payments' && failFirstPayment && payments++ === 0)
      return new Response(JSON.stringify({ error: { code: 'internal', message: 'The server failed.' } }), {
        status: 500,
      });
    if (url === '/api/v1/payments')
      return new Response(
        JSON.stringify({ _id: id(9), name: 'Payment 4', appliedCents: 1_002_000, unappliedCents: 0 }),
        { status: 201 },
      );
    return new Response(JSON.stringify(invoice()), { status: 200 });
  });
  return calls;
}

const ALL = [P.MODIFY_INVOICES, P.MODIFY_PAYMENTS, P.MODIFY_CREDIT_MEMOS, P.SEND_INVOICES];
const page = (record: Invoice, codes = ALL) =>
  renderSignedIn(
    <Route
      path="*"
      element={
        <>
          <InvoiceActions invoice={record} />
          <InvoiceSummary invoice={record} />
          <InvoiceApplications invoice={record} />
        </>
      }
    />,
    { codes },
  );

// Mantine's growing text boxes (the reason to void) listen for web fonts loading; happy-dom has no `document.fonts`.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The amount beside a figure of the totals. */
const figure = (label: string | RegExp) => screen.getByText(label).nextElementSibling?.textContent;

describe('an invoice’s page', () => {
  it('shows what it bills and what is still due, each figure as the server gave it', () => {
    serve();
    page(invoice());
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('Partially paid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SO-1042' }).getAttribute('href')).toBe(`/o/orders/${id(6)}`);
    expect(screen.getByRole('link', { name: 'Kitchen remodel' }).getAttribute('href')).toBe(
      `/u/customer-jobs/${id(5)}`,
    );
    expect(screen.getByText(/to 40 % complete/)).toBeTruthy();
    expect(figure('Retention held (10 %)')).toBe('−$1,920.00');
    expect(figure('Deposit recovered')).toBe('−$5,760.00');
    expect(figure('Amount invoiced')).toBe('$11,520.00');
    expect(figure('Paid')).toBe('−$1,000.00');
    expect(figure('Credited')).toBe('−$500.00');
    expect(figure('Balance due')).toBe('$10,020.00');
  });

  it('links each payment and credit to its page, and takes one off again', async () => {
    const calls = serve();
    page(invoice());
    expect(screen.getByRole('link', { name: 'Payment 3' }).getAttribute('href')).toBe(`/a/payments/${PAYMENT}`);
    const memo = screen.getByRole('link', { name: 'CM-2' });
    expect(memo.getAttribute('href')).toBe(`/a/credit-memos/${MEMO}`);
    fireEvent.click(within(memo.closest('tr')!).getByRole('button', { name: 'Unapply' }));
    const dialog = screen.getByRole('dialog', { name: 'Take CM-2 off INV-12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unapply' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/v1/credit-memos/${MEMO}/unapply`,
        method: 'POST',
        body: { invoice: INVOICE },
        key: undefined,
      }),
    );
  });

  it('records a payment of the balance, sent again with the same idempotency key', async () => {
    const calls = serve({ failFirstPayment: true });
    page(invoice());
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment on INV-12' });
    expect((within(dialog).getByLabelText(/Amount/) as HTMLInputElement).value).toBe('$10,020.00');
    fireEvent.change(within(dialog).getByLabelText('Reference'), { target: { value: 'Check 1182' } });
    const save = within(dialog).getByRole('button', { name: 'Record payment' });
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/payments')).toHaveLength(1));
    // The dialog stays open after the failure; pressing again sends the same payment, same key.
    await waitFor(() => expect(save.hasAttribute('data-loading')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/v1/payments')).toHaveLength(2));
    const [first, sent] = calls.filter((c) => c.url === '/api/v1/payments') as [Call, Call];
    expect(sent.body).toEqual(first.body);
    expect(sent.key).toBe(first.key);
    expect(sent.body).toMatchObject({
      customer: id(4),
      method: 'check',
      amountCents: 1_002_000,
      reference: 'Check 1182',
      applications: [{ invoice: INVOICE, amountCents: 1_002_000 }],
    });
    expect(sent.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says to unapply the money before voiding', async () => {
    serve();
    page(invoice());
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-12?' });
    expect(dialog.textContent).toMatch(/Unapply its payments first/);
    expect(within(dialog).queryByRole('button', { name: 'Void the invoice' })).toBeNull();
  });

  it('voids an invoice with nothing applied, saying why', async () => {
    const calls = serve();
    page(invoice({ status: 'sent', paidCents: 0, creditedCents: 0, applications: [], overdue: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void INV-12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void the invoice' }));
    expect(await within(dialog).findByText('Say why the invoice is void.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Why/), { target: { value: 'Billed twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void the invoice' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: `/api/v1/invoices/${INVOICE}/void`,
        method: 'POST',
        body: { reason: 'Billed twice' },
        key: undefined,
      }),
    );
  });

  it('offers money and emailing only to those who may', () => {
    serve();
    page(invoice(), [P.MODIFY_INVOICES]);
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply credit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Email/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unapply' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
  });
});
