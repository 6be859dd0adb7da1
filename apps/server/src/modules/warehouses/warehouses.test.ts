import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let wes: string;
beforeAll(async () => {
  t = await startTestApp();
  wes = await signIn(t.app, 'warehouse@demo.test');
});
afterAll(() => t.close());

const address = { line1: '12 Dock Road', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };

describe('warehouses', () => {
  it('lists, creates, reads and updates with modify-warehouses (32)', async () => {
    const list = await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: wes });
    expect(list.statusCode).toBe(200);
    // The demo firm's home warehouse, and the showroom floor its display stock is kept on.
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Main warehouse', isDefault: true }),
        expect.objectContaining({ name: 'Showroom floor', isDefault: false }),
      ]),
    );

    const created = await call(t.app, {
      method: 'POST',
      url: '/api/v1/warehouses',
      cookie: wes,
      body: { name: 'Showroom stock', address, isDefault: false },
    });
    expect(created.statusCode).toBe(201);
    const w = created.json();
    expect(w).toMatchObject({ name: 'Showroom stock', address, isDefault: false, version: 1 });

    expect((await call(t.app, { method: 'GET', url: `/api/v1/warehouses/${w._id}`, cookie: wes })).json().name).toBe(
      'Showroom stock',
    );

    const updated = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/warehouses/${w._id}`,
      cookie: wes,
      body: { name: 'Showroom', address, isDefault: true, version: 1 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Showroom', isDefault: true, version: 2 });
    const after = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: wes })).json();
    expect(after.filter((x: { isDefault: boolean }) => x.isDefault).map((x: { name: string }) => x.name)).toEqual([
      'Showroom',
    ]);
  });

  it('answers a stale version with 409 and changes nothing', async () => {
    // One edited before (the first test's), so an older version exists.
    const first = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: wes }))
      .json()
      .find((w: { version: number }) => w.version > 1);
    const stale = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/warehouses/${first._id}`,
      cookie: wes,
      body: { name: 'Renamed', address: first.address, isDefault: first.isDefault, version: first.version - 1 },
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/warehouses/${first._id}`, cookie: wes })).json().name,
    ).toBe(first.name);
  });

  it('keeps a default: taking the flag off the default warehouse is refused', async () => {
    const [first] = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: wes })).json();
    const response = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/warehouses/${first._id}`,
      cookie: wes,
      body: { name: first.name, address: first.address, isDefault: false, version: first.version },
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'A firm needs a default warehouse. Make another warehouse the default instead.',
    );
  });

  it('validates with per-field messages', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/warehouses',
      cookie: wes,
      body: { name: '', address: { ...address, city: '' }, isDefault: false },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ name: 'Give the warehouse a name.', 'address.city': 'Enter the city.' });
  });

  it('refuses users without 32, and hides other firms’ warehouses behind 404', async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    expect((await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: sales })).statusCode).toBe(403);
    const [harbor] = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: wes })).json();
    const cedar = await signIn(t.app, 'owner@cedar.test');
    expect(
      (await call(t.app, { method: 'GET', url: `/api/v1/warehouses/${harbor._id}`, cookie: cedar })).statusCode,
    ).toBe(404);
    const cedarList = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie: cedar })).json();
    expect(cedarList.map((w: { name: string }) => w.name)).toEqual(['Cedar Row shop']);
  });
});
