import { divRoundHalfUp } from '@atelier/contracts';

/**
 * A purchase order's money, exactly: each line's total is its quantity × unit cost rounded
 * half-up to the cent; the order's subtotal is the sum of the lines; freight and other charges
 * are spread over the lines by value or quantity, largest remainder first, so the shares add up
 * to the charges to the cent; a line's landed unit cost is (its total + its share) ÷ its quantity,
 * in hundredths of a cent. Quantities are ten-thousandths, costs hundredths of a cent.
 */
export type PricedLine = { quantityE4: number; unitCostHc: number };
export type LandedLine = PricedLine & { totalCents: number; shareCents: number; landedUnitCostHc: number };

/** quantity (e4) × cost (hc) = cents × 10⁶. */
export const costTotalCents = (quantityE4: number, unitCostHc: number) =>
  Number(divRoundHalfUp(BigInt(quantityE4) * BigInt(unitCostHc), 1_000_000n));

/** `amount` cents split over `weights` in proportion, whole cents, adding up exactly. */
export function allocate(amount: number, weights: bigint[]): number[] {
  const total = weights.reduce((a, w) => a + w, 0n);
  if (amount === 0 || total === 0n) {
    // Nothing to weigh by (lines at no cost): spread evenly.
    if (amount === 0 || weights.length === 0) return weights.map(() => 0);
    return allocate(
      amount,
      weights.map(() => 1n),
    );
  }
  const big = BigInt(amount);
  const exact = weights.map((w) => big * w);
  const shares = exact.map((e) => e / total);
  let left = amount - Number(shares.reduce((a, s) => a + s, 0n));
  // The cents left go to the largest remainders (the earlier line on a tie).
  const order = exact.map((e, i) => ({ i, r: e % total })).sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left -= 1;
  }
  return shares.map(Number);
}

export function landLines(
  lines: PricedLine[],
  chargesCents: number,
  method: 'value' | 'quantity',
): { lines: LandedLine[]; subtotalCents: number } {
  const totals = lines.map((l) => costTotalCents(l.quantityE4, l.unitCostHc));
  const shares = allocate(
    chargesCents,
    lines.map((l, i) => BigInt(method === 'value' ? totals[i]! : l.quantityE4)),
  );
  return {
    lines: lines.map((l, i) => ({
      ...l,
      totalCents: totals[i]!,
      shareCents: shares[i]!,
      // (cents × 10⁶) ÷ e4 = hundredths of a cent per unit.
      landedUnitCostHc: Number(divRoundHalfUp(BigInt(totals[i]! + shares[i]!) * 1_000_000n, BigInt(l.quantityE4))),
    })),
    subtotalCents: totals.reduce((a, t) => a + t, 0),
  };
}
