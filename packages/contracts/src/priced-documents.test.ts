import { describe, expect, it } from 'vitest';
import { allocate, depositCents, diffRevisions, PricingError, priceDocument, taxRateFor } from './priced-documents';

describe('allocate', () => {
  it('shares cents in proportion, the leftovers to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [3333, 3333, 3334])).toEqual([3, 3, 4]);
    expect(allocate(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
  });

  it('always adds up, whatever the weights', () => {
    let seed = 7;
    const rand = () => {
      seed = (seed * 48271) % 2147483647;
      return seed;
    };
    for (let n = 0; n < 500; n++) {
      const weights = Array.from({ length: 1 + (rand() % 9) }, () => rand() % 100_000);
      const total = rand() % 1_000_000;
      const shares = allocate(total, weights);
      const sum = weights.reduce((a, b) => a + b, 0);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
      shares.forEach((s, i) => {
        if (sum) expect(Math.abs(s - (total * weights[i]!) / sum)).toBeLessThan(1);
      });
    }
  });
});

describe('priceDocument', () => {
  it('rounds each line half up and sums the lines', () => {
    const doc = priceDocument([
      { quantity: 3, unitPriceCents: 333, taxRateBps: 825 },
      { quantity: 1.5, unitPriceCents: 1001, taxRateBps: 825 },
    ]);
    // 1.5 × 10.01 = 15.015 → 15.02; tax 9.99 × 8.25 % = 0.824 → 0.82; 15.02 × 8.25 % = 1.239 → 1.24.
    expect(doc.lines.map((l) => [l.subtotalCents, l.taxCents])).toEqual([
      [999, 82],
      [1502, 124],
    ]);
    expect(doc.subtotalCents).toBe(2501);
    expect(doc.taxCents).toBe(206);
    expect(doc.totalCents).toBe(2707);
  });

  it('spreads the order discount and the coupon over the lines before tax, to the cent', () => {
    const doc = priceDocument(
      [
        { quantity: 1, unitPriceCents: 10_000, taxRateBps: 1000 },
        { quantity: 1, unitPriceCents: 10_000, taxRateBps: 0 },
        { quantity: 1, unitPriceCents: 10_000, taxRateBps: 1000, couponCovers: false },
      ],
      { discount: { kind: 'amount', cents: 100 }, couponCents: 1001, shippingCents: 2500 },
    );
    expect(doc.lines.map((l) => l.orderDiscountCents)).toEqual([34, 33, 33]);
    // The coupon covers the first two only: 1001 over 9966 and 9967.
    expect(doc.lines.map((l) => l.couponCents)).toEqual([500, 501, 0]);
    expect(doc.discountCents).toBe(1101);
    expect(doc.lines.map((l) => l.netCents)).toEqual([9466, 9466, 9967]);
    expect(doc.taxCents).toBe(947 + 997);
    expect(doc.totalCents).toBe(doc.netCents + doc.taxCents + 2500);
    expect(doc.netCents).toBe(30_000 - 1101);
  });

  it('takes a line discount off its line, a percentage half up', () => {
    const doc = priceDocument([
      { quantity: 1, unitPriceCents: 1999, taxRateBps: 0, discount: { kind: 'percent', percent: 12.5 } },
    ]);
    expect(doc.lines[0]!.lineDiscountCents).toBe(250);
    expect(doc.totalCents).toBe(1749);
  });

  it('refuses a discount above what it is on, per field', () => {
    expect(() =>
      priceDocument([{ quantity: 1, unitPriceCents: 500, taxRateBps: 0, discount: { kind: 'amount', cents: 501 } }]),
    ).toThrow(PricingError);
    try {
      priceDocument([{ quantity: 2, unitPriceCents: 500, taxRateBps: 0 }], {
        discount: { kind: 'amount', cents: 1001 },
      });
    } catch (e) {
      expect((e as PricingError).fields).toEqual({ discount: 'The discount is more than the lines come to ($10.00).' });
    }
  });

  it('counts optional items only when ticked, and one line of an alternative group', () => {
    const doc = priceDocument([
      { quantity: 1, unitPriceCents: 1000, taxRateBps: 0 },
      { quantity: 1, unitPriceCents: 500, taxRateBps: 0, optional: true },
      { quantity: 1, unitPriceCents: 700, taxRateBps: 0, optional: true, selected: true },
      { quantity: 1, unitPriceCents: 2000, taxRateBps: 0, group: 'finish', chosen: false },
      { quantity: 1, unitPriceCents: 3000, taxRateBps: 0, group: 'finish', chosen: true },
    ]);
    expect(doc.lines.map((l) => l.counted)).toEqual([true, false, true, false, true]);
    expect(doc.totalCents).toBe(4700);
  });

  it('charges no tax to an exempt customer', () => {
    const doc = priceDocument([{ quantity: 1, unitPriceCents: 1000, taxRateBps: 825 }], { taxExempt: true });
    expect(doc.taxCents).toBe(0);
  });

  it('asks a deposit of at most the total', () => {
    expect(depositCents({ kind: 'percent', percent: 50 }, 1001)).toBe(501);
    expect(depositCents({ kind: 'amount', cents: 5000 }, 1001)).toBe(1001);
    expect(depositCents(null, 1001)).toBe(0);
  });
});

describe('diffRevisions', () => {
  it('names the lines added, removed and repriced', () => {
    const line = (key: string, quantity: number, unitPriceCents: number) => ({
      key,
      name: key,
      quantity,
      unitPriceCents,
      totalCents: quantity * unitPriceCents,
    });
    const changes = diffRevisions(
      [line('a', 1, 100), line('b', 2, 100), line('c', 1, 50)],
      [line('a', 1, 100), line('b', 2, 90), line('d', 1, 10)],
    );
    expect(changes.map((c) => `${c.change}:${c.name}`)).toEqual(['changed:b', 'added:d', 'removed:c']);
  });
});

describe('taxRateFor', () => {
  const rates = [
    { taxClass: 'Standard', jurisdiction: '', rateBps: 500 },
    { taxClass: 'Standard', jurisdiction: 'CA', rateBps: 725 },
    { taxClass: 'Standard', jurisdiction: '941', rateBps: 863 },
    { taxClass: 'Standard', jurisdiction: '9410', rateBps: 900 },
    { taxClass: 'Exempt', jurisdiction: '', rateBps: 0 },
  ];
  it('takes the longest ZIP prefix, then the state, then everywhere, then the default', () => {
    expect(taxRateFor(rates, 100, 'Standard', { region: 'CA', postalCode: '94105' })).toBe(900);
    expect(taxRateFor(rates, 100, 'Standard', { region: 'CA', postalCode: '94205' })).toBe(725);
    expect(taxRateFor(rates, 100, 'Standard', { region: 'ca', postalCode: '90001' })).toBe(725);
    expect(taxRateFor(rates, 100, 'Standard', { region: 'OR', postalCode: '97201' })).toBe(500);
    expect(taxRateFor(rates, 100, 'standard', null)).toBe(500);
    expect(taxRateFor(rates, 100, 'Exempt', { region: 'CA', postalCode: '94105' })).toBe(0);
    expect(taxRateFor(rates, 100, 'Labour', { region: 'CA', postalCode: '94105' })).toBe(100);
  });
});

describe('overflow', () => {
  it('refuses a line that comes to more than a billion dollars', () => {
    expect(() => priceDocument([{ quantity: 1_000_000, unitPriceCents: 100_000_001, taxRateBps: 0 }])).toThrow(
      'This line comes to more than $1,000,000,000.',
    );
  });
});
