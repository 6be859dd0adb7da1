import { describe, expect, it } from 'vitest';
import { MeasureError, type ProductPricing, quotePrice } from './pricing';

const countertop: ProductPricing = {
  unit: 'sq_ft',
  priceCents: 8_950,
  pricing: { mode: 'area', minimum: 30, increment: 0.5 },
  coverage: null,
};
const tile: ProductPricing = {
  unit: 'box',
  priceCents: 6_499,
  pricing: { mode: 'unit', minimum: 0, increment: 0 },
  coverage: { amount: 10.76, unit: 'sq_ft' },
};

describe('quotePrice', () => {
  it('prices a countertop by area, rounded up to the increment, never below the minimum charge', () => {
    // 120 × 25.5 in = 21.25 sq ft: below the 30 sq ft minimum.
    expect(quotePrice(countertop, { width: 25.5, length: 120 })).toMatchObject({
      quantity: 30,
      totalCents: 268_500,
      basis: ['25.5 × 120 in = 21.25 sq ft', 'rounded up to 21.5 sq ft', 'minimum charge 30 sq ft'],
    });
    // 26 × 180 in = 32.5 sq ft exactly: no rounding, above the minimum.
    expect(quotePrice(countertop, { width: 26, length: 180 })).toMatchObject({ quantity: 32.5, totalCents: 290_875 });
    // 25.5 × 200 in = 35.4166… sq ft, rounded up to 35.5.
    expect(quotePrice(countertop, { width: 25.5, length: 200 })).toMatchObject({ quantity: 35.5, totalCents: 317_725 });
    expect(quotePrice(countertop, { area: 40, quantity: 2 })).toMatchObject({ quantity: 80, totalCents: 716_000 });
  });

  it('sells tile in whole boxes enough to cover the area, exactly at the boundary', () => {
    // Two boxes cover 21.52 sq ft: a float sum would ask for a third.
    expect(quotePrice(tile, { area: 21.52 })).toMatchObject({ quantity: 2, totalCents: 12_998 });
    expect(quotePrice(tile, { area: 21.53 })).toMatchObject({ quantity: 3, totalCents: 19_497 });
    expect(quotePrice(tile, { area: 100 }).basis).toEqual(['100 sq ft ÷ 10.76 per box, rounded up to 10']);
    // Asked by count, it is the count.
    expect(quotePrice(tile, { quantity: 4 })).toMatchObject({ quantity: 4, totalCents: 25_996 });
  });

  it('rounds money half up once, at the end (a screw at 4.3 cents, times 7)', () => {
    const screw: ProductPricing = { ...tile, unit: 'each', coverage: null, priceCents: 5 };
    expect(quotePrice(screw, { quantity: 2.5 }).totalCents).toBe(13); // 12.5 → 13
    expect(quotePrice({ ...screw, priceCents: 3 }, { quantity: 0.5 }).totalCents).toBe(2); // 1.5 → 2
  });

  it('prices by length in linear feet, from inches', () => {
    const trim: ProductPricing = {
      unit: 'linear_ft',
      priceCents: 1_275,
      pricing: { mode: 'length', minimum: 8, increment: 1 },
      coverage: null,
    };
    // 100 in = 8.33 ft → 9 ft.
    expect(quotePrice(trim, { length: 100 })).toMatchObject({ quantity: 9, totalCents: 11_475 });
    expect(quotePrice(trim, { feet: 3 })).toMatchObject({ quantity: 8, totalCents: 10_200 });
  });

  it('says which measure is missing or wrong', () => {
    expect(() => quotePrice(countertop, { width: 20 })).toThrow(MeasureError);
    try {
      quotePrice(countertop, { width: 20 });
    } catch (e) {
      expect((e as MeasureError).fields).toEqual({ length: 'Enter the length in inches.' });
    }
    expect(() => quotePrice(tile, { quantity: 0 })).toThrow('Enter a quantity above 0.');
  });
});
