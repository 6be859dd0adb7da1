import {
  type Discount,
  type DocumentAdjustments,
  type DocumentLineInput,
  type PricedDocument,
  priceDocument,
} from '@atelier/contracts';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';

/** A stored line of any priced document, as its table's row has it (the fields read here). */
export type StoredLine = {
  id: string;
  kind: 'item' | 'special' | 'text';
  productId: string | null;
  variantId: string | null;
  materialId: string | null;
  specialVendorId: string | null;
  specialSku: string;
  specialLeadDays: number;
  unitCostHc: number;
  name: string;
  description: string;
  measure: DocumentLineInput['measure'];
  piecesE4: number;
  quantityE4: number;
  unitPriceCents: number;
  discount: Discount | null;
  taxClass: string;
  taxRateBps: number;
  optional: boolean;
  selected: boolean;
  groupKey: string | null;
  chosen: boolean;
};

export type LineChoices = { selected?: string[] | null; chosen?: string[] | null };

/**
 * The customer's choices applied to a document's lines: the optional items they ticked, and one
 * line of each alternative group. Only lines `applies` names take the choices (a proposal's
 * sections approved now); each of their groups must end with exactly one line chosen. 400s name
 * the field (`selected.2`, `chosen`).
 */
export function chooseLines<L extends StoredLine>(
  lines: L[],
  choices: LineChoices,
  noun: string,
  applies: (line: L) => boolean = () => true,
): L[] {
  const ids = new Set(lines.filter(applies).map((l) => l.id));
  const errors: Record<string, string> = {};
  for (const key of ['selected', 'chosen'] as const)
    (choices[key] ?? []).forEach((id, i) => {
      if (!ids.has(id)) errors[`${key}.${i}`] = `Not a line of this ${noun}.`;
    });
  const selected = choices.selected ? new Set(choices.selected) : null;
  const chosen = choices.chosen ? new Set(choices.chosen) : null;
  const next = lines.map((l) =>
    applies(l)
      ? {
          ...l,
          selected: l.optional && selected ? selected.has(l.id) : l.selected,
          chosen: l.groupKey && chosen ? chosen.has(l.id) : l.chosen,
        }
      : l,
  );
  const groups = new Map<string, number>();
  for (const l of next)
    if (l.groupKey && applies(l)) groups.set(l.groupKey, (groups.get(l.groupKey) ?? 0) + (l.chosen ? 1 : 0));
  for (const [group, n] of groups)
    if (n !== 1) errors.chosen = `Choose exactly one line of “${group}”: ${n === 0 ? 'none is' : `${n} are`} chosen.`;
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  return next;
}

/**
 * Prices a document's lines again with the engine once choices changed what counts, and stores
 * each line's flags and money in place. Returns the engine's answer (the caller keeps its totals).
 */
export async function repriceChosen(
  db: Executor,
  table: PgTable,
  lines: StoredLine[],
  adjustments: DocumentAdjustments,
): Promise<PricedDocument> {
  const priced = priceDocument(
    lines.map((l) => ({
      quantity: l.quantityE4 / 10_000,
      unitPriceCents: l.unitPriceCents,
      discount: l.discount,
      taxRateBps: l.taxRateBps,
      couponCovers: false,
      optional: l.optional,
      selected: l.selected,
      group: l.groupKey,
      chosen: l.chosen,
    })),
    adjustments,
  );
  if (!lines.length) return priced;
  const money = priced.lines;
  const col = <T>(of: (l: StoredLine, i: number) => T) => sql.param(lines.map(of));
  // constant SQL: the name of a line table defined in our code.
  const t = sql.identifier(getTableName(table));
  await db.execute(sql`
    UPDATE ${t} l SET selected = x.s, chosen = x.c, counted = x.k, order_discount_cents = x.od,
           net_cents = x.net, tax_cents = x.tax, total_cents = x.total
      FROM unnest(${col((l) => l.id)}::uuid[], ${col((l) => l.selected)}::boolean[], ${col((l) => l.chosen)}::boolean[],
                  ${col((_, i) => money[i]!.counted)}::boolean[], ${col((_, i) => String(money[i]!.orderDiscountCents))}::bigint[],
                  ${col((_, i) => String(money[i]!.netCents))}::bigint[], ${col((_, i) => String(money[i]!.taxCents))}::bigint[],
                  ${col((_, i) => String(money[i]!.totalCents))}::bigint[]) AS x(id, s, c, k, od, net, tax, total)
     WHERE l.id = x.id`);
  return priced;
}

/**
 * Stored lines as an order's input takes them again (a quote or proposal becoming an order): the
 * same items and words, at the price the customer accepted.
 */
export function lineInputsOf(lines: StoredLine[]): DocumentLineInput[] {
  return lines.map((l) => ({
    item: l.materialId
      ? { type: 'material', id: l.materialId }
      : l.variantId
        ? { type: 'variant', id: l.variantId }
        : l.productId
          ? { type: 'product', id: l.productId }
          : null,
    special: l.specialVendorId
      ? {
          vendor: l.specialVendorId,
          sku: l.specialSku,
          costCents: l.unitCostHc / 100,
          leadTimeDays: l.specialLeadDays,
        }
      : null,
    name: l.kind === 'item' ? '' : l.name,
    description: l.description,
    measure: l.measure,
    quantity: l.piecesE4 / 10_000,
    // The document's price holds: it is what the customer accepted.
    unitPriceCents: l.unitPriceCents,
    discount: l.discount,
    ...(l.kind === 'item' ? {} : { taxClass: l.taxClass }),
  }));
}
