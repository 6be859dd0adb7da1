import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, sessionCookie, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const registration = {
  firm_name: 'Birch & Bone Cabinetry',
  first_name: 'Bea',
  last_name: 'Birch',
  email: 'bea@birch.test',
  password: 'a-long-enough-password',
};

describe('registration and onboarding', () => {
  it('creates a firm and its super admin, signs in, and starts onboarding', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      body: registration,
      ip: '10.9.0.1',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      first_name: 'Bea',
      permissions: [{ name: 'Super admin', permissions: [100] }],
      firm: { name: 'Birch & Bone Cabinetry', features: [], onboarded: false },
    });
    const cookie = sessionCookie(response);
    const onboarding = (await call(t.app, { method: 'GET', url: '/api/v1/onboarding', cookie })).json();
    expect(onboarding).toEqual({
      onboarded: false,
      steps: { firm: true, modules: false, warehouse: false, team: false },
    });

    await call(t.app, {
      method: 'PUT',
      url: '/api/v1/billing/features',
      cookie,
      body: { features: ['quotes', 'proposals'] },
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/v1/warehouses',
      cookie,
      body: { name: 'Shop', address: null, isDefault: false },
    });
    const steps = (await call(t.app, { method: 'GET', url: '/api/v1/onboarding', cookie })).json().steps;
    expect(steps).toEqual({ firm: true, modules: true, warehouse: true, team: false });
    const warehouses = (await call(t.app, { method: 'GET', url: '/api/v1/warehouses', cookie })).json();
    expect(warehouses).toEqual([expect.objectContaining({ name: 'Shop', isDefault: true })]);

    const done = await call(t.app, {
      method: 'POST',
      url: '/api/v1/onboarding/complete',
      cookie,
      body: { sampleData: true },
    });
    expect(done.json().onboarded).toBe(true);
    const roles = (await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie })).json();
    expect(roles.map((r: { name: string }) => r.name)).toEqual(['Accounting', 'Sales', 'Super admin', 'Warehouse']);
    const departments = (await call(t.app, { method: 'GET', url: '/api/v1/departments', cookie })).json();
    expect(departments.map((d: { name: string }) => d.name)).toEqual(['Design', 'Installation', 'Office']);
    expect((await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).json().firm.onboarded).toBe(true);

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/v1/onboarding/complete',
      cookie,
      body: { sampleData: true },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Your firm has already finished onboarding.');
  });

  it('refuses an address that already has a staff account, with a field message', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      body: { ...registration, email: 'OWNER@demo.test' },
      ip: '10.9.0.2',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).fields).toEqual({
      email: 'An account with this email already exists. Sign in, or reset your password.',
    });
  });

  it('validates every field', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/register',
      body: { firm_name: '', first_name: '', last_name: '', email: 'x', password: 'short' },
      ip: '10.9.0.3',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields!).sort()).toEqual(['email', 'firm_name', 'first_name', 'password']);
  });

  it('limits sign-ups from one address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (
        await call(t.app, {
          method: 'POST',
          url: '/api/v1/auth/register',
          body: { ...registration, email: `x${i}@spam.test` },
          ip: '10.9.9.9',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('billing', () => {
  it('shows every module for sale with the monthly total', async () => {
    const cookie = await signIn(t.app, 'sales@demo.test');
    const billing = (await call(t.app, { method: 'GET', url: '/api/v1/billing', cookie })).json();
    expect(billing.modules).toHaveLength(15);
    expect(billing.modules.some((m: { key: string }) => m.key === 'invoicing')).toBe(false);
    expect(billing.monthlyTotalCents).toBe(3600);
  });

  it('lets only a super admin change modules; invoicing cannot be enabled; a disabled module’s routes answer 403 at once', async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/billing/features', cookie: sales, body: { features: [] } }))
        .statusCode,
    ).toBe(403);
    const owner = await signIn(t.app, 'owner@demo.test');
    const invoicing = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/billing/features',
      cookie: owner,
      body: { features: ['invoicing'] },
    });
    expect(invoicing.statusCode).toBe(400);
    expect(errorOf(invoicing).message).toBe('Invoicing cannot be enabled.');

    const leads = { sources: ['Web'], lostReasons: [], webLeadAssignee: null };
    expect(
      (await call(t.app, { method: 'PUT', url: '/api/v1/settings/leadSettings', cookie: owner, body: leads }))
        .statusCode,
    ).toBe(200);
    const billing = (await call(t.app, { method: 'GET', url: '/api/v1/billing', cookie: owner })).json();
    const without = billing.features.filter((f: string) => f !== 'lead_management');
    const changed = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/billing/features',
      cookie: owner,
      body: { features: without },
    });
    expect(changed.json().monthlyTotalCents).toBe(3300);
    const refused = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/settings/leadSettings',
      cookie: owner,
      body: leads,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('feature_disabled');
  });
});
