import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApplicationsEditor } from './applications-editor';
import type { ApplicableInvoice, Applications } from './applied-money';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

// Listed newest first, as a list might give them: the fill must still start with the oldest due.
const INVOICES: ApplicableInvoice[] = [
  { _id: id(3), name: 'INV-1003', issueDate: '2030-03-01', dueDate: '2030-03-31', availableCents: 40_000 },
  { _id: id(2), name: 'INV-1002', issueDate: '2030-02-01', dueDate: '2030-03-03', availableCents: 50_000 },
  { _id: id(1), name: 'INV-1001', issueDate: '2030-01-01', dueDate: '2030-01-31', availableCents: 30_000 },
];

/** The editor as a form holds it: its applications in state, the payment's amount given. */
function Editor({ totalCents }: { totalCents: number }) {
  const [value, setValue] = useState<Applications>([]);
  return (
    <>
      <ApplicationsEditor
        invoices={INVOICES}
        totalCents={totalCents}
        value={value}
        onChange={setValue}
        leftLabel="Left as credit"
        source="the payment"
      />
      <output aria-label="Sent">{JSON.stringify(value)}</output>
    </>
  );
}

const show = (totalCents: number) =>
  render(
    <MantineProvider env="test">
      <Editor totalCents={totalCents} />
    </MantineProvider>,
  );
const input = (name: string) => screen.getByRole('textbox', { name: `Apply to ${name}` }) as HTMLInputElement;
const figure = (label: string) => screen.getByText(label).querySelector('b')?.textContent;
const sent = () => JSON.parse(screen.getByRole('status', { name: 'Sent' }).textContent ?? '[]');

afterEach(cleanup);

describe('the applications editor', () => {
  it('spreads the payment over the oldest invoices first, each up to what it owes', () => {
    show(70_000);
    expect(figure('Left as credit')).toBe('$700.00');
    fireEvent.click(screen.getByRole('button', { name: 'Oldest first' }));
    expect(input('INV-1001').value).toBe('$300.00');
    expect(input('INV-1002').value).toBe('$400.00');
    expect(input('INV-1003').value).toBe('');
    expect(sent()).toEqual([
      { invoice: id(1), amountCents: 30_000 },
      { invoice: id(2), amountCents: 40_000 },
    ]);
    expect(figure('Applied')).toBe('$700.00');
    expect(figure('Left as credit')).toBe('$0.00');
  });

  it('leaves what the open invoices cannot take as credit, and keeps the figure running as amounts are typed', () => {
    show(150_000);
    fireEvent.click(screen.getByRole('button', { name: 'Oldest first' }));
    expect([input('INV-1001'), input('INV-1002'), input('INV-1003')].map((i) => i.value)).toEqual([
      '$300.00',
      '$500.00',
      '$400.00',
    ]);
    expect(figure('Left as credit')).toBe('$300.00');
    fireEvent.change(input('INV-1002'), { target: { value: '125.50' } });
    expect(figure('Applied')).toBe('$825.50');
    expect(figure('Left as credit')).toBe('$674.50');
    // More than an invoice owes: it takes only that, and the rest stays credit.
    fireEvent.change(input('INV-1003'), { target: { value: '450' } });
    expect(figure('Left as credit')).toBe('$674.50');
    expect(screen.getByText('It owes $400.00: the rest stays unapplied.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(sent()).toEqual([]);
    expect(figure('Left as credit')).toBe('$1,500.00');
  });

  it('says when more is typed than the payment has', () => {
    show(20_000);
    fireEvent.change(input('INV-1001'), { target: { value: '250' } });
    expect(within(document.body).getByText('$50.00 more than the payment: lower what goes to each.')).toBeTruthy();
  });
});
