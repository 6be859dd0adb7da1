import { type LienWaiverDue, P, type Payment, type Profile } from '@atelier/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { Outlet, Route } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { authKeys } from '../../../lib/auth-api';
import pages from './payment-pages';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const PAYMENT = {
  _id: id(1),
  name: 'Payment 12',
  number: 12,
  version: 3,
  archived: false,
  customer: { _id: id(2), name: 'Ada Lovelace' },
  company: null,
  method: 'check',
  amountCents: 250_000,
  receivedOn: '2030-02-01',
  reference: '',
  notes: '',
  refund: null,
  appliedCents: 250_000,
  unappliedCents: 0,
  applications: [],
} as unknown as Payment;

const item = (over: Partial<LienWaiverDue['due'][number]> = {}): LienWaiverDue['due'][number] => ({
  lien: { _id: id(5), name: 'Lien: Kitchen remodel' },
  customerJob: { _id: id(6), name: 'Kitchen remodel' },
  condition: 'conditional',
  scope: 'progress',
  amountCents: 250_000,
  throughDate: '2030-01-31',
  party: 'Harbor Homes',
  recorded: null,
  message: 'Kitchen remodel has an open lien: give Harbor Homes a conditional progress waiver for $2,500.00.',
  ...over,
});

let due: LienWaiverDue;
let urls: string[];

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
  urls = [];
  due = { due: [] };
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(decodeURIComponent(url));
    if (url.startsWith('/api/v1/lien-waivers/due')) return Response.json(due);
    return Response.json({ items: [], total: 0, next: null });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The payment's details tab, for someone holding `codes`, in a firm with (or without) the Mechanic liens module. */
async function open(codes: number[], features: string[] = ['mechanic_leins']) {
  const { queryClient } = renderSignedIn(
    <Route element={<Outlet context={{ record: PAYMENT, path: `/payments/${PAYMENT._id}` }} />}>
      <Route path="*" element={<pages.Details />} />
    </Route>,
    { codes },
  );
  await act(async () => {
    queryClient.setQueryData<Profile>(authKeys.profile, (p) => ({ ...p!, firm: { ...p!.firm, features } }));
  });
  await screen.findByText('Ada Lovelace');
}

describe('a payment’s lien waiver reminder', () => {
  it('says which waiver is due, and starts it filled in', async () => {
    due = { due: [item()] };
    await open([P.MODIFY_PAYMENTS, P.MODIFY_MECHANIC_LIENS]);
    const alert = await screen.findByRole('alert', { name: 'Lien waiver due' });
    expect(within(alert).getByText(item().message)).toBeTruthy();
    const link = within(alert).getByRole('link', { name: 'Record this waiver' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/a/lien-waivers/new');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      lien: id(5),
      direction: 'given',
      condition: 'conditional',
      scope: 'progress',
      amount: '250000',
      through: '2030-01-31',
      party: 'Harbor Homes',
      payment: PAYMENT._id,
    });
    expect(urls).toContain(`/api/v1/lien-waivers/due?payment=${PAYMENT._id}`);
  });

  it('links to the waiver already recorded for the payment instead', async () => {
    due = { due: [item({ recorded: { _id: id(7), name: 'Waiver 4' } })] };
    await open([P.MODIFY_PAYMENTS, P.MODIFY_MECHANIC_LIENS]);
    const recorded = await screen.findByRole('link', { name: 'Waiver 4' });
    expect(recorded.getAttribute('href')).toBe(`/a/lien-waivers/${id(7)}`);
    expect(screen.getByText(/Recorded:/)).toBeTruthy();
    expect(screen.queryByRole('alert', { name: 'Lien waiver due' })).toBeNull();
  });

  it('asks nothing without the liens code, or without the module', async () => {
    due = { due: [item()] };
    await open([P.MODIFY_PAYMENTS]);
    cleanup();
    await open([P.MODIFY_PAYMENTS, P.MODIFY_MECHANIC_LIENS], []);
    // Give any query a moment to go out.
    await waitFor(() => expect(urls.length).toBeGreaterThan(0));
    expect(urls.some((u) => u.startsWith('/api/v1/lien-waivers'))).toBe(false);
    expect(screen.queryByRole('alert', { name: 'Lien waiver due' })).toBeNull();
  });
});
