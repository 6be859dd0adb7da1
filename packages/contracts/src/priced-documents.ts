import { divRoundHalfUp, lineTotalCents } from './pricing';

/**
 * The priced-document engine: what orders, quotes, proposals and invoices have in common. Lines
 * (some optional, some alternatives of which one is chosen), a discount per line, a discount on
 * the whole and a coupon spread over the lines, tax per line, shipping, and the totals. Money is
 * integer cents throughout; each line is rounded half up once, and every total is a sum of lines.
 * The server prices a document with it when it is saved; the web app with the same function as
 * it is typed, so what a person sees before saving is what is saved.
 */

/** A discount: a percentage (two decimals) or an amount in cents. */
export type Discount = { kind: 'percent'; percent: number } | { kind: 'amount'; cents: number };

export type PricedLineIn = {
  /** Up to four decimals. */
  quantity: number;
  unitPriceCents: number;
  discount?: Discount | null;
  /** Basis points: 825 is 8.25 %. The caller chooses the rate (tax class, jurisdiction, exemption). */
  taxRateBps: number;
  /** Whether the coupon covers it (a coupon may be for some products or categories only). */
  couponCovers?: boolean;
  /** An optional item counts only when the customer ticks it. */
  optional?: boolean;
  selected?: boolean;
  /** Lines of one alternative group (good / better / best): only the chosen one counts. */
  group?: string | null;
  chosen?: boolean;
};

export type DocumentAdjustments = {
  /** On the whole document, spread over the counted lines in proportion to what they come to. */
  discount?: Discount | null;
  /** What the coupon takes off (the coupon's own rules decide it), spread over the lines it covers. */
  couponCents?: number;
  shippingCents?: number;
  /** The customer or their company is exempt: no tax on any line. */
  taxExempt?: boolean;
};

export type PricedLine = {
  /** Whether it counts: not an unticked option, not an alternative that was not chosen. */
  counted: boolean;
  /** Quantity × unit price, rounded half up. */
  subtotalCents: number;
  lineDiscountCents: number;
  /** Its share of the document's discount and of the coupon. */
  orderDiscountCents: number;
  couponCents: number;
  /** What is taxed: the subtotal less every discount. */
  netCents: number;
  taxCents: number;
  /** Net plus tax. */
  totalCents: number;
};

export type PricedDocument = {
  lines: PricedLine[];
  subtotalCents: number;
  lineDiscountCents: number;
  orderDiscountCents: number;
  couponCents: number;
  /** Every discount together. */
  discountCents: number;
  netCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
};

/** Why a document cannot be priced, per field (`lines.2.discount`, `discount`). */
export class PricingError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** The most one line may come to: a billion dollars (what keeps every sum far inside a bigint). */
export const MAX_LINE_CENTS = 100_000_000_000;

const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** A discount of an amount, in cents: a percentage of it rounded half up, or the amount itself. */
export function discountCents(discount: Discount | null | undefined, of: number): number {
  if (!discount) return 0;
  if (discount.kind === 'amount') return discount.cents;
  return Number(divRoundHalfUp(BigInt(of) * BigInt(Math.round(discount.percent * 100)), 10_000n));
}

/**
 * `total` cents shared in proportion to `weights` so that the shares add up to it exactly: each
 * gets the whole cents of its share, and the cents left over go to the largest remainders (the
 * earlier line first when two are equal).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const T = BigInt(total);
  const W = BigInt(sum);
  const exact = weights.map((w) => T * BigInt(w));
  const shares = exact.map((e) => e / W);
  let left = total - shares.reduce((a, b) => a + Number(b), 0);
  const order = exact
    .map((e, i) => ({ i, rest: e % W }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1n;
    left--;
  }
  return shares.map(Number);
}

/** Whether a line counts towards the totals. */
export const lineCounts = (line: Pick<PricedLineIn, 'optional' | 'selected' | 'group' | 'chosen'>) =>
  (!line.optional || line.selected === true) && (!line.group || line.chosen === true);

/**
 * Prices a document: per line, its subtotal, its own discount (never more than its subtotal),
 * its share of the document's discount and of the coupon (largest remainder, before tax), its
 * tax on what is left (half up, per line), and the totals as sums of the lines.
 */
export function priceDocument(lines: PricedLineIn[], adjustments: DocumentAdjustments = {}): PricedDocument {
  const errors: Record<string, string> = {};
  const counted = lines.map(lineCounts);
  const subtotals = lines.map((l) => lineTotalCents(l.quantity, l.unitPriceCents));
  subtotals.forEach((s, i) => {
    if (s > MAX_LINE_CENTS) errors[`lines.${i}.quantity`] = 'This line comes to more than $1,000,000,000.';
  });
  const own = lines.map((l, i) => {
    const cents = discountCents(l.discount, subtotals[i]!);
    if (cents > subtotals[i]!)
      errors[`lines.${i}.discount`] = `The discount is more than the line comes to (${dollars(subtotals[i]!)}).`;
    return Math.min(cents, subtotals[i]!);
  });
  const afterOwn = subtotals.map((s, i) => (counted[i] ? s - own[i]! : 0));
  const base = afterOwn.reduce((a, b) => a + b, 0);
  const whole = discountCents(adjustments.discount, base);
  if (whole > base) errors.discount = `The discount is more than the lines come to (${dollars(base)}).`;
  const wholeShares = allocate(Math.min(whole, base), afterOwn);
  const afterWhole = afterOwn.map((a, i) => a - wholeShares[i]!);
  // The coupon takes at most what is left of the lines it covers.
  const coverable = afterWhole.map((a, i) => (lines[i]!.couponCovers === false ? 0 : a));
  const coupon = Math.min(
    adjustments.couponCents ?? 0,
    coverable.reduce((a, b) => a + b, 0),
  );
  const couponShares = allocate(coupon, coverable);
  if (Object.keys(errors).length)
    throw new PricingError(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted discounts.',
      errors,
    );
  const priced = lines.map((line, i): PricedLine => {
    const net = afterWhole[i]! - couponShares[i]!;
    const tax =
      counted[i] && !adjustments.taxExempt ? Number(divRoundHalfUp(BigInt(net) * BigInt(line.taxRateBps), 10_000n)) : 0;
    return {
      counted: counted[i]!,
      subtotalCents: subtotals[i]!,
      lineDiscountCents: own[i]!,
      orderDiscountCents: wholeShares[i]!,
      couponCents: couponShares[i]!,
      netCents: net,
      taxCents: tax,
      totalCents: net + tax,
    };
  });
  const sum = (of: (l: PricedLine) => number) => priced.reduce((a, l) => a + (l.counted ? of(l) : 0), 0);
  const shippingCents = adjustments.shippingCents ?? 0;
  const netCents = sum((l) => l.netCents);
  const taxCents = sum((l) => l.taxCents);
  const lineDiscountCents = sum((l) => l.lineDiscountCents);
  const orderDiscountCents = sum((l) => l.orderDiscountCents);
  const couponCents = sum((l) => l.couponCents);
  return {
    lines: priced,
    subtotalCents: sum((l) => l.subtotalCents),
    lineDiscountCents,
    orderDiscountCents,
    couponCents,
    discountCents: lineDiscountCents + orderDiscountCents + couponCents,
    netCents,
    taxCents,
    shippingCents,
    totalCents: netCents + taxCents + shippingCents,
  };
}

/** A deposit asked for: a percentage of the total (half up) or an amount, never more than the total. */
export function depositCents(deposit: Discount | null | undefined, totalCents: number): number {
  return Math.min(discountCents(deposit, totalCents), totalCents);
}

/** A line as a revision compares it: what it is (its key), what it is called, how many, at what price. */
export type RevisionLine = { key: string; name: string; quantity: number; unitPriceCents: number; totalCents: number };

export type RevisionChange =
  | { change: 'added'; name: string; after: RevisionLine }
  | { change: 'removed'; name: string; before: RevisionLine }
  | { change: 'changed'; name: string; before: RevisionLine; after: RevisionLine };

/**
 * What changed between two revisions of a document, line by line: lines added, removed, and
 * repriced or requantified (matched by their key: the item, or the words of a free line). Lines
 * that stayed the same are left out.
 */
export function diffRevisions(before: RevisionLine[], after: RevisionLine[]): RevisionChange[] {
  const queue = new Map<string, RevisionLine[]>();
  for (const line of before) queue.set(line.key, [...(queue.get(line.key) ?? []), line]);
  const changes: RevisionChange[] = [];
  for (const line of after) {
    const was = queue.get(line.key)?.shift();
    if (!was) changes.push({ change: 'added', name: line.name, after: line });
    else if (was.quantity !== line.quantity || was.unitPriceCents !== line.unitPriceCents)
      changes.push({ change: 'changed', name: line.name, before: was, after: line });
  }
  for (const left of queue.values())
    for (const line of left) changes.push({ change: 'removed', name: line.name, before: line });
  return changes;
}

/**
 * A tax rate of the firm's (order settings): for a tax class, in a jurisdiction (a state as the
 * address writes it, "CA"; or the first digits of a ZIP code, "941"; empty for everywhere).
 */
export type TaxRate = { taxClass: string; jurisdiction: string; rateBps: number };

/**
 * The rate of a tax class at an address: the longest ZIP prefix that matches, else the state's,
 * else the class's rate everywhere, else the firm's default rate. No address: the class's rate
 * everywhere, else the default.
 */
export function taxRateFor(
  rates: readonly TaxRate[],
  defaultBps: number,
  taxClass: string,
  address: { region?: string; postalCode?: string } | null,
): number {
  const ofClass = rates.filter((r) => r.taxClass.toLowerCase() === taxClass.toLowerCase());
  const zip = (address?.postalCode ?? '').replace(/\s/g, '');
  const region = (address?.region ?? '').trim().toLowerCase();
  let best: { rate: number; score: number } | null = null;
  for (const r of ofClass) {
    const j = r.jurisdiction.trim();
    const score =
      j === ''
        ? 0
        : /^\d+$/.test(j)
          ? zip.startsWith(j)
            ? 100 + j.length
            : -1
          : region !== '' && j.toLowerCase() === region
            ? 50
            : -1;
    if (score >= 0 && (!best || score > best.score)) best = { rate: r.rateBps, score };
  }
  return best ? best.rate : defaultBps;
}
