import { quoteInputSchema } from '@atelier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customers } from '../customers';
import { products, productVariants } from '../products';
import { stockLevels } from '../stock';
import { expireQuotes } from './quote-send';
import { quoteType } from './quotes.service';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Quotes in every state: one sent and waiting, one revised after the customer asked for more
 * (two revisions, and what changed), one accepted into an order, a draft offering good / better /
 * best with an optional extra, one declined and one that expired.
 */
export const quotesDemo: Seed = {
  name: 'demo:quotes',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const items = await tx
        .select({ id: products.id })
        .from(stockLevels)
        .innerJoin(products, eq(products.id, stockLevels.productId))
        .where(
          and(
            gt(stockLevels.onHandE4, 200_000),
            isNull(products.archivedAt),
            sql`NOT EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${products.id})`,
          ),
        )
        .orderBy(products.sku)
        .limit(6);
      const people = await tx.select({ id: customers.id }).from(customers).orderBy(customers.createdAt).limit(6);
      if (items.length < 4 || people.length < 6) return;
      const item = (i: number, quantity: number, extra: Record<string, unknown> = {}) => ({
        item: { type: 'product', id: items[i]!.id },
        quantity,
        ...extra,
      });
      const install = (hours: number) => ({
        name: 'Installation',
        quantity: hours,
        unitPriceCents: 9_500,
        taxClass: 'Labour',
      });
      const make = (customer: number, lines: unknown[], extra: Record<string, unknown> = {}) =>
        quoteType.create(
          tx,
          actor,
          quoteInputSchema.parse({ customer: people[customer]!.id, validUntil: inDays(30), lines, ...extra }),
        );

      const waiting = await make(0, [item(0, 4), item(1, 2), install(3)], { notes: 'Measured on site on the 3rd.' });
      await quoteType.transition(tx, actor, waiting._id, 'mark-sent');

      const revised = await make(1, [item(0, 6), install(4)]);
      await quoteType.transition(tx, actor, revised._id, 'mark-sent');
      const fresh = await quoteType.get(tx, actor, revised._id);
      await quoteType.update(tx, actor, revised._id, {
        ...quoteInputSchema.parse({
          customer: people[1]!.id,
          validUntil: fresh.validUntil,
          lines: [item(0, 8), item(2, 2), install(5)],
          notes: 'The customer added the hall floor.',
        }),
        version: fresh.version,
      });
      await quoteType.transition(tx, actor, revised._id, 'mark-sent');

      const won = await make(2, [item(1, 3), item(3, 2), install(2)]);
      await quoteType.transition(tx, actor, won._id, 'mark-sent');
      await quoteType.transition(tx, actor, won._id, 'accept', {});

      await make(3, [
        item(0, 10, { group: 'Floor tile', chosen: false, description: 'Good' }),
        item(1, 10, { group: 'Floor tile', chosen: true, description: 'Better' }),
        item(2, 10, { group: 'Floor tile', chosen: false, description: 'Best' }),
        item(3, 1, { optional: true, selected: false }),
        install(6),
      ]);

      const declined = await make(4, [item(3, 5)]);
      await quoteType.transition(tx, actor, declined._id, 'mark-sent');
      await quoteType.transition(tx, actor, declined._id, 'decline');

      const lapsed = await make(5, [item(2, 3)], { validUntil: inDays(-2) });
      await quoteType.transition(tx, actor, lapsed._id, 'mark-sent');
      await expireQuotes(tx, HARBOR_PINE_ID);
    }),
};
