import { type Order, orderInputSchema, priceDocument, type quoteAcceptSchema } from '@atelier/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { orders, orderType } from '../orders';
import { quoteLines, quotes } from './quotes.table';

type QuoteRow = typeof quotes.$inferSelect;
type Line = typeof quoteLines.$inferSelect;

/**
 * Applies the customer's choices to the quote's lines (the optional items ticked, one line of
 * each alternative group) and prices it again with the engine, in place. Each group must end with
 * exactly one line chosen.
 */
async function applyChoices(db: Executor, row: QuoteRow, lines: Line[], choices: z.output<typeof quoteAcceptSchema>) {
  const ids = new Set(lines.map((l) => l.id));
  const errors: Record<string, string> = {};
  for (const key of ['selected', 'chosen'] as const)
    (choices[key] ?? []).forEach((id, i) => {
      if (!ids.has(id)) errors[`${key}.${i}`] = 'Not a line of this quote.';
    });
  const selected = choices.selected ? new Set(choices.selected) : null;
  const chosen = choices.chosen ? new Set(choices.chosen) : null;
  const next = lines.map((l) => ({
    ...l,
    selected: l.optional && selected ? selected.has(l.id) : l.selected,
    chosen: l.groupKey && chosen ? chosen.has(l.id) : l.chosen,
  }));
  const groups = new Map<string, number>();
  for (const l of next) if (l.groupKey) groups.set(l.groupKey, (groups.get(l.groupKey) ?? 0) + (l.chosen ? 1 : 0));
  for (const [group, n] of groups)
    if (n !== 1) errors.chosen = `Choose exactly one line of “${group}”: ${n === 0 ? 'none is' : `${n} are`} chosen.`;
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
  const priced = priceDocument(
    next.map((l) => ({
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
    { discount: row.discount, shippingCents: row.shippingCents, taxExempt: row.taxExempt },
  );
  const money = priced.lines;
  const col = <T>(of: (l: (typeof next)[number], i: number) => T) => sql.param(next.map(of));
  await db.execute(sql`
    UPDATE ${quoteLines} l SET selected = x.s, chosen = x.c, counted = x.k, order_discount_cents = x.od,
           net_cents = x.net, tax_cents = x.tax, total_cents = x.total
      FROM unnest(${col((l) => l.id)}::uuid[], ${col((l) => l.selected)}::boolean[], ${col((l) => l.chosen)}::boolean[],
                  ${col((_, i) => money[i]!.counted)}::boolean[], ${col((_, i) => String(money[i]!.orderDiscountCents))}::bigint[],
                  ${col((_, i) => String(money[i]!.netCents))}::bigint[], ${col((_, i) => String(money[i]!.taxCents))}::bigint[],
                  ${col((_, i) => String(money[i]!.totalCents))}::bigint[]) AS x(id, s, c, k, od, net, tax, total)
     WHERE l.id = x.id`);
  await db
    .update(quotes)
    .set({
      subtotalCents: priced.subtotalCents,
      lineDiscountCents: priced.lineDiscountCents,
      orderDiscountCents: priced.orderDiscountCents,
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
    })
    .where(eq(quotes.id, row.id));
  return next.filter((_, i) => money[i]!.counted);
}

/**
 * Accepting: the customer's choices applied, then a draft order with the lines they took (at the
 * quote's prices, with its discounts), linked both ways.
 */
export async function acceptQuote(
  db: Executor,
  actor: Actor,
  row: QuoteRow,
  choices: z.output<typeof quoteAcceptSchema>,
): Promise<Order> {
  const lines = await db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, row.id))
    .orderBy(asc(quoteLines.position));
  const taken = await applyChoices(db, row, lines, choices);
  const order = await orderType.create(
    db,
    actor,
    orderInputSchema.parse({
      customer: row.customerId,
      customerJob: row.customerJobId,
      shipTo: row.shipTo,
      notes: row.notes,
      discount: row.discount,
      shippingCents: row.shippingCents,
      lines: taken.map((l) => ({
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
        // The quote's price holds: it is what the customer accepted.
        unitPriceCents: l.unitPriceCents,
        discount: l.discount,
        ...(l.kind === 'item' ? {} : { taxClass: l.taxClass }),
      })),
    }),
  );
  await db.update(orders).set({ quoteId: row.id }).where(eq(orders.id, order._id));
  await db.update(quotes).set({ orderId: order._id }).where(eq(quotes.id, row.id));
  return order;
}
