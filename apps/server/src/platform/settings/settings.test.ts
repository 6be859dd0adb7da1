import { DEFAULT_LOGO, SETTINGS_GROUP_NAMES } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(() => t.close());

const get = (cookie: string) => call(t.app, { method: 'GET', url: '/api/v1/settings/', cookie });
const put = (cookie: string, group: string, body: unknown) =>
  call(t.app, { method: 'PUT', url: `/api/v1/settings/${group}`, cookie, body });

describe('GET /api/v1/settings/', () => {
  it('returns every group of spec section 3 with defaults', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(Object.keys(settings).sort()).toEqual([...SETTINGS_GROUP_NAMES].sort());
    expect(settings.firmSettings).toMatchObject({
      name: 'Harbor & Pine Interiors',
      logo: DEFAULT_LOGO,
      // The demo firm keeps its books in QuickBooks (the accounting export's demo).
      accounting: 'quickbooks',
      website: 'https://harborandpine.example',
      currency: 'USD',
      timeZone: 'America/New_York',
    });
    expect(settings.firmSettings.features).toContain('lead_management');
    expect(settings.kanbanSettings.colors).toMatchObject({ unassigned: expect.stringMatching(/^#/) });
    // The demo firm's: Maine's 5.5 %, labour and exempt goods untaxed.
    expect(settings.orderSettings).toMatchObject({ prefix: 'SO-', depositPercent: 50, taxRateBps: 550 });
    expect(settings.orderSettings.taxRates).toHaveLength(2);
  });

  it('is for staff; the default logo is a real file we ship', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/v1/settings/' })).statusCode).toBe(401);
    const fs = await import('node:fs');
    const path = await import('node:path');
    const logo = path.resolve(import.meta.dirname, '../../../../web/public', `.${DEFAULT_LOGO}`);
    expect(fs.readFileSync(logo).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('PUT /api/v1/settings/{group}', () => {
  it('saves one group, validated by its own schema, and the others keep their values', async () => {
    const saved = await put(owner, 'orderSettings', {
      prefix: 'HP-',
      depositPercent: 30,
      taxRateBps: 825,
      terms: 'Net 30',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ prefix: 'HP-', depositPercent: 30, taxRateBps: 825, terms: 'Net 30' });
    const all = (await get(owner)).json();
    expect(all.orderSettings.prefix).toBe('HP-');
    expect(all.invoiceSettings.prefix).toBe('INV-');
  });

  it('keeps the fields not sent, so two people saving different parts both keep their changes', async () => {
    await put(owner, 'firmSettings', {
      banking: { bankName: 'Casco Bank', accountName: 'Harbor & Pine', accountNumber: '0042', routingNumber: '011' },
    });
    await put(owner, 'firmSettings', { website: 'https://harborpine.example' });
    const firm = (await get(owner)).json().firmSettings;
    expect(firm).toMatchObject({
      website: 'https://harborpine.example',
      banking: { bankName: 'Casco Bank', accountNumber: '0042' },
    });
  });

  it('shows the bank account only to those who may edit firm settings (81)', async () => {
    const wes = await signIn(t.app, 'warehouse@demo.test');
    const firm = (await get(wes)).json().firmSettings;
    expect(firm.banking).toEqual({ bankName: '', accountName: '', accountNumber: '', routingNumber: '' });
    expect(firm.name).toBe('Harbor & Pine Interiors');
  });

  it('updates the firm itself through firmSettings', async () => {
    const current = (await get(owner)).json().firmSettings;
    const { features: _features, ...editable } = current;
    const response = await put(owner, 'firmSettings', {
      ...editable,
      name: 'Harbor & Pine Studio',
      timeZone: 'Europe/London',
      banking: { ...editable.banking, bankName: 'Casco Bank' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Harbor & Pine Studio',
      timeZone: 'Europe/London',
      banking: { bankName: 'Casco Bank' },
    });
    const profile = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie: owner })).json();
    expect(profile.firm.name).toBe('Harbor & Pine Studio');
  });

  it.each([
    [
      'orderSettings',
      { prefix: 'SO 1', depositPercent: 120, taxRateBps: 0, terms: '' },
      { prefix: 'Use letters, digits and dashes only.', depositPercent: 'Use 0 to 100.' },
    ],
    ['kanbanSettings', { colors: { todo: 'blue' } }, { 'colors.todo': 'Use a colour like #1c7ed6.' }],
    [
      'orderWarehouseSettings',
      { warehouse: '019a0000-0000-7000-8000-00000000abcd' },
      { warehouse: 'Choose a warehouse from the list.' },
    ],
    // The organization module checks it (its manifest's settings): a role of this firm only.
    [
      'employeeSettings',
      { defaultRole: '019a0000-0000-7000-8000-00000000abcd' },
      { defaultRole: 'Choose a role from the list.' },
    ],
  ])('refuses bad %s with per-field messages and changes nothing', async (group, body, fields) => {
    const before = (await get(owner)).json();
    const response = await put(owner, group, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual(fields);
    expect((await get(owner)).json()).toEqual(before);
  });

  it('keeps the role new invitations start with, one of the firm’s own (employee settings, 53)', async () => {
    const roles = (await call(t.app, { method: 'GET', url: '/api/v1/roles', cookie: owner })).json() as {
      _id: string;
      name: string;
    }[];
    const sales = roles.find((r) => r.name === 'Sales')!;
    const saved = await put(owner, 'employeeSettings', { defaultRole: sales._id });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(owner)).json().employeeSettings).toEqual({
      defaultRole: sales._id,
      clockOutHour: 20,
      roundingMinutes: 1,
      overtimeHours: 40,
    });
    // Another firm's role is not one to choose.
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const foreign = await put(cedar, 'employeeSettings', { defaultRole: sales._id });
    expect(errorOf(foreign).fields).toEqual({ defaultRole: 'Choose a role from the list.' });
    await put(owner, 'employeeSettings', { defaultRole: null });
  });

  it('needs the area’s settings permission, and the module where the group belongs to one', async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    const denied = await put(sales, 'orderSettings', { prefix: 'X-', depositPercent: 0, taxRateBps: 0, terms: '' });
    expect(denied.statusCode).toBe(403);
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const gated = await put(cedar, 'leadSettings', { sources: [], lostReasons: [], webLeadAssignee: null });
    expect(gated.statusCode).toBe(403);
    expect(errorOf(gated)).toMatchObject({
      code: 'feature_disabled',
      message: expect.stringContaining('lead_management'),
    });
  });

  it('keeps each firm’s settings to itself', async () => {
    const cedar = await signIn(t.app, 'owner@cedar.test');
    expect((await get(cedar)).json().orderSettings.prefix).toBe('SO-');
    expect((await get(cedar)).json().firmSettings.name).toBe('Cedar Row Kitchens');
  });

  it('answers an unknown group with 404', async () => {
    expect((await put(owner, 'nopeSettings', {})).statusCode).toBe(404);
  });
});
