import type { CompanyPrices, Order, Product, Quote } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let account: { _id: string; version: number };
let person: { _id: string };
let tile: Product;
let sink: Product;
let tileCategory: string;

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  const categories = (await api('GET', '/categories')).json() as { _id: string; name: string }[];
  tileCategory = categories.find((c) => c.name === 'Tile')!._id;
  tile = (
    await api('POST', '/products', { name: 'Trade tile', unit: 'box', priceCents: 10_000, category: tileCategory })
  ).json();
  sink = (await api('POST', '/products', { name: 'Trade sink', unit: 'each', priceCents: 50_000 })).json();
  const made = (await api('POST', '/companies', { name: 'Trade Builders', type: 'trade' })).json();
  const r = await api('PUT', `/companies/${made._id}/financials`, {
    paymentTermsDays: 30,
    creditLimitCents: 0,
    priceLevel: 'Trade',
    taxExempt: false,
    taxCertificate: null,
    version: made.version,
  });
  account = r.json();
  person = (await api('POST', '/customers', { firstName: 'Trade', lastName: 'Buyer', company: made._id })).json();
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('company pricing', () => {
  it('takes a level’s discount by category (the nearest rule) or on everything, and says which price applied', async () => {
    const bad = await api('PUT', '/settings/companySettings', {
      priceRules: [{ level: 'Platinum', category: null, percentOff: 5 }],
    });
    expect([bad.statusCode, errorOf(bad).fields?.['priceRules.0.level']]).toEqual([
      400,
      'Platinum is not one of the price levels.',
    ]);
    const saved = await api('PUT', '/settings/companySettings', {
      priceRules: [
        { level: 'Trade', category: tileCategory, percentOff: 15 },
        { level: 'Trade', category: null, percentOff: 10 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const order = (
      await api('POST', '/orders', {
        customer: person._id,
        lines: [
          { item: { type: 'product', id: tile._id }, quantity: 1 },
          { item: { type: 'product', id: sink._id }, quantity: 1 },
        ],
      })
    ).json() as Order;
    expect(order.lines.map((l) => [l.unitPriceCents, l.listPriceCents, l.priceSource])).toEqual([
      [8_500, 10_000, expect.stringMatching(/^Trade: 15 % off/)],
      [45_000, 50_000, 'Trade: 10 % off'],
    ]);
  });

  it('prefers the account’s own price, on quotes too, and lets only holders of 15 change it', async () => {
    const prices = await api('PUT', `/companies/${account._id}/prices`, {
      prices: [{ item: { type: 'product', id: sink._id }, priceCents: 39_900 }],
    });
    expect(prices.statusCode, prices.body).toBe(200);
    expect((prices.json() as CompanyPrices).prices.map((p) => [p.item.name, p.priceCents, p.listPriceCents])).toEqual([
      ['Trade sink', 39_900, 50_000],
    ]);
    const quote = (
      await api('POST', '/quotes', {
        customer: person._id,
        lines: [{ item: { type: 'product', id: sink._id }, quantity: 2 }],
      })
    ).json() as Quote;
    expect([quote.lines[0]!.unitPriceCents, quote.lines[0]!.priceSource]).toEqual([39_900, 'Account price']);
    // A typed price is the price.
    const typed = (
      await api('POST', '/orders', {
        customer: person._id,
        lines: [{ item: { type: 'product', id: sink._id }, quantity: 1, unitPriceCents: 1_000 }],
      })
    ).json() as Order;
    expect(typed.lines[0]!.priceSource).toBe('Entered');
    // Sales staff see the account's prices but do not change them (account financials, 15).
    const sales = await staffMember(t, owner, db, 'trade-sales@demo.test', [13]);
    expect((await api('GET', `/companies/${account._id}/prices`, undefined, sales.cookie)).statusCode).toBe(200);
    expect((await api('PUT', `/companies/${account._id}/prices`, { prices: [] }, sales.cookie)).statusCode).toBe(403);
  });
});
