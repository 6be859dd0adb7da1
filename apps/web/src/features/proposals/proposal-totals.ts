import {
  type Discount,
  type DocumentLine,
  type DocumentLineValues,
  lineCounts,
  lineTotalCents,
  lineValuesOf,
  type PricedLineIn,
  PricingError,
  priceDocument,
} from '@atelier/contracts';

/**
 * What the builder can total while a proposal is typed, with the engine the server prices it
 * with. A line's price is known when it was typed (and it is not priced by a measure), or from
 * its saved line while the customer is the same: as saved, or the same item at the customer's
 * unit price the server found. A newly picked catalog item without a typed price, or one
 * measured anew, is priced by the server when it is saved: it is counted, not guessed. Tax
 * depends on the customer and the address, so it is left out.
 */

/**
 * The saved lines of a proposal, by id, whose prices hold while its customer is the one it was
 * saved for (another customer may have other prices: none then).
 */
export function savedLinesOf(
  record: { customer: { _id: string }; sections: { lines: DocumentLine[] }[] } | undefined,
  customer: string | undefined,
): Map<string, DocumentLine> {
  if (!record || record.customer._id !== customer) return new Map();
  return new Map(record.sections.flatMap((s) => s.lines.map((l) => [l.id, l] as const)));
}

const key = (l: Partial<DocumentLineValues>, ...of: (keyof DocumentLineValues)[]) =>
  JSON.stringify(of.map((k) => l[k] ?? null));

/** A line's quantity × price in cents, when the form knows its price; null when the server prices it. */
export function knownSubtotal(line: DocumentLineValues, saved: Map<string, DocumentLine>): number | null {
  const quantity = Number(line.quantity);
  if (!Number.isFinite(quantity) || quantity < 0) return null;
  const was = line.id ? saved.get(line.id) : undefined;
  const [before] = was ? lineValuesOf([was]) : [];
  if (
    before &&
    key(line, 'item', 'measure', 'quantity', 'unitPriceCents') ===
      key(before, 'item', 'measure', 'quantity', 'unitPriceCents')
  )
    return was!.subtotalCents;
  const price = line.unitPriceCents;
  if (line.measure) return null;
  if (price !== undefined && price !== null) return lineTotalCents(quantity, price);
  // The same catalog item, by the piece, at the price the server found for this customer.
  if (
    before?.item &&
    !before.measure &&
    before.unitPriceCents === undefined &&
    key(line, 'item') === key(before, 'item')
  )
    return lineTotalCents(quantity, was!.unitPriceCents);
  return null;
}

export type Estimate = {
  /** The counted lines' subtotals, before any discount. */
  subtotalCents: number;
  lineDiscountCents: number;
  /** The proposal's own discount, spread over the lines. */
  orderDiscountCents: number;
  shippingCents: number;
  /** What the counted lines of known price come to after every discount, plus shipping: no tax. */
  beforeTaxCents: number;
  /** Counted lines the server prices when the proposal is saved. */
  unpriced: number;
  /** Why the discounts cannot be applied (more than the lines come to), if so. */
  error: string | null;
};

/** The estimate of some lines (a section's, or all of them), with the proposal's discount and shipping. */
export function estimate(
  lines: DocumentLineValues[],
  saved: Map<string, DocumentLine>,
  adjustments: { discount?: Discount | null; shippingCents?: number } = {},
): Estimate {
  let unpriced = 0;
  const known: PricedLineIn[] = [];
  for (const line of lines) {
    const subtotal = knownSubtotal(line, saved);
    if (subtotal === null) {
      if (lineCounts(line)) unpriced++;
      continue;
    }
    known.push({
      quantity: 1,
      unitPriceCents: subtotal,
      discount: line.discount,
      taxRateBps: 0,
      optional: line.optional,
      selected: line.selected,
      group: line.group,
      chosen: line.chosen,
    });
  }
  const shippingCents = Number(adjustments.shippingCents) || 0;
  try {
    const priced = priceDocument(known, { discount: adjustments.discount, shippingCents });
    return {
      subtotalCents: priced.subtotalCents,
      lineDiscountCents: priced.lineDiscountCents,
      orderDiscountCents: priced.orderDiscountCents,
      shippingCents,
      beforeTaxCents: priced.netCents + shippingCents,
      unpriced,
      error: null,
    };
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    return {
      subtotalCents: 0,
      lineDiscountCents: 0,
      orderDiscountCents: 0,
      shippingCents,
      beforeTaxCents: 0,
      unpriced,
      // The form's fields are not the engine's list of known lines: name the first problem in words.
      error: Object.values(error.fields)[0] ?? error.message,
    };
  }
}

/** "2 lines are priced when you save." */
export const unpricedWords = (n: number) =>
  n === 1 ? 'One line is priced when you save.' : `${n} lines are priced when you save.`;
