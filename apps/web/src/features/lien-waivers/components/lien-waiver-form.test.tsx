import { P, type Profile } from '@atelier/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { authKeys } from '../../../lib/auth-api';
import pages from '../pages/lien-waiver-pages';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const LIEN = { _id: id(1), name: 'Lien: Kitchen remodel', customerJob: { _id: id(2), name: 'Kitchen remodel' } };
const PAYMENT = {
  _id: id(3),
  name: 'Payment 12',
  customer: { _id: id(4), name: 'Ada Lovelace' },
  amountCents: 125_000,
  receivedOn: '2030-02-01',
};

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, url: decodeURIComponent(url), body: init.body && JSON.parse(String(init.body)) });
    const list = (items: unknown[]) => Response.json({ items, total: items.length, next: null });
    if (method === 'POST') return Response.json({ _id: id(9), name: 'Waiver 1' }, { status: 201 });
    if (url.startsWith(`/api/v1/liens/${LIEN._id}`))
      return Response.json({ ...LIEN, customer: PAYMENT.customer, hiringParty: 'Harbor Homes' });
    if (url.startsWith('/api/v1/liens')) return list([LIEN]);
    if (url.startsWith('/api/v1/payments')) return list([PAYMENT]);
    return list([]);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The new waiver page at `search`, for someone keeping liens and payments, in a firm with the module. */
async function openNew(search: string, codes = [P.MODIFY_MECHANIC_LIENS, P.MODIFY_PAYMENTS, P.MODIFY_PURCHASE_ORDERS]) {
  const { queryClient } = renderSignedIn(
    <>
      <Route path="/a/lien-waivers/new" element={<pages.New />} />
      <Route path="/a/lien-waivers/:id" element={null} />
    </>,
    { codes, path: `/a/lien-waivers/new${search}` },
  );
  await act(async () => {
    queryClient.setQueryData<Profile>(authKeys.profile, (p) => ({
      ...p!,
      firm: { ...p!.firm, features: ['mechanic_leins'] },
    }));
  });
  await screen.findByRole('button', { name: 'Create lien waiver' });
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const combobox = (name: string) => screen.queryByRole('combobox', { name }) as HTMLInputElement | null;

describe('a new lien waiver', () => {
  it('starts from its address: the lien, direction, kind, amount, through date, party and payment', async () => {
    await openNew(
      `?lien=${LIEN._id}&direction=given&condition=unconditional&scope=progress&amount=125000&through=2030-01-31&party=Harbor+Homes&payment=${PAYMENT._id}`,
    );
    await waitFor(() => expect(combobox('Lien')?.value).toBe(LIEN.name));
    expect(radio('Given by us').checked).toBe(true);
    expect(radio('Unconditional').checked).toBe(true);
    expect(radio('Progress').checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Other party' }) as HTMLInputElement).value).toBe('Harbor Homes');
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('$1,250.00');
    expect((screen.getByLabelText(/Through date/) as HTMLInputElement).value).toBe('2030-01-31');
    await waitFor(() => expect(combobox('Payment')?.value).toMatch(/^Payment 12 · Ada Lovelace/));

    fireEvent.click(screen.getByRole('button', { name: 'Create lien waiver' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')).toMatchObject({
      url: '/api/v1/lien-waivers',
      body: {
        lien: LIEN._id,
        direction: 'given',
        condition: 'unconditional',
        scope: 'progress',
        party: 'Harbor Homes',
        amountCents: 125_000,
        throughDate: '2030-01-31',
        payment: PAYMENT._id,
        billPayment: null,
      },
    });
  });

  it('leaves out what its address gets wrong', async () => {
    await openNew('?direction=sideways&condition=maybe&amount=12.50&through=soon');
    expect(radio('Given by us').checked).toBe(true);
    expect(radio('Conditional').checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Through date/) as HTMLInputElement).value).toBe('');
  });

  it('asks for the customer payment only for a waiver given, and for the vendor payment only for one received', async () => {
    await openNew(`?payment=${PAYMENT._id}`);
    expect(combobox('Payment')).toBeTruthy();
    expect(combobox('Payment to a vendor')).toBeNull();

    fireEvent.click(radio('Received by us'));
    await waitFor(() => expect(combobox('Payment')).toBeNull());
    expect(combobox('Payment to a vendor')).toBeTruthy();

    // Back to given: the payment it had was let go with the switch.
    fireEvent.click(radio('Given by us'));
    await waitFor(() => expect(combobox('Payment')).toBeTruthy());
    expect(combobox('Payment')!.value).toBe('');
  });

  it('names who hired the firm as the other party when a lien is chosen for a waiver given', async () => {
    await openNew('');
    fireEvent.click(combobox('Lien')!);
    fireEvent.click(await screen.findByRole('option', { name: LIEN.name }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Other party' }) as HTMLInputElement).value).toBe('Harbor Homes'),
    );
    // Narrowed to the lien's customer's payments.
    await waitFor(() =>
      expect(
        sent.some(
          (s) => s.url.startsWith('/api/v1/payments') && s.url.includes(`filter[customer][]=${PAYMENT.customer._id}`),
        ),
      ).toBe(true),
    );
  });

  it('shows the payment without a picker to someone who may not see payments', async () => {
    await openNew('', [P.MODIFY_MECHANIC_LIENS]);
    expect(combobox('Payment')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Payment' }) as HTMLInputElement).readOnly).toBe(true);
    expect(sent.some((s) => s.url.startsWith('/api/v1/payments'))).toBe(false);
  });

  it('needs a through date for a progress waiver, and not for a final one', async () => {
    await openNew(`?lien=${LIEN._id}&party=Harbor+Homes&amount=5000`);
    fireEvent.click(screen.getByRole('button', { name: 'Create lien waiver' }));
    expect(await screen.findByText('A progress waiver runs through a date.')).toBeTruthy();
    fireEvent.click(radio('Final'));
    fireEvent.click(screen.getByRole('button', { name: 'Create lien waiver' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    expect(sent.find((s) => s.method === 'POST')!.body).toMatchObject({ scope: 'final', throughDate: null });
  });
});
