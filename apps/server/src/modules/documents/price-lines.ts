import {
  type Address,
  type DocumentAdjustments,
  type documentLineInputSchema,
  lineCounts,
  MeasureError,
  type PricedDocument,
  PricingError,
  priceDocument,
  quotePrice,
  type TaxRate,
  taxRateFor,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { getSettingsGroup } from '../../platform/settings/settings.service';
import { resolveItems, type StockItem, throwFieldErrors } from '../stock';

type LineIn = z.output<typeof documentLineInputSchema>;
const e4 = (n: number) => Math.round(n * 10_000);

/** What the catalog says of an item when a line is saved. */
type CatalogFacts = {
  priceCents: number | null;
  costHc: number;
  taxClass: string | null;
  unit: string;
  archived: boolean;
  pricing: { mode: 'unit' | 'area' | 'length'; minimum: number; increment: number };
  coverage: { amount: number; unit: 'sq_ft' | 'linear_ft' } | null;
};

/**
 * The prices that apply to a customer for items (company pricing, where the firm has the
 * wholesale module), each null for the catalog's; its words say which price it was. Asked once
 * per document, with every item line whose price is not typed, and its list price.
 */
export type PriceBook = (
  lines: { item: StockItem; listPriceCents: number }[],
) => Promise<({ cents: number; source: string } | null)[]>;

export type PricingContext = {
  /** Where it goes: the jurisdiction whose tax applies. */
  shipTo: Address | null;
  taxExempt: boolean;
  /**
   * What the coupon takes off the lines as priced, and which products it covers (null: all): the
   * coupons module's answer, asked once the lines' prices are known.
   */
  coupon?: (lines: CouponLine[]) => Promise<{ cents: number; covers: Set<string> | null } | null>;
  discount: DocumentAdjustments['discount'];
  shippingCents: number;
  priceBook?: PriceBook;
};

/** A line as it is stored: its snapshot and what the engine made of it. */
export type PricedLineValues = {
  id?: string;
  kind: 'item' | 'special' | 'text';
  item: StockItem | null;
  specialVendorId: string | null;
  specialSku: string;
  specialLeadDays: number;
  name: string;
  sku: string;
  description: string;
  unit: string;
  measure: LineIn['measure'];
  basis: string[];
  piecesE4: number;
  quantityE4: number;
  unitPriceCents: number;
  listPriceCents: number;
  priceSource: string;
  priceEntered: boolean;
  unitCostHc: number;
  discount: LineIn['discount'];
  taxClass: string;
  taxRateBps: number;
  optional: boolean;
  selected: boolean;
  groupKey: string | null;
  chosen: boolean;
  counted: boolean;
  subtotalCents: number;
  lineDiscountCents: number;
  orderDiscountCents: number;
  couponCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
};

/** A product line as the coupons module weighs it. */
export type CouponLine = { product: string; variant: string | null; quantity: number; unitPriceCents: number };

export type PricedLines = { lines: PricedLineValues[]; totals: Omit<PricedDocument, 'lines'> };

/** The catalog's facts of the items, by item id: price (a variant's own, else its product's), cost, tax class, unit, pricing. */
async function catalogFacts(db: Executor, items: StockItem[]): Promise<Map<string, CatalogFacts>> {
  const ids = [...new Set(items.map((i) => i.itemId))];
  if (!ids.length) return new Map();
  const rows = await db.execute<{
    id: string;
    price: string | null;
    cost: string;
    tax_class: string | null;
    unit: string;
    archived: boolean;
    mode: 'unit' | 'area' | 'length';
    min_e4: string;
    inc_e4: string;
    coverage_e4: string | null;
    coverage_unit: 'sq_ft' | 'linear_ft' | null;
  }>(sql`
    SELECT p.id, p.price_cents::text AS price, p.cost_hc::text AS cost, p.tax_class, p.unit, p.archived_at IS NOT NULL AS archived,
           p.pricing_mode AS mode, p.pricing_min_e4::text AS min_e4, p.pricing_inc_e4::text AS inc_e4,
           p.coverage_e4::text, p.coverage_unit
      FROM products p WHERE p.id = ANY(${sql.param(ids)}::uuid[])
    UNION ALL
    SELECT v.id, COALESCE(v.price_cents, p.price_cents)::text, COALESCE(v.cost_hc, p.cost_hc)::text, p.tax_class, p.unit,
           v.archived_at IS NOT NULL OR p.archived_at IS NOT NULL,
           p.pricing_mode, p.pricing_min_e4::text, p.pricing_inc_e4::text, p.coverage_e4::text, p.coverage_unit
      FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY(${sql.param(ids)}::uuid[])
    UNION ALL
    SELECT m.id, NULL, m.cost_hc::text, NULL, m.unit, m.archived_at IS NOT NULL, 'unit', '0', '0', NULL, NULL
      FROM materials m WHERE m.id = ANY(${sql.param(ids)}::uuid[])`);
  return new Map(
    rows.rows.map((r) => [
      r.id,
      {
        priceCents: r.price === null ? null : Number(r.price),
        costHc: Number(r.cost),
        taxClass: r.tax_class,
        unit: r.unit,
        archived: r.archived,
        pricing: { mode: r.mode, minimum: Number(r.min_e4) / 10_000, increment: Number(r.inc_e4) / 10_000 },
        coverage:
          r.coverage_e4 && r.coverage_unit ? { amount: Number(r.coverage_e4) / 10_000, unit: r.coverage_unit } : null,
      },
    ]),
  );
}

/** Vendors named by special-order lines must be the firm's (row-level security hides the rest). */
async function assertVendors(db: Executor, lines: LineIn[]) {
  const ids = [...new Set(lines.flatMap((l) => (l.special ? [l.special.vendor] : [])))];
  if (!ids.length) return;
  const found = new Set(
    (await db.execute<{ id: string }>(sql`SELECT id FROM vendors WHERE id = ANY(${sql.param(ids)}::uuid[])`)).rows.map(
      (r) => r.id,
    ),
  );
  const errors: Record<string, string> = {};
  lines.forEach((l, i) => {
    if (l.special && !found.has(l.special.vendor))
      errors[`lines.${i}.special.vendor`] = 'Choose a vendor from the list.';
  });
  throwFieldErrors(errors, 'Please correct the highlighted lines.');
}

/**
 * Prices a document's lines as they are saved: each item checked (the firm's, not archived,
 * stocked as named) and its name, SKU, price and cost taken from the catalog unless the line
 * gives its own; a measured item's quantity worked out from its measure; each line's tax rate
 * from its tax class and where it goes; then the engine's discounts, tax and totals. Errors are
 * 400s per field (`lines.2.quantity`).
 */
export async function priceLines(
  db: Executor,
  firmId: string,
  input: LineIn[],
  context: PricingContext,
): Promise<PricedLines> {
  const itemLines = input.flatMap((l, i) => (l.item ? [{ ref: l.item, i }] : []));
  const resolved = await resolveItems(
    db,
    itemLines.map((l) => l.ref),
    (k) => `lines.${itemLines[k]!.i}.item`,
  );
  const items = new Map(itemLines.map((l, k) => [l.i, resolved[k]!]));
  await assertVendors(db, input);
  const facts = await catalogFacts(db, resolved);
  const [orderSettings, productSettings] = await Promise.all([
    getSettingsGroup(db, firmId, 'orderSettings'),
    getSettingsGroup(db, firmId, 'productSettings'),
  ]);
  const defaultClass = productSettings.taxClasses[0] ?? 'Standard';
  const asked = input.flatMap((l, i) => {
    const item = items.get(i);
    const fact = item ? facts.get(item.itemId) : undefined;
    return item && fact && l.unitPriceCents === undefined ? [{ i, item, listPriceCents: fact.priceCents ?? 0 }] : [];
  });
  const booked = new Map<number, { cents: number; source: string }>();
  if (context.priceBook && asked.length) {
    const answers = await context.priceBook(asked);
    asked.forEach((a, k) => {
      const answer = answers[k];
      if (answer) booked.set(a.i, answer);
    });
  }
  const errors: Record<string, string> = {};
  const lines = input.map(
    (
      line,
      i,
    ): Omit<
      PricedLineValues,
      | 'counted'
      | 'subtotalCents'
      | 'lineDiscountCents'
      | 'orderDiscountCents'
      | 'couponCents'
      | 'netCents'
      | 'taxCents'
      | 'totalCents'
    > => {
      const item = items.get(i) ?? null;
      const fact = item ? facts.get(item.itemId) : undefined;
      let quantity = line.quantity;
      let basis: string[] = [];
      let listPriceCents = line.unitPriceCents ?? 0;
      let unitPriceCents = line.unitPriceCents ?? 0;
      let priceSource = line.unitPriceCents !== undefined ? 'Entered' : 'List price';
      if (item && fact) {
        if (fact.archived) errors[`lines.${i}.item`] = `${item.name} is archived: restore it to sell it.`;
        listPriceCents = fact.priceCents ?? 0;
        if (fact.priceCents === null && line.unitPriceCents === undefined)
          errors[`lines.${i}.unitPriceCents`] = `${item.name} is a material with no selling price: enter the price.`;
        if (line.unitPriceCents === undefined) {
          const book = booked.get(i);
          unitPriceCents = book ? book.cents : listPriceCents;
          priceSource = book ? book.source : 'List price';
        }
        if (line.measure) {
          try {
            const priced = quotePrice(
              {
                unit: fact.unit as never,
                priceCents: unitPriceCents,
                pricing: fact.pricing,
                coverage: fact.coverage,
              },
              { ...line.measure, quantity: line.quantity },
            );
            quantity = priced.quantity;
            basis = priced.basis;
          } catch (e) {
            if (!(e instanceof MeasureError)) throw e;
            for (const [field, message] of Object.entries(e.fields)) errors[`lines.${i}.measure.${field}`] = message;
            errors[`lines.${i}.measure`] ??= e.message;
          }
        }
      }
      const taxClass = (item && fact?.taxClass) || line.taxClass || defaultClass;
      return {
        ...(line.id ? { id: line.id } : {}),
        kind: item ? 'item' : line.special ? 'special' : 'text',
        item,
        specialVendorId: line.special?.vendor ?? null,
        specialSku: line.special?.sku ?? '',
        specialLeadDays: line.special?.leadTimeDays ?? 0,
        name: line.name || item?.name || '',
        sku: item?.sku ?? line.special?.sku ?? '',
        description: line.description,
        unit: fact?.unit ?? 'each',
        measure: line.measure,
        basis,
        piecesE4: e4(line.quantity),
        quantityE4: e4(quantity),
        unitPriceCents,
        listPriceCents,
        priceSource,
        priceEntered: line.unitPriceCents !== undefined,
        unitCostHc: fact ? fact.costHc : line.special ? Math.round(line.special.costCents * 100) : 0,
        discount: line.discount,
        taxClass,
        taxRateBps: taxRateFor(orderSettings.taxRates as TaxRate[], orderSettings.taxRateBps, taxClass, context.shipTo),
        optional: line.optional,
        selected: line.selected,
        groupKey: line.group,
        chosen: line.chosen,
      };
    },
  );
  // A measure that comes to nothing (a zero width) cannot be sold.
  lines.forEach((l, i) => {
    if (l.quantityE4 <= 0) errors[`lines.${i}.quantity`] ??= 'Use more than 0.';
  });
  throwFieldErrors(errors, 'Please correct the highlighted lines.');
  const coupon = context.coupon
    ? await context.coupon(
        lines.flatMap((l) =>
          l.item?.productId &&
          lineCounts({ optional: l.optional, selected: l.selected, group: l.groupKey, chosen: l.chosen })
            ? [
                {
                  product: l.item.productId,
                  variant: l.item.variantId,
                  quantity: l.quantityE4 / 10_000,
                  unitPriceCents: l.unitPriceCents,
                },
              ]
            : [],
        ),
      )
    : null;
  let priced: PricedDocument;
  try {
    priced = priceDocument(
      lines.map((l) => ({
        quantity: l.quantityE4 / 10_000,
        unitPriceCents: l.unitPriceCents,
        discount: l.discount,
        taxRateBps: l.taxRateBps,
        // A coupon is for products: what it covers of them, never a special-order or free line.
        couponCovers: Boolean(l.item?.productId && (!coupon?.covers || coupon.covers.has(l.item.productId))),
        optional: l.optional,
        selected: l.selected,
        group: l.groupKey,
        chosen: l.chosen,
      })),
      {
        discount: context.discount,
        couponCents: coupon?.cents ?? 0,
        shippingCents: context.shippingCents,
        taxExempt: context.taxExempt,
      },
    );
  } catch (e) {
    if (e instanceof PricingError) throw badRequest(e.message, e.fields);
    throw e;
  }
  const { lines: money, ...totals } = priced;
  return { lines: lines.map((l, i) => ({ ...l, ...money[i]! })), totals };
}

/**
 * What a save's lines came to: priced while its input is checked (`columns`), written once the
 * row is (`afterWrite`). Every write of a priced document comes through both with the same input;
 * pricing again without the customer's context (company prices, coupon) would store other prices.
 */
export function pricedInputs<I extends object>() {
  const seen = new WeakMap<I, PricedLines>();
  return {
    keep: (input: I, lines: PricedLines) => {
      seen.set(input, lines);
    },
    take: (input: I): PricedLines => {
      const lines = seen.get(input);
      if (!lines) throw new Error('a priced document was written without its lines priced first');
      return lines;
    },
  };
}

/** What a priced document keeps of its lines' sums (`documentTotalsColumns`), as row values. */
export const totalsValues = (priced: PricedLines) => ({
  subtotalCents: priced.totals.subtotalCents,
  lineDiscountCents: priced.totals.lineDiscountCents,
  orderDiscountCents: priced.totals.orderDiscountCents,
  discountCents: priced.totals.discountCents,
  taxCents: priced.totals.taxCents,
  totalCents: priced.totals.totalCents,
  lineCount: priced.lines.length,
});
