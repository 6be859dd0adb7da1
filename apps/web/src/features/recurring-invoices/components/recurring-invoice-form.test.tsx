import type { RecurringInvoice } from '@atelier/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { formatDate } from '../../../lib/format';
import { recurringInvoices } from '../api';
import { RecurringInvoiceForm } from './recurring-invoice-form';

beforeEach(() => {
  // Mantine's growing text boxes (the notes) listen for web fonts loading; happy-dom has no `document.fonts`.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  // Only the clock: the firm's today is 10 March 2030 (noon UTC is that day in every zone here).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-03-10T12:00:00Z'));
  // The pickers ask for their first page of customers and jobs: none.
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify({ items: [], total: { value: 0 }, next: null }), { status: 200 }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm(onSubmit = vi.fn(async () => {}), record?: RecurringInvoice) {
  renderSignedIn(
    <Route
      path="*"
      element={
        <RecurringInvoiceForm
          resource={recurringInvoices}
          record={record}
          submitLabel={record ? 'Save' : 'Create'}
          onSubmit={onSubmit}
        />
      }
    />,
  );
  return onSubmit;
}

const dayInput = () => screen.getByRole('textbox', { name: 'Day of the month' });
const set = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('a new recurring invoice’s form', () => {
  it('says when the first invoice is made as the schedule is typed', async () => {
    renderForm();
    // Monthly on the 1st from today (the 10th): the 1st of next month.
    expect(
      screen.getByText(
        `The first invoice is made on ${formatDate('2030-04-01')}, then every month on the 1st, until it is stopped.`,
      ),
    ).toBeTruthy();
    set(dayInput(), '15');
    expect(
      await screen.findByText(
        `The first invoice is made on ${formatDate('2030-03-15')}, then every month on the 15th, until it is stopped.`,
      ),
    ).toBeTruthy();
    // A start to come counts from the start; a quarterly plan names its months from its first run.
    fireEvent.click(screen.getByRole('combobox', { name: 'How often' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quarterly' }));
    set(screen.getByLabelText(/^Starts on/), '2030-05-20');
    set(screen.getByLabelText('Ends on'), '2031-12-31');
    expect(
      await screen.findByText(
        `The first invoice is made on ${formatDate('2030-06-15')}, then every three months on the 15th (March, June, September and December) until ${formatDate('2031-12-31')}.`,
      ),
    ).toBeTruthy();
    // An end before that day: no invoice at all.
    set(screen.getByLabelText('Ends on'), '2030-06-01');
    expect(await screen.findByText('No invoice would be made')).toBeTruthy();
  });

  it('shows each field’s own message and sends nothing until they are right', async () => {
    const onSubmit = renderForm();
    set(dayInput(), '31');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Use 1 to 28: every month has those days.')).toBeTruthy();
    expect(screen.getByText('Name the plan (Monthly maintenance, Showroom rental…).')).toBeTruthy();
    expect(screen.getByText('Choose a customer from the list.')).toBeTruthy();
    expect(screen.getByText('Add what each invoice bills.')).toBeTruthy();
    expect(
      screen.getByText('Enter the day of the month and the start to see when the first invoice is made.'),
    ).toBeTruthy();
    await waitFor(() => expect(onSubmit).not.toHaveBeenCalled());
  });
});

describe('a recurring invoice’s form, editing', () => {
  const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
  const plan = {
    _id: id(1),
    name: 'Showroom rental',
    status: 'active',
    customer: { _id: id(2), name: 'Ada Lovelace' },
    company: null,
    customerJob: null,
    frequency: 'monthly',
    dayOfMonth: 20,
    startOn: '2030-01-01',
    endOn: null,
    action: 'draft',
    notes: '',
    lines: [
      {
        item: { type: 'product', id: id(3) },
        special: null,
        name: '',
        description: '',
        measure: null,
        quantity: 2,
        discount: null,
        optional: false,
        selected: false,
        group: null,
        chosen: false,
      },
    ],
    items: [{ type: 'product', _id: id(3), productId: id(3), materialId: null, name: 'Display stand', sku: 'DS-1' }],
    totalCents: 2400,
    nextRunOn: '2030-03-20',
    lastRunOn: '2030-02-20',
    invoices: [{ _id: id(4), name: 'INV-7', status: 'draft', totalCents: 2400, issueDate: '2030-02-20' }],
    version: 2,
    archived: false,
    createdAt: '2030-01-01T10:00:00.000Z',
    updatedAt: '2030-01-01T10:00:00.000Z',
    updatedBy: null,
  } as RecurringInvoice;

  it('names its catalog items as the plan gives them, and says when the next one comes once saved', async () => {
    renderForm(undefined, plan);
    expect(await screen.findByDisplayValue('Display stand · DS-1')).toBeTruthy();
    expect(
      screen.getByText(
        `Once saved, the next invoice is made on ${formatDate('2030-03-20')}, then every month on the 20th, until it is stopped.`,
      ),
    ).toBeTruthy();
  });

  it('is not offered once the plan has ended', () => {
    renderForm(undefined, { ...plan, status: 'ended', nextRunOn: null, invoices: [] });
    expect(screen.getByText('Showroom rental has ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
