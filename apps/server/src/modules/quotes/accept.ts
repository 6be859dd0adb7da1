import { type Order, orderInputSchema, type quoteAcceptSchema } from '@atelier/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { chooseLines, lineInputsOf, repriceChosen } from '../documents';
import { orders, orderType } from '../orders';
import { quoteLines, quotes } from './quotes.table';

type QuoteRow = typeof quotes.$inferSelect;

/**
 * Accepting: the customer's choices applied (the optional items ticked, one line of each
 * alternative group) and the quote priced again in place, then a draft order with the lines they
 * took (at the quote's prices, with its discounts), linked both ways.
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
  const next = chooseLines(lines, choices, 'quote');
  const priced = await repriceChosen(db, quoteLines, next, {
    discount: row.discount,
    shippingCents: row.shippingCents,
    taxExempt: row.taxExempt,
  });
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
  const taken = next.filter((_, i) => priced.lines[i]!.counted);
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
      lines: lineInputsOf(taken),
    }),
  );
  await db.update(orders).set({ quoteId: row.id }).where(eq(orders.id, order._id));
  await db.update(quotes).set({ orderId: order._id }).where(eq(quotes.id, row.id));
  return order;
}
