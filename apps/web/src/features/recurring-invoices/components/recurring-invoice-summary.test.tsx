import { KINDS, P, type RecurringInvoice, recordHref } from '@atelier/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { formatDate } from '../../../lib/format';
import { MadeInvoices } from './made-invoices';
import { PlanActions } from './plan-actions';
import { RecurringInvoiceSummary } from './recurring-invoice-summary';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const PLAN = id(1);

/** A maintenance plan billed quarterly on the 15th, run twice; what a test reads of it is set by `over`. */
function plan(over: Partial<RecurringInvoice> = {}): RecurringInvoice {
  return {
    _id: PLAN,
    name: 'Boiler maintenance',
    status: 'active',
    customer: { _id: id(2), name: 'Ada Lovelace' },
    company: { _id: id(3), name: 'Analytical Engines' },
    customerJob: { _id: id(4), name: 'Head office' },
    frequency: 'quarterly',
    dayOfMonth: 15,
    startOn: '2030-01-01',
    endOn: null,
    action: 'send',
    notes: 'Parts and labour of the quarterly visit.',
    lines: [
      {
        item: null,
        special: null,
        name: 'Quarterly visit',
        description: 'Two technicians, half a day',
        measure: null,
        quantity: 1,
        unitPriceCents: 45_000,
        discount: { kind: 'percent', percent: 10 },
        optional: false,
        selected: false,
        group: null,
        chosen: false,
      },
    ],
    items: [],
    totalCents: 43_740,
    nextRunOn: '2030-06-15',
    lastRunOn: '2030-03-15',
    invoices: [
      { _id: id(5), name: 'INV-31', status: 'sent', totalCents: 43_740, issueDate: '2030-03-15' },
      { _id: id(6), name: 'INV-12', status: 'paid', totalCents: 43_740, issueDate: '2029-12-15' },
    ],
    version: 3,
    archived: false,
    createdAt: '2029-12-01T10:00:00.000Z',
    updatedAt: '2029-12-01T10:00:00.000Z',
    updatedBy: null,
    ...over,
  } as RecurringInvoice;
}

type Call = { url: string; method: string };

/** The API: the plan's history (with a failed run when given), and its transitions answering the plan. */
function serve(logs: unknown[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const body = url.includes('/logs') ? { items: logs, total: { value: logs.length }, next: null } : plan();
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('a recurring invoice’s page', () => {
  it('says whom it bills, how often and when the next invoice comes', () => {
    serve();
    renderSignedIn(<Route path="*" element={<RecurringInvoiceSummary plan={plan()} />} />);
    expect(screen.getByText('Every three months on the 15th (March, June, September and December)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      recordHref(KINDS.customer, id(2)),
    );
    expect(screen.getByRole('link', { name: 'Head office' }).getAttribute('href')).toBe(
      recordHref(KINDS.customer_job, id(4)),
    );
    const fact = (label: string) => screen.getByText(label).parentElement!;
    expect(within(fact('Next invoice')).getByText(formatDate('2030-06-15'))).toBeTruthy();
    expect(within(fact('Last run')).getByText(formatDate('2030-03-15'))).toBeTruthy();
    expect(within(fact('Ends')).getByText('When stopped')).toBeTruthy();
    expect(within(fact('Each run')).getByText('Send it to the customer')).toBeTruthy();
    expect(within(fact('Each invoice')).getByText('$437.40')).toBeTruthy();
    expect(screen.getByText(/Parts and labour of the quarterly visit/)).toBeTruthy();
  });

  it('makes no promise of a next invoice while paused or once ended', () => {
    serve();
    const { unmount } = renderSignedIn(
      <Route path="*" element={<RecurringInvoiceSummary plan={plan({ status: 'paused' })} />} />,
    );
    expect(screen.getByText('None while paused')).toBeTruthy();
    expect(screen.getByText(`It was due on ${formatDate('2030-06-15')}`)).toBeTruthy();
    unmount();
    renderSignedIn(
      <Route
        path="*"
        element={<RecurringInvoiceSummary plan={plan({ status: 'ended', nextRunOn: null, endOn: '2030-04-01' })} />}
      />,
    );
    expect(screen.getByText('The plan has ended')).toBeTruthy();
    expect(screen.getByText(formatDate('2030-04-01'))).toBeTruthy();
  });

  it('says why its last run made no invoice, from its history', async () => {
    serve([
      {
        _id: id(9),
        createdAt: '2030-03-15T08:00:00.000Z',
        action: 'run failed',
        entityType: 'recurring_invoice',
        entity: PLAN,
        actor: null,
        impersonator: null,
        changes: {
          reason: { before: null, after: 'Ada Lovelace is archived: restore the customer to bill them.' },
          day: { before: null, after: '2030-03-15' },
        },
      },
    ]);
    renderSignedIn(
      <Route path="*" element={<RecurringInvoiceSummary plan={plan({ invoices: plan().invoices.slice(1) })} />} />,
    );
    expect(await screen.findByText(`The run on ${formatDate('2030-03-15')} made no invoice`)).toBeTruthy();
    expect(screen.getByText(/Ada Lovelace is archived: restore the customer to bill them\./)).toBeTruthy();
  });

  it('lists the invoices it made, each linked with its state', () => {
    renderSignedIn(<Route path="*" element={<MadeInvoices plan={plan()} />} />);
    expect(screen.getByRole('link', { name: 'INV-31' }).getAttribute('href')).toBe(`/a/invoices/${id(5)}`);
    expect(screen.getByRole('link', { name: 'INV-12' })).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText('Paid')).toBeTruthy();
  });

  it('pauses an active plan, and resumes a paused one after saying when it bills', async () => {
    const calls = serve();
    const { unmount } = renderSignedIn(<Route path="*" element={<PlanActions plan={plan()} />} />, {
      codes: [P.MODIFY_INVOICES],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: `/api/v1/recurring-invoices/${PLAN}/pause`, method: 'POST' }),
    );
    unmount();
    renderSignedIn(<Route path="*" element={<PlanActions plan={plan({ status: 'paused' })} />} />, {
      codes: [P.MODIFY_INVOICES],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume Boiler maintenance?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: `/api/v1/recurring-invoices/${PLAN}/resume`, method: 'POST' }),
    );
  });

  it('offers no pausing to someone who may not keep invoices', () => {
    renderSignedIn(<Route path="*" element={<PlanActions plan={plan()} />} />);
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
  });
});
