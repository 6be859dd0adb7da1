import { P, type ReturnableLine } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { settingsKeys } from '../../settings/api';
import pages from '../pages/return-pages';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ORDER = id(1);
const CHAIR = id(2);
const TABLE = id(3);

const RETURNABLE: ReturnableLine[] = [
  {
    line: CHAIR,
    name: 'Oak chair',
    sku: 'CH-1',
    unit: 'ea',
    delivered: 4,
    returned: 0,
    returnable: 4,
    unitCreditCents: 12_000,
  },
  {
    line: TABLE,
    name: 'Oak table',
    sku: 'TB-1',
    unit: 'ea',
    delivered: 1,
    returned: 0,
    returnable: 1,
    unitCreditCents: 80_000,
  },
];

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];
let answers: Response[];

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  sent = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url, body: init.body && JSON.parse(String(init.body)) });
    const json = (body: unknown) => new Response(JSON.stringify(body));
    if (method === 'POST') return answers.shift()!;
    if (url.startsWith(`/api/v1/orders/${ORDER}/returnable`)) return json({ items: RETURNABLE });
    if (url.startsWith('/api/v1/orders'))
      return json({
        items: [{ _id: ORDER, name: 'SO-7', status: 'fulfilled', customer: { _id: id(5), name: 'Dana Reyes' } }],
        total: 1,
        next: null,
      });
    return json({ items: [], total: 0, next: null });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNew() {
  const { queryClient } = renderSignedIn(
    <>
      <Route path="/o/returns/new" element={<pages.New />} />
      <Route path="/o/returns/:id" element={null} />
    </>,
    { codes: [P.MODIFY_RETURNS], path: `/o/returns/new?order=${ORDER}` },
  );
  // The firm's settings, as staff have them from sign-in: a 10 % restocking fee.
  queryClient.setQueryData(settingsKeys.all, {
    firmSettings: { currency: 'USD' },
    returnSettings: { prefix: 'RMA-', restockingFeePercent: 10 },
  });
}

/** The table comes back damaged: ticked, its reason chosen. */
async function tickTable() {
  const table = await screen.findByRole('group', { name: 'Oak table' });
  fireEvent.click(within(table).getByRole('checkbox'));
  fireEvent.click(within(table).getByRole('combobox', { name: 'Reason' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Damaged' }));
  return table;
}

const figure = (label: string) =>
  within(screen.getByRole('group', { name: 'Preview' })).getByText(label).nextElementSibling?.textContent;

describe('a new return', () => {
  it('starts on the order it was opened from and previews what it credits, less the firm’s fee', async () => {
    renderNew();
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Order' }) as HTMLInputElement).value).toBe(
        'SO-7 · Dana Reyes · Fulfilled',
      ),
    );
    await tickTable();
    expect(figure('Goods returned')).toBe('$800.00');
    expect(figure('Restocking fee')).toBe('−$80.00');
    expect(figure('Credit to the customer')).toBe('$720.00');
    expect(screen.getByText(/the firm’s 10 % of the goods, \$80\.00 now/)).toBeTruthy();
  });

  it('sends the ticked lines, and puts the server’s message for a line on that line', async () => {
    const fields = { 'lines.0.quantity': 'All 1 delivered of Oak table are already being returned.' };
    answers.push(
      new Response(JSON.stringify({ error: { code: 'validation', message: 'Check the line.', fields } }), {
        status: 400,
      }),
    );
    renderNew();
    const table = await tickTable();
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    await waitFor(() => expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1));
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      url: '/api/v1/returns',
      body: {
        order: ORDER,
        lines: [{ line: TABLE, quantity: 1, reason: 'damaged', condition: 'resellable', note: '' }],
        restockingFeeCents: null,
        notes: '',
      },
    });
    expect(await within(table).findByText(fields['lines.0.quantity'])).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Oak chair' })).queryByText(fields['lines.0.quantity'])).toBeNull();
  });

  it('says what is missing before sending anything', async () => {
    renderNew();
    const chair = await screen.findByRole('group', { name: 'Oak chair' });
    fireEvent.click(within(chair).getByRole('checkbox'));
    fireEvent.change(within(chair).getByRole('textbox', { name: 'Quantity' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create return' }));
    expect(await within(chair).findByText('Choose a reason.')).toBeTruthy();
    expect(within(chair).getByText('At most 4: what is left to return.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(0);
  });
});
