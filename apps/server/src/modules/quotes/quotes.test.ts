import type { Customer, Order, Product, Quote } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let customer: Customer;
let a: Product;
let b: Product;
let c: Product;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const product = async (priceCents: number) =>
  (await api('POST', '/products', { name: `Quoted tile ${++n}`, unit: 'box', priceCents })).json() as Product;
const item = (p: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item: { type: 'product', id: p._id },
  quantity,
  ...extra,
});
const create = async (lines: unknown[], extra: Record<string, unknown> = {}) => {
  const r = await api('POST', '/quotes', { customer: customer._id, lines, ...extra });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Quote;
};
const step = (q: Quote, name: string, body?: unknown) => api('POST', `/quotes/${q._id}/${name}`, body);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  customer = (await api('POST', '/customers', { firstName: 'Quoted', lastName: 'Client' })).json();
  [a, b, c] = [await product(1_000), await product(2_000), await product(3_000)];
});
afterAll(async () => {
  await t.close();
});

describe('quotes', () => {
  it('are valid for the settings’ days, freeze a revision when sent, and show what changed in the next', async () => {
    const q = await create([item(a, 2), item(b, 1)]);
    expect(q.number).toMatch(/^Q-\d+$/);
    expect(q.revision).toBe(1);
    expect(q.validUntil > new Date().toISOString().slice(0, 10)).toBe(true);
    const sent = (await step(q, 'mark-sent')).json() as Quote;
    expect([sent.status, sent.revisions.map((r) => r.revision)]).toEqual(['sent', [1]]);

    const edit = await api('PUT', `/quotes/${q._id}`, {
      customer: customer._id,
      lines: [item(a, 3), item(c, 1)],
      version: sent.version,
    });
    const second = edit.json() as Quote;
    expect([second.status, second.revision]).toEqual(['draft', 2]);
    expect(second.unsent.map((x) => `${x.change}:${x.name}`).sort()).toEqual(
      [`changed:${a.name}`, `added:${c.name}`, `removed:${b.name}`].sort(),
    );
    const again = (await step(q, 'mark-sent')).json() as Quote;
    expect(again.revisions.map((r) => r.revision)).toEqual([2, 1]);
    expect(again.revisions[0]!.changes).toHaveLength(3);
    expect(again.unsent).toEqual([]);
  });

  it('offer alternatives and options: accepting applies the customer’s choice and becomes an order at the quote’s prices', async () => {
    const q = await create([
      item(a, 10, { group: 'Floor', chosen: true }),
      item(b, 10, { group: 'Floor', chosen: false }),
      item(c, 1, { optional: true }),
      { name: 'Installation', quantity: 2, unitPriceCents: 9_500, taxClass: 'Labour' },
    ]);
    // Only the chosen alternative and no unticked option count.
    expect(q.lines.map((l) => l.counted)).toEqual([true, false, false, true]);
    expect(q.subtotalCents).toBe(10_000 + 19_000);
    await step(q, 'mark-sent');
    // The catalog's price changes after the quote was sent; the quote's holds.
    await api('PUT', `/products/${b._id}`, { ...b, priceCents: 9_999, version: b.version });
    const bad = await step(q, 'accept', { chosen: [q.lines[0]!.id, q.lines[1]!.id] });
    expect([bad.statusCode, errorOf(bad).message]).toEqual([400, 'Choose exactly one line of “Floor”: 2 are chosen.']);
    const r = await step(q, 'accept', { chosen: [q.lines[1]!.id], selected: [q.lines[2]!.id] });
    expect(r.statusCode, r.body).toBe(200);
    const accepted = r.json() as Quote;
    expect(accepted.status).toBe('accepted');
    expect(accepted.subtotalCents).toBe(20_000 + 3_000 + 19_000);
    const order = (await api('GET', `/orders/${accepted.order!._id}`)).json() as Order;
    expect(order.lines.map((l) => [l.name, l.quantity, l.unitPriceCents])).toEqual([
      [b.name, 10, 2_000],
      [c.name, 1, 3_000],
      ['Installation', 2, 9_500],
    ]);
    expect(order.totalCents).toBe(accepted.totalCents);
    expect(errorOf(await step(q, 'accept', {})).message).toBe(`${q.number} was already accepted.`);
    const edit = await api('PUT', `/quotes/${q._id}`, { customer: customer._id, lines: [], version: accepted.version });
    expect([edit.statusCode, errorOf(edit).message]).toEqual([
      409,
      `${q.number} was accepted: it can no longer be changed.`,
    ]);
  });

  it('cannot be accepted before it is sent or after it expired, and expires at the end of its day', async () => {
    const draft = await create([item(a, 1)]);
    expect(errorOf(await step(draft, 'accept', {})).message).toBe(
      `${draft.number} has not been sent yet: send it before the customer accepts it.`,
    );
    const old = await create([item(a, 1)], { validUntil: '2020-01-31' });
    await step(old, 'mark-sent');
    expect(errorOf(await step(old, 'accept', {})).message).toBe(
      `${old.number} expired on 2020-01-31: send a new revision with a later date first.`,
    );
    const { expireQuotes } = await import('./quote-send');
    const { inScope } = await import('../../db/tenancy');
    const { HARBOR_PINE_ID } = await import('../../../test/helpers');
    const expired = await inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) => expireQuotes(tx, HARBOR_PINE_ID));
    expect(expired).toBeGreaterThanOrEqual(1);
    const after = (await api('GET', `/quotes/${old._id}`)).json() as Quote;
    expect(after.status).toBe('expired');
    const log = (await api('GET', `/quotes/${old._id}/logs`)).json().items as { action: string }[];
    expect(log.map((l) => l.action)).toContain('expire');
    // Declined is final too.
    const no = await create([item(b, 1)]);
    await step(no, 'mark-sent');
    expect(((await step(no, 'decline')).json() as Quote).status).toBe('declined');
  });
});
