import type { Vendor } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });

describe('vendors', () => {
  it('start with the firm’s usual terms and lead time unless given, and keep theirs when an edit leaves them out', async () => {
    expect((await api('PUT', '/settings/vendorSettings', { paymentTermsDays: 45, leadTimeDays: 21 })).statusCode).toBe(
      200,
    );
    const usual = (await api('POST', '/vendors', { name: 'Usual Terms Supply' })).json() as Vendor;
    expect(usual).toMatchObject({ paymentTermsDays: 45, leadTimeDays: 21 });
    const own = (await api('POST', '/vendors', { name: 'Own Terms Supply', paymentTermsDays: 10 })).json() as Vendor;
    expect(own).toMatchObject({ paymentTermsDays: 10, leadTimeDays: 21 });
    const edited = await api('PUT', `/vendors/${own._id}`, { name: 'Own Terms Supply Co.', version: own.version });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Own Terms Supply Co.', paymentTermsDays: 10, leadTimeDays: 21 });
  });

  it('finds a vendor by its account number or its contact in the list search', async () => {
    await api('POST', '/vendors', {
      name: 'Searchable Millwork',
      contactName: 'Imogen Vale',
      accountNumber: 'ACCT-99812',
    });
    for (const q of ['99812', 'imogen']) {
      const page = (await api('GET', `/vendors?q=${q}`)).json() as { items: { name: string }[] };
      expect(page.items.map((v) => v.name)).toContain('Searchable Millwork');
    }
  });
});
