import { ACCOUNT_EXISTS_MESSAGE, INVALID_SIGN_UP_LINK_MESSAGE, SIGN_UP_EMAIL_SENT_MESSAGE } from '@atelier/contracts';
import pg from 'pg';
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

/** The newest email to an address, as the outbox holds it (the worker would send it). */
async function lastEmail(address: string): Promise<{ subject: string; text: string } | undefined> {
  const owner = new pg.Client({ connectionString: t.ownerUrl });
  await owner.connect();
  try {
    const { rows } = await owner.query(
      'SELECT subject, text_body AS text FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC, id DESC LIMIT 1',
      [address],
    );
    return rows[0];
  } finally {
    await owner.end();
  }
}

const linkToken = (text: string) => {
  const match = text.match(/http:\/\/atelier\.test\/register\/confirm#token=([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`No sign-up link in:\n${text}`);
  return match[1]!;
};

const register = (body: unknown, ip: string) => call(t.app, { method: 'POST', url: '/api/v1/auth/register', body, ip });
const confirm = (token: string, ip = '10.9.1.1') =>
  call(t.app, { method: 'POST', url: '/api/v1/auth/register/confirm', body: { token }, ip });

describe('registration and onboarding', () => {
  it('emails a link that creates the firm and its super admin, signs in, and starts onboarding', async () => {
    const response = await register(registration, '10.9.0.1');
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: SIGN_UP_EMAIL_SENT_MESSAGE });
    expect(response.cookies).toEqual([]);
    // Nothing exists until the link comes back.
    const early = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/auth/',
      body: { email: registration.email, password: registration.password },
    });
    expect(early.statusCode).toBe(401);

    const email = await lastEmail(registration.email);
    expect(email?.subject).toBe('Finish signing up for Atelier');
    const token = linkToken(email!.text);
    const created = await confirm(token);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      first_name: 'Bea',
      permissions: [{ name: 'Super admin', permissions: [100] }],
      firm: { name: 'Birch & Bone Cabinetry', features: [], onboarded: false },
    });
    const cookie = sessionCookie(created);
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).message).toBe(INVALID_SIGN_UP_LINK_MESSAGE);

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

  it('answers an address that has an account exactly as a new one, creates nothing, and emails sign-in and reset links', async () => {
    const fresh = await register({ ...registration, email: 'someone-new@birch.test' }, '10.9.0.2');
    const taken = await register({ ...registration, email: 'OWNER@demo.test' }, '10.9.0.2');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const email = await lastEmail('owner@demo.test');
    expect(email?.subject).toBe('You already have an Atelier account');
    expect(email?.text).toContain('http://atelier.test/?forgot');
    expect(email?.text).not.toMatch(/register\/confirm/);
  });

  it('answers 409 with the way to sign in when the address got an account through another link first', async () => {
    const body = { ...registration, email: 'twice@birch.test' };
    await register(body, '10.9.0.4');
    const first = linkToken((await lastEmail(body.email))!.text);
    await register({ ...body, firm_name: 'Second thoughts' }, '10.9.0.4');
    const second = linkToken((await lastEmail(body.email))!.text);
    expect(second).not.toBe(first);
    expect((await confirm(second)).statusCode).toBe(201);
    const late = await confirm(first);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(ACCOUNT_EXISTS_MESSAGE);
  });

  it('refuses a link that is not one of ours', async () => {
    const response = await confirm('x'.repeat(43));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ token: INVALID_SIGN_UP_LINK_MESSAGE });
  });

  it('validates every field', async () => {
    const response = await register(
      { firm_name: '', first_name: '', last_name: '', email: 'x', password: 'short' },
      '10.9.0.3',
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(errorOf(response).fields!).sort()).toEqual(['email', 'firm_name', 'first_name', 'password']);
  });

  it('limits sign-ups from one address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await register({ ...registration, email: `x${i}@spam.test` }, '10.9.9.9')).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('billing', () => {
  it('shows every module with the monthly total; one with a negative price as not available', async () => {
    const cookie = await signIn(t.app, 'sales@demo.test');
    const billing = (await call(t.app, { method: 'GET', url: '/api/v1/billing', cookie })).json();
    expect(billing.modules).toHaveLength(16);
    const unavailable = billing.modules.filter((m: { available: boolean }) => !m.available);
    expect(unavailable).toEqual([
      expect.objectContaining({ key: 'invoicing', enabled: false, monthlyPriceCents: -800 }),
    ]);
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
