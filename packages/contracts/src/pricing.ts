import type { CoverageUnit, PricingMode, SellUnit } from './choices';

/**
 * The price of a measured quantity, in exact integer arithmetic: lengths in hundredths of an
 * inch, quantities in ten-thousandths, money in cents (rounded half up once, at the end). A
 * float would make 2 boxes of 10.76 sq ft cover 21.520000000000003 and charge a third box.
 */

export type ProductPricing = {
  unit: SellUnit;
  priceCents: number;
  pricing: { mode: PricingMode; minimum: number; increment: number };
  coverage: { amount: number; unit: CoverageUnit } | null;
};

/** What was measured: a piece's width and length in inches, or an area or length in feet, and how many. */
export type Measure = { width?: number; length?: number; area?: number; feet?: number; quantity?: number };

export type PriceQuote = {
  /** How many sell units are charged (square feet, linear feet, boxes, each). */
  quantity: number;
  unit: SellUnit;
  unitPriceCents: number;
  totalCents: number;
  /** How the quantity was reached, in words. */
  basis: string[];
};

/** Why a measure cannot be priced, per field. */
export class MeasureError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

const E4 = 10_000n;
/** A decimal with at most four places as ten-thousandths, exactly. */
export const toE4 = (value: number) => BigInt(Math.round(value * 10_000));
const fromE4 = (value: bigint) => Number(value) / 10_000;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const show = (value: bigint) => String(Math.round(fromE4(value) * 100) / 100);

const UNIT_WORDS: Partial<Record<SellUnit, string>> = { sq_ft: 'sq ft', linear_ft: 'linear ft' };
const words = (unit: SellUnit) => UNIT_WORDS[unit] ?? unit;

/** Square feet (ten-thousandths) of a width × length in inches, rounded up. */
function areaOf(m: Measure): bigint {
  if (m.area !== undefined) return toE4(m.area);
  if (m.width === undefined || m.length === undefined)
    throw new MeasureError('Enter the width and length, or the area.', {
      ...(m.width === undefined ? { width: 'Enter the width in inches.' } : {}),
      ...(m.length === undefined ? { length: 'Enter the length in inches.' } : {}),
    });
  const squareInchesE4 = BigInt(Math.round(m.width * 100)) * BigInt(Math.round(m.length * 100));
  return ceilDiv(squareInchesE4, 144n);
}

/** Linear feet (ten-thousandths) of a length in inches, rounded up. */
function lengthOf(m: Measure): bigint {
  if (m.feet !== undefined) return toE4(m.feet);
  if (m.length === undefined)
    throw new MeasureError('Enter the length.', { length: 'Enter the length in inches, or the feet.' });
  return ceilDiv(BigInt(Math.round(m.length * 100)) * 100n, 12n);
}

/**
 * The quantity and price of what was measured. By area or length: the measure, rounded up to the
 * pricing increment, at least the minimum charge's quantity, times the pieces. Per unit with a
 * coverage (a box covers 10.76 sq ft): whole units enough to cover the area or length. Otherwise
 * the quantity given (1 unless said).
 */
export function quotePrice(product: ProductPricing, m: Measure): PriceQuote {
  const pieces = toE4(m.quantity ?? 1);
  if (pieces <= 0n) throw new MeasureError('Enter a quantity above 0.', { quantity: 'Enter a quantity above 0.' });
  const basis: string[] = [];
  let quantity: bigint;
  const { mode } = product.pricing;
  if (mode === 'area' || mode === 'length') {
    let each = mode === 'area' ? areaOf(m) : lengthOf(m);
    const unit = mode === 'area' ? 'sq ft' : 'linear ft';
    basis.push(
      m.width !== undefined && mode === 'area'
        ? `${m.width} × ${m.length} in = ${show(each)} ${unit}`
        : `${show(each)} ${unit}`,
    );
    const increment = toE4(product.pricing.increment);
    if (increment > 0n && each % increment !== 0n) {
      each = ceilDiv(each, increment) * increment;
      basis.push(`rounded up to ${show(each)} ${unit}`);
    }
    const minimum = toE4(product.pricing.minimum);
    if (each < minimum) {
      each = minimum;
      basis.push(`minimum charge ${show(minimum)} ${unit}`);
    }
    quantity = (each * pieces) / E4;
    if (pieces !== E4) basis.push(`× ${fromE4(pieces)} pieces`);
  } else if (product.coverage && (m.area !== undefined || m.width !== undefined || m.feet !== undefined)) {
    const need = product.coverage.unit === 'sq_ft' ? areaOf(m) : lengthOf(m);
    const covers = toE4(product.coverage.amount);
    const units = ceilDiv(need, covers);
    quantity = units * E4;
    basis.push(
      `${show(need)} ${words(product.coverage.unit)} ÷ ${product.coverage.amount} per ${words(product.unit)}, rounded up to ${units}`,
    );
  } else {
    quantity = pieces;
  }
  // Half up, once: cents × ten-thousandths of a unit.
  const totalCents = (quantity * BigInt(product.priceCents) * 2n + E4) / (2n * E4);
  return {
    quantity: fromE4(quantity),
    unit: product.unit,
    unitPriceCents: product.priceCents,
    totalCents: Number(totalCents),
    basis,
  };
}

/** A line's total in cents: a quantity (to four decimals) times a unit price, rounded half up once. */
export function lineTotalCents(quantity: number, unitPriceCents: number): number {
  return Number((toE4(quantity) * BigInt(unitPriceCents) * 2n + E4) / (2n * E4));
}

/** a ÷ b rounded half up, for non-negative whole numbers (money and quantities kept as integers). */
export const divRoundHalfUp = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);
