import { type DeliveryRoute, type DeliveryStop, P, type ToDeliver } from '@atelier/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../../test/render-signed-in';
import { deliveryRoutes } from '../api';
import type { RouteValues } from '../route-values';
import { RouteForm } from './route-form';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const address = (line1: string) => ({ line1, city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' });

function stop(n: number, customer: string, over: Partial<DeliveryStop> = {}): DeliveryStop {
  return {
    _id: id(100 + n),
    position: n,
    status: 'scheduled',
    order: { _id: id(200 + n), name: `SO-${n}`, status: 'confirmed' },
    customer: { _id: id(300 + n), name: customer, phone: '+1 503 555 0100' },
    address: address(`${n} Main Street`),
    windowStart: '09:00',
    windowEnd: '11:00',
    notes: '',
    lines: [{ _id: id(400 + n), line: id(500 + n), name: `Sofa ${n}`, sku: `SOFA-${n}`, unit: 'each', quantity: 2 }],
    failureReason: '',
    proof: null,
    ...over,
  };
}

const route = (stops: DeliveryStop[]): DeliveryRoute => ({
  _id: id(1),
  version: 4,
  archived: false,
  createdAt: '2030-05-01T08:00:00.000Z',
  updatedAt: '2030-05-01T08:00:00.000Z',
  updatedBy: null,
  number: 'DR-12',
  name: 'DR-12',
  date: '2030-05-02',
  status: 'scheduled',
  driver: { _id: id(9), name: 'Sam Carter' },
  vehicle: 'Van 2',
  notes: '',
  stops,
});

const toDeliver: ToDeliver = [
  {
    order: { _id: id(207), name: 'SO-7' },
    customer: { _id: id(307), name: 'Priya Natarajan' },
    address: address('7 Oak Avenue'),
    failedBefore: true,
    lines: [
      { line: id(517), name: 'Dining table', sku: 'TBL-1', unit: 'each', quantity: 1 },
      { line: id(527), name: 'Dining chair', sku: 'CHR-1', unit: 'each', quantity: 6 },
    ],
  },
];

function renderPlanner(record: DeliveryRoute) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/delivery-routes/to-deliver')) return Response.json(toDeliver);
    if (url.includes('/people')) return Response.json([{ _id: id(9), name: 'Sam Carter' }]);
    return Response.json([]);
  });
  const onSubmit = vi.fn(async (_values: RouteValues) => undefined);
  renderSignedIn(
    <Route
      path="*"
      element={
        <RouteForm
          resource={deliveryRoutes}
          record={record}
          submitLabel="Save"
          onSubmit={onSubmit as (values: unknown) => Promise<unknown>}
        />
      }
    />,
    { codes: [P.MODIFY_DELIVERY_ROUTES] },
  );
  return onSubmit;
}

const stopCard = (n: number) => screen.getByRole('group', { name: `Stop ${n}` });

beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the route planner', () => {
  it('keeps each stop whole (order, window, lines, notes) when stops are moved, and saves them in the new order', async () => {
    const delivered = stop(3, 'Lee Moreau', { status: 'delivered', windowStart: null, windowEnd: null });
    const onSubmit = renderPlanner(
      route([stop(1, 'Dana Whitfield'), stop(2, 'Omar Haddad', { notes: 'Gate code 4411.' }), delivered]),
    );
    expect(within(stopCard(1)).getByText('SO-1 · Dana Whitfield')).toBeTruthy();
    fireEvent.change(within(stopCard(2)).getByLabelText('Window until'), { target: { value: '12:30' } });

    fireEvent.click(screen.getByRole('button', { name: 'Move Stop 2 up' }));

    await waitFor(() => expect(within(stopCard(1)).getByText('SO-2 · Omar Haddad')).toBeTruthy());
    const first = within(stopCard(1));
    expect((first.getByLabelText('Window from') as HTMLInputElement).value).toBe('09:00');
    expect((first.getByLabelText('Window until') as HTMLInputElement).value).toBe('12:30');
    expect((first.getByLabelText('Notes for the driver') as HTMLTextAreaElement).value).toBe('Gate code 4411.');
    expect((first.getByLabelText('Quantity of Sofa 2') as HTMLInputElement).value).toBe('2');
    expect(within(stopCard(2)).getByText('SO-1 · Dana Whitfield')).toBeTruthy();
    // A delivered stop is shown as it is: no inputs, no remove button, but it moves with the rest.
    const done = within(stopCard(3));
    expect(done.getByText('Delivered')).toBeTruthy();
    expect(done.queryByLabelText('Window from')).toBeNull();
    expect(done.queryByRole('button', { name: 'Remove Stop 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Move Stop 3 up' }));
    await waitFor(() => expect(within(stopCard(2)).getByText('SO-3 · Lee Moreau')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.stops.map((s) => s.id)).toEqual([id(102), id(103), id(101)]);
    expect(sent.stops[0]).toEqual({
      id: id(102),
      order: id(202),
      lines: [{ line: id(502), quantity: 2 }],
      address: address('2 Main Street'),
      windowStart: '09:00',
      windowEnd: '12:30',
      notes: 'Gate code 4411.',
    });
  });

  it('adds an order to deliver as a new stop with all it has left, which may be lowered to a part', async () => {
    const onSubmit = renderPlanner(route([stop(1, 'Dana Whitfield')]));
    const panel = screen.getByRole('region', { name: 'Orders to deliver' });
    const order = await within(panel).findByRole('group', { name: 'Order SO-7' });
    expect(within(order).getByText('Put back by a failed stop')).toBeTruthy();
    expect(within(order).getByText('1 × Dining table, 6 × Dining chair')).toBeTruthy();

    fireEvent.click(within(order).getByRole('button', { name: 'Add as a stop' }));

    const added = await waitFor(() => stopCard(2));
    expect(within(added).getByText('SO-7 · Priya Natarajan')).toBeTruthy();
    expect(within(added).getByText('7 Oak Avenue, Portland, OR 97201, US')).toBeTruthy();
    expect(within(added).getByText('Put back by a failed stop')).toBeTruthy();
    // Planned now: it leaves the list of orders to deliver.
    expect(within(panel).queryByRole('group', { name: 'Order SO-7' })).toBeNull();
    fireEvent.change(within(added).getByLabelText('Quantity of Dining chair'), { target: { value: '4' } });
    fireEvent.change(within(added).getByLabelText('Window from'), { target: { value: '13:00' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.stops).toHaveLength(2);
    expect(sent.stops[1]).toEqual({
      order: id(207),
      lines: [
        { line: id(517), quantity: 1 },
        { line: id(527), quantity: 4 },
      ],
      address: null,
      windowStart: '13:00',
      windowEnd: null,
      notes: '',
    });
  });
});
