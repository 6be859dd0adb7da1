import { P, type Proposal, type ProposalValues } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { proposals } from '../api';
import { ProposalForm } from './proposal-form';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const customer = { _id: id(2), name: 'Dana Whitfield' };

/** A draft proposal as its page reads it: `sections` as saved, with the server's totals. */
function proposal(over: Partial<Proposal> = {}): Proposal {
  return {
    _id: id(1),
    name: 'PR-7',
    number: 'PR-7',
    title: 'Kitchen and bathroom remodel',
    status: 'draft',
    revision: 1,
    version: 3,
    archived: false,
    customer,
    company: null,
    customerJob: null,
    coverImage: null,
    validUntil: '2030-06-30',
    shipTo: null,
    discount: null,
    shippingCents: 0,
    taxExempt: false,
    deposit: null,
    terms: 'Half up front.',
    sectionApproval: false,
    sections: [],
    subtotalCents: 0,
    discountCents: 0,
    taxCents: 0,
    totalCents: 0,
    depositCents: 0,
    sentAt: null,
    decidedAt: null,
    link: null,
    approvals: [],
    unsent: [],
    ...over,
  } as unknown as Proposal;
}

/** A saved line as the server answers it; what the test reads of it is set by `over`. */
const savedLine = (over: Record<string, unknown>) => ({
  id: id(50),
  kind: 'text',
  item: null,
  special: null,
  name: '',
  sku: '',
  description: '',
  unit: 'each',
  measure: null,
  basis: [],
  quantity: 1,
  pieces: 1,
  unitPriceCents: 0,
  listPriceCents: 0,
  priceSource: 'Entered',
  unitCost: 0,
  discount: null,
  taxClass: 'Standard',
  taxRateBps: 825,
  optional: false,
  selected: false,
  group: null,
  chosen: false,
  counted: true,
  subtotalCents: 0,
  lineDiscountCents: 0,
  orderDiscountCents: 0,
  couponCents: 0,
  netCents: 0,
  taxCents: 0,
  totalCents: 0,
  ...over,
});

function renderForm(record: Proposal) {
  // Pickers and the item search ask the API: nothing found is enough here.
  vi.stubGlobal('fetch', async () => new Response('[]', { status: 200 }));
  const onSubmit = vi.fn(async (_values: ProposalValues) => undefined);
  renderSignedIn(
    <Route
      path="*"
      element={
        <ProposalForm
          resource={proposals}
          record={record}
          submitLabel="Save"
          onSubmit={onSubmit as (values: unknown) => Promise<unknown>}
        />
      }
    />,
    { codes: [P.MODIFY_PROPOSALS] },
  );
  return onSubmit;
}

const section = (n: number) => screen.getByRole('group', { name: `Section ${n}` });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

/** Adds a section with a free line of the given name, quantity and unit price (dollars). */
async function addSection(n: number, title: string, line: string, quantity: string, price: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add a section' }));
  const card = await waitFor(() => section(n));
  type(within(card).getByLabelText(/^Title/), title);
  fireEvent.click(within(card).getByRole('button', { name: 'Free line' }));
  type(await within(card).findByLabelText('Line 1'), line);
  type(within(card).getByLabelText('Quantity'), quantity);
  type(within(card).getByLabelText('Unit price'), price);
}

// Mantine's growing text boxes (the terms) listen for web fonts loading; happy-dom has no `document.fonts`.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => {
  // Unmounted first: a search still waiting on its debounce must not reach the real network.
  cleanup();
  vi.unstubAllGlobals();
});

describe('the proposal builder', () => {
  it('keeps each section with its own lines and subtotal when sections are added and moved', async () => {
    const onSubmit = renderForm(proposal());
    await addSection(1, 'Kitchen', 'Cabinet installation', '1', '1000');
    await waitFor(() => expect(within(section(1)).getByText('Section subtotal $1,000.00')).toBeTruthy());
    await addSection(2, 'Bathroom', 'Wall tiling', '2', '250');
    await waitFor(() => expect(within(section(2)).getByText('Section subtotal $500.00')).toBeTruthy());
    expect(screen.getByText('Total before tax $1,500.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Move Section 2 up' }));
    await waitFor(() =>
      expect((within(section(1)).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Bathroom'),
    );
    expect((within(section(1)).getByLabelText('Line 1') as HTMLInputElement).value).toBe('Wall tiling');
    expect(within(section(1)).getByText('Section subtotal $500.00')).toBeTruthy();
    expect((within(section(2)).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Kitchen');
    expect((within(section(2)).getByLabelText('Line 1') as HTMLInputElement).value).toBe('Cabinet installation');
    expect(within(section(2)).getByText('Section subtotal $1,000.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.sections.map((s) => [s.title, s.lines.map((l) => [l.name, l.quantity, l.unitPriceCents])])).toEqual([
      ['Bathroom', [['Wall tiling', 2, 25_000]]],
      ['Kitchen', [['Cabinet installation', 1, 100_000]]],
    ]);
  });

  it("shows the contract's messages under a section's lines, and saves nothing", async () => {
    const onSubmit = renderForm(proposal());
    fireEvent.click(screen.getByRole('button', { name: 'Add a section' }));
    fireEvent.click(within(await waitFor(() => section(1))).getByRole('button', { name: 'Free line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section(1)).findByText('Name the section.')).toBeTruthy();
    expect(await within(section(1)).findByText('Say what the line is.')).toBeTruthy();
    expect(within(section(1)).getByText('Enter the price.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // Typed in, the messages go as the proposal checks itself again.
    type(within(section(1)).getByLabelText('Line 1'), 'Site visit');
    await waitFor(() => expect(within(section(1)).queryByText('Say what the line is.')).toBeNull());
  });

  it('totals what the client takes as it is typed, and the saved tax and deposit until then', async () => {
    const oak = {
      type: 'product',
      _id: id(60),
      productId: id(60),
      materialId: null,
      name: 'Oak cabinet',
      sku: 'OAK-1',
    };
    const record = proposal({
      sections: [
        {
          _id: id(40),
          title: 'Kitchen',
          body: '',
          images: [],
          status: 'open',
          totalCents: 12_990,
          lines: [
            savedLine({
              id: id(51),
              kind: 'item',
              item: oak,
              name: 'Oak cabinet',
              quantity: 2,
              pieces: 2,
              unitPriceCents: 6_000,
              listPriceCents: 6_000,
              priceSource: 'List price',
              subtotalCents: 12_000,
            }),
            savedLine({
              id: id(52),
              name: 'Soft-close hinges',
              unitPriceCents: 3_000,
              subtotalCents: 3_000,
              optional: true,
              counted: false,
            }),
          ],
        },
      ] as unknown as Proposal['sections'],
      subtotalCents: 12_000,
      taxCents: 990,
      totalCents: 12_990,
      depositCents: 6_495,
    });
    renderForm(record);
    const totals = screen.getByRole('group', { name: 'Proposal totals' });
    expect(within(totals).getByText('Tax $9.90')).toBeTruthy();
    expect(within(totals).getByText('Total $129.90')).toBeTruthy();
    expect(within(totals).getByText('Deposit asked $64.95')).toBeTruthy();
    expect(within(section(1)).getByText('Section subtotal $120.00')).toBeTruthy();

    // The client takes the option: it counts, and the tax is left to the server.
    fireEvent.click(within(section(1)).getByLabelText('Taken by the customer'));
    await waitFor(() => expect(within(section(1)).getByText('Section subtotal $150.00')).toBeTruthy());
    expect(within(totals).getByText('Total before tax $150.00')).toBeTruthy();
    expect(within(totals).getByText('Tax and the deposit are worked out on saving.')).toBeTruthy();

    // One more cabinet, at the price the server found for this customer.
    type(within(section(1)).getAllByLabelText('Quantity')[0]!, '3');
    await waitFor(() => expect(within(section(1)).getByText('Section subtotal $210.00')).toBeTruthy());
  });
});
