import type { Coupon, CouponResult, Product } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { inScope } from '../../db/tenancy';
import { HARBOR_PINE_ID } from '../../platform/seeds/seeds';
import { redeemCoupon } from './coupons.service';

let t: TestApp;
let owner: string;
let lamp: Product;
let tile: Product;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  lamp = (await api('POST', '/products', { name: 'Coupon lamp', priceCents: 10_000 })).json();
  tile = ((await api('GET', '/products?q=subway%20tile%203%C3%976%2C%20bone')).json().items as Product[])[0]!;
});
afterAll(async () => {
  await t.close();
});

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  return call(t.app, { method, url: `/api/v1${url}`, cookie: owner, body });
}
const coupon = async (body: Record<string, unknown>) => {
  const r = await api('POST', '/coupons', body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Coupon;
};
const check = async (
  code: string,
  lines: { product: string; quantity: number; unitPriceCents: number }[],
  customer?: string,
) =>
  (await api('POST', '/coupons/validate', { code, lines, ...(customer ? { customer } : {}) })).json() as CouponResult;
const redeem = (code: string, customer: string | null, reference: string) =>
  inScope(t.database.db, { firmId: HARBOR_PINE_ID }, (tx) =>
    redeemCoupon(tx, HARBOR_PINE_ID, {
      code,
      customer,
      reference,
      lines: [{ product: lamp._id, variant: null, quantity: 1, unitPriceCents: 10_000 }],
    }),
  );

describe('coupons', () => {
  it('keep a code the firm’s once, whatever its case', async () => {
    await coupon({ code: 'Spring5', kind: 'percent', percent: 5 });
    const again = await api('POST', '/coupons', { code: 'SPRING5', kind: 'amount', amountCents: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ code: 'Another coupon has the code SPRING5.' });
  });

  it('answer how much they take off, or exactly why they do not apply', async () => {
    await coupon({ code: 'TILEONLY', kind: 'percent', percent: 12.5, categories: [], products: [tile._id] });
    // 12.5% of the tile line only: 2 × $64.99 = $129.98 → $16.2475 → $16.25.
    expect(
      await check('tileonly', [
        { product: tile._id, quantity: 2, unitPriceCents: 6_499 },
        { product: lamp._id, quantity: 1, unitPriceCents: 10_000 },
      ]),
    ).toEqual({ valid: true, discountCents: 1_625, reason: null });
    expect(await check('TILEONLY', [{ product: lamp._id, quantity: 1, unitPriceCents: 10_000 }])).toEqual({
      valid: false,
      discountCents: 0,
      reason: 'None of these products is covered by this coupon.',
    });
    await coupon({ code: 'BIG50', kind: 'amount', amountCents: 5_000, minimumCents: 20_000 });
    expect((await check('BIG50', [{ product: lamp._id, quantity: 1, unitPriceCents: 10_000 }])).reason).toBe(
      'The order must come to at least $200.00 for this coupon.',
    );
    expect((await check('BIG50', [{ product: lamp._id, quantity: 2.5, unitPriceCents: 10_000 }])).discountCents).toBe(
      5_000,
    );
    await coupon({ code: 'LATER', kind: 'percent', percent: 5, startsOn: '2999-01-01' });
    expect((await check('LATER', [])).reason).toBe('This coupon starts on 2999-01-01.');
    await coupon({ code: 'OVER', kind: 'percent', percent: 5, startsOn: '2001-01-01', endsOn: '2001-12-31' });
    expect((await check('OVER', [])).reason).toBe('This coupon ended on 2001-12-31.');
    await coupon({ code: 'OFFNOW', kind: 'percent', percent: 5, active: false });
    expect((await check('OFFNOW', [])).reason).toBe('This coupon is turned off.');
    expect((await check('NOSUCH', [])).reason).toBe('No coupon has this code.');
    // A demo code: the tile category's 15%, subcategories included.
    expect((await check('TILE15', [{ product: tile._id, quantity: 1, unitPriceCents: 10_000 }])).discountCents).toBe(
      1_500,
    );
  });

  it('count redemptions atomically: of 30 orders confirmed at once on a limit of 10, exactly 10 redeem', async () => {
    await coupon({ code: 'RUSH10', kind: 'percent', percent: 10, usageLimit: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => redeem('RUSH10', null, `order-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const listed = ((await api('GET', '/coupons')).json() as Coupon[]).find((c) => c.code === 'RUSH10')!;
    expect(listed.timesUsed).toBe(10);
    expect((await check('RUSH10', [])).reason).toBe('This coupon has been used up.');
    // Used: it cannot be deleted, nor its limit set below its use.
    expect((await api('DELETE', `/coupons/${listed._id}`)).statusCode).toBe(409);
    const lower = await api('PUT', `/coupons/${listed._id}`, {
      code: 'RUSH10',
      kind: 'percent',
      percent: 10,
      usageLimit: 5,
      version: listed.version,
    });
    expect(lower.statusCode).toBe(400);
  });

  it('hold a customer to their own limit', async () => {
    const customer = (await api('POST', '/customers', { firstName: 'Coupon', lastName: 'Keeper' })).json()
      ._id as string;
    await coupon({ code: 'ONCEEACH', kind: 'amount', amountCents: 500, perCustomerLimit: 1 });
    await redeem('ONCEEACH', customer, 'order-a');
    await expect(redeem('ONCEEACH', customer, 'order-b')).rejects.toThrow(
      'This customer has used this coupon 1 time, as many as one customer may.',
    );
    expect((await check('ONCEEACH', [], customer)).valid).toBe(false);
    await redeem('ONCEEACH', null, 'order-c');
  });
});
