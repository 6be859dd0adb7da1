import { type Invoice, type Order, type OrderBilling, P } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { OrderBillingCard } from './order-billing-card';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ORDER = id(1);
const VANITY = id(2);
const MIRROR = id(3);
const KITCHEN = id(4);
const DEPOSIT_INVOICE = id(5);
const MADE = id(6);

const line = (lineId: string, name: string, netCents: number, taxRateBps = 0) => ({
  id: lineId,
  kind: 'free',
  name,
  counted: true,
  netCents,
  taxRateBps,
  totalCents: netCents + Math.round((netCents * taxRateBps) / 10_000),
});

/** An order as its page reads it; only what the card reads of it. */
const order = (over: Partial<Order> = {}) =>
  ({
    _id: ORDER,
    number: 'SO-1042',
    status: 'confirmed',
    customer: { _id: id(9), name: 'Kitchen Client' },
    lines: [line(VANITY, 'Vanity', 80_000), line(MIRROR, 'Mirror', 20_000)],
    shippingCents: 0,
    taxExempt: false,
    deposit: null,
    depositCents: 0,
    totalCents: 100_000,
    ...over,
  }) as unknown as Order;

const billing = (over: Partial<OrderBilling> = {}): OrderBilling => ({
  contractCents: 100_000,
  billedCents: 0,
  percentBilled: null,
  retainedCents: 0,
  retentionReleasedCents: 0,
  depositCents: 0,
  depositInvoicedCents: 0,
  depositRecoveredCents: 0,
  remainingCents: 100_000,
  mode: null,
  unbilledLines: [VANITY, MIRROR],
  retentionPercent: 10,
  invoices: [],
  ...over,
});

/** The kitchen: $48,000.00, a 30 % deposit invoiced, nothing billed of the work yet. */
const kitchen = order({
  lines: [line(KITCHEN, 'Kitchen', 4_800_000)] as unknown as Order['lines'],
  deposit: { kind: 'percent', percent: 30 },
  depositCents: 1_440_000,
  totalCents: 4_800_000,
});
const kitchenBilling = billing({
  contractCents: 4_800_000,
  remainingCents: 4_800_000,
  depositCents: 1_440_000,
  depositInvoicedCents: 1_440_000,
  unbilledLines: [KITCHEN],
  invoices: [
    {
      _id: DEPOSIT_INVOICE,
      name: 'INV-7',
      billing: 'deposit',
      status: 'sent',
      percent: null,
      totalCents: 1_440_000,
      balanceCents: 1_440_000,
    },
  ],
});
const depositInvoice = {
  _id: DEPOSIT_INVOICE,
  number: 'INV-7',
  status: 'sent',
  billing: 'deposit',
  shippingCents: 0,
  lines: [{ id: id(7), orderLine: null, netCents: 1_440_000 }],
} as unknown as Invoice;

type Call = { url: string; method: string; body?: unknown };

/** The API: the order's billing, its invoices, and what POST /invoices answers. */
function serve(
  answer: OrderBilling,
  post: () => Response = () => json({ _id: MADE, number: 'INV-8', totalCents: 20_000 }, 201),
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(init.body as string) : undefined });
    if (url === `/api/v1/orders/${ORDER}/billing`) return json(answer);
    if (url === `/api/v1/invoices/${DEPOSIT_INVOICE}`) return json(depositInvoice);
    if (url === '/api/v1/invoices' && method === 'POST') return post();
    return json({});
  });
  return calls;
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const BILLING_CODES = [P.MODIFY_INVOICES, P.MODIFY_ORDERS];
const renderCard = (record: Order, codes = BILLING_CODES) =>
  renderSignedIn(<Route path="*" element={<OrderBillingCard order={record} />} />, { codes, path: '/o/orders/1' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an order’s billing card', () => {
  it('shows what the order comes to and what was billed, as the server says, with its invoices', async () => {
    serve(kitchenBilling);
    renderCard(kitchen);
    expect(await screen.findByText('Contract value')).toBeTruthy();
    expect(screen.getAllByText('$48,000.00')).toHaveLength(2); // contract value, remaining to bill
    expect(screen.getAllByText('$14,400.00').length).toBeGreaterThanOrEqual(1);
    const invoice = screen.getByRole('link', { name: 'INV-7' });
    expect(invoice.getAttribute('href')).toBe(`/a/invoices/${DEPOSIT_INVOICE}`);
    expect(within(invoice.closest('tr')!).getByText('Deposit')).toBeTruthy();
    // A deposit is invoiced: the work may still be billed by progress or by lines; nothing is retained.
    expect(screen.getByRole('button', { name: 'Invoice deposit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bill progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invoice lines' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release retention' })).toBeNull();
  });

  it('invoices the lines chosen, and opens the invoice made', async () => {
    const calls = serve(billing());
    renderCard(order());
    fireEvent.click(await screen.findByRole('button', { name: 'Invoice lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice lines of SO-1042' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Vanity/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the invoice' }));
    await waitFor(() => expect(screen.getByLabelText('Address').textContent).toBe(`/a/invoices/${MADE}`));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/v1/invoices',
      method: 'POST',
      body: { billing: 'lines', orderLines: [MIRROR], order: ORDER },
    });
  });

  it('works out the next progress invoice as the server does, before it is made', async () => {
    serve(kitchenBilling);
    renderCard(kitchen);
    fireEvent.click(await screen.findByRole('button', { name: 'Bill progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill progress on SO-1042' });
    expect((within(dialog).getByLabelText('Retention') as HTMLInputElement).value).toBe('10 %');
    fireEvent.change(within(dialog).getByLabelText(/Percent complete/), { target: { value: '40' } });
    // The worked example at 40 %: W $19,200.00, 10 % retention, 30 % of the deposit recovered.
    const row = async (label: string) => (await within(dialog).findByText(label)).nextElementSibling?.textContent;
    expect(await row('Work this invoice')).toBe('$19,200.00');
    expect(await row('Retention held')).toBe('−$1,920.00');
    expect(await row('Deposit recovered')).toBe('−$5,760.00');
    expect(await row('Due on this invoice')).toBe('$11,520.00');
  });

  it('shows the server’s refusal on the field it is about', async () => {
    const message = 'Earlier invoices billed more of a line than it is worth at this percentage.';
    serve(kitchenBilling, () => json({ error: { code: 'validation', message, fields: { percent: message } } }, 400));
    renderCard(kitchen);
    fireEvent.click(await screen.findByRole('button', { name: 'Bill progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bill progress on SO-1042' });
    fireEvent.change(within(dialog).getByLabelText(/Percent complete/), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create the invoice' }));
    await waitFor(() => expect(within(dialog).getByText(message)).toBeTruthy());
    expect(screen.getByLabelText('Address').textContent).toBe('/o/orders/1');
  });

  it('offers only the release of retention once the work is billed to 100 %', async () => {
    serve(
      billing({
        mode: 'progress',
        percentBilled: 100,
        billedCents: 100_000,
        remainingCents: 0,
        retainedCents: 10_000,
        unbilledLines: [],
        invoices: [
          {
            _id: id(8),
            name: 'INV-9',
            billing: 'progress',
            status: 'paid',
            percent: 100,
            totalCents: 90_000,
            balanceCents: 0,
          },
        ],
      }),
    );
    renderCard(order({ status: 'fulfilled' }));
    expect(await screen.findByRole('button', { name: 'Release retention' })).toBeTruthy();
    expect(screen.getByText('Progress billing to 100 %')).toBeTruthy();
    for (const name of ['Invoice deposit', 'Bill progress', 'Invoice lines'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('asks nothing of someone who does not keep invoices, nor for a draft order', async () => {
    const calls = serve(billing());
    renderCard(order(), [P.MODIFY_ORDERS]);
    renderCard(order({ status: 'draft' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Billing')).toBeNull();
    expect(calls).toEqual([]);
  });
});
