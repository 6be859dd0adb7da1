import type { Ambassador, AmbassadorRow } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let sales: string;
let cedar: string;
let db: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  sales = await signIn(t.app, 'sales@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie, body });
}
async function create(body: Record<string, unknown>, cookie = owner): Promise<Ambassador> {
  const r = await api('POST', '/ambassadors', cookie, { kind: 'person', commissionPercent: 5, ...body });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const count = async () => (await db.query('SELECT count(*)::int AS n FROM ambassadors')).rows[0].n as number;

describe('ambassadors', () => {
  it('creates one with a referral code made from the name, or the one given (upper-cased)', async () => {
    const made = await create({ name: 'Wren & Fable Realty', kind: 'business', commissionPercent: 7.25 });
    expect(made.referralCode).toMatch(/^WRENFABL-\d{4}$/);
    expect(made.commissionPercent).toBe(7.25);
    const given = await create({ name: 'Noor Haddad', referralCode: 'noor-2026' });
    expect(given.referralCode).toBe('NOOR-2026');
    expect((await api('GET', `/ambassadors/${given._id}`, owner)).json()).toMatchObject({
      name: 'Noor Haddad',
      kind: 'person',
      referrals: 0,
    });
  });

  it('refuses a code another ambassador has, and bad details, per field; creates nothing', async () => {
    await create({ name: 'Ida Brandt', referralCode: 'IDA-7777' });
    const before = await count();
    const taken = await api('POST', '/ambassadors', owner, {
      name: 'Someone Else',
      kind: 'person',
      commissionPercent: 3,
      referralCode: 'ida-7777',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields?.referralCode).toBe("IDA-7777 is already another ambassador's code.");
    const bad = await api('POST', '/ambassadors', owner, {
      name: '',
      kind: 'robot',
      commissionPercent: 60,
      referralCode: 'x!',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toMatchObject({
      name: 'Give the ambassador a name.',
      kind: 'Choose a person or a business.',
      commissionPercent: 'Use at most 50%.',
      referralCode: 'Use 4 to 20 letters, digits or dashes.',
    });
    // Two decimals are fine even where floating point is not (4.35 * 100 = 434.99999999999994).
    expect((await create({ name: 'Tova Lind', commissionPercent: 4.35 })).commissionPercent).toBe(4.35);
    const decimals = await api('POST', '/ambassadors', owner, { name: 'X', kind: 'person', commissionPercent: 1.234 });
    expect(errorOf(decimals).fields?.commissionPercent).toBe('Use at most two decimals.');
    expect(await count()).toBe(before + 1);
  });

  it('links customers to the ambassador who referred them, counts them, and keeps a referrer from deletion', async () => {
    const partner = await create({ name: 'Saltmarsh Architects', kind: 'business' });
    const customer = await api('POST', '/customers', owner, {
      firstName: 'Odile',
      lastName: 'Marchetti',
      ambassador: partner._id,
    });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().ambassador).toEqual({ _id: partner._id, name: 'Saltmarsh Architects' });
    expect((await api('GET', `/ambassadors/${partner._id}`, owner)).json().referrals).toBe(1);
    const referred = (await api('GET', `/customers?filter[ambassador][]=${partner._id}`, owner)).json();
    expect(referred.items.map((c: { _id: string }) => c._id)).toEqual([customer.json()._id]);

    const del = await api('DELETE', `/ambassadors/${partner._id}`, owner);
    expect(del.statusCode).toBe(409);
    expect(errorOf(del).message).toBe('Saltmarsh Architects referred 1 customer. Archive the ambassador instead.');
    expect((await api('POST', `/ambassadors/${partner._id}/archive`, owner)).json().archived).toBe(true);
    const lonely = await create({ name: 'Pim de Vries' });
    expect((await api('DELETE', `/ambassadors/${lonely._id}`, owner)).statusCode).toBe(204);
  });

  it('lists, searches by name or code, and filters by kind', async () => {
    const a = await create({ name: 'Juniper Lane Staging', kind: 'business', referralCode: 'JUNIPER-42' });
    const byCode = (await api('GET', '/ambassadors?q=juniper-42', owner)).json();
    expect(byCode.items.map((r: AmbassadorRow) => r._id)).toEqual([a._id]);
    const people = (await api('GET', '/ambassadors?filter[kind][]=person&limit=100', owner)).json();
    expect(people.items.every((r: AmbassadorRow) => r.kind === 'person')).toBe(true);
    const bad = await api('GET', '/ambassadors?filter[kind][]=robot', owner);
    expect(errorOf(bad).fields?.['filter.kind']).toBe('Choose from: person, business.');
  });

  // Tenancy, codes, versions, audit and deletion are the conformance suite's (ambassadors.conformance.test.ts).
  it('lets a customer name only an ambassador of the firm, and only with code 88', async () => {
    const mine = await create({ name: 'Quay Street Realty' });
    const foreign = await api('POST', '/customers', cedar, { firstName: 'Ana', ambassador: mine._id });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields?.ambassador).toBe('Choose an ambassador from the list.');
    // Without 88 one cannot say who referred a customer, nor change it; keeping it is fine.
    const bySales = await api('POST', '/customers', sales, { firstName: 'Bo', ambassador: mine._id });
    expect(bySales.statusCode).toBe(403);
    const referred = (await api('POST', '/customers', owner, { firstName: 'Bo', ambassador: mine._id })).json();
    const kept = await api('PUT', `/customers/${referred._id}`, sales, {
      firstName: 'Bo',
      lastName: 'Lind',
      ambassador: mine._id,
      version: referred.version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const cleared = await api('PUT', `/customers/${referred._id}`, sales, {
      firstName: 'Bo',
      version: kept.json().version,
    });
    expect(cleared.statusCode).toBe(403);
  });
});
