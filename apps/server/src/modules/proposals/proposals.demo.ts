import { proposalInputSchema } from '@atelier/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customers } from '../customers';
import { revisionLineOf } from '../documents';
import { products, productVariants } from '../products';
import { stockLevels } from '../stock';
import { approveProposal } from './approval';
import { linkFor } from './proposal-links';
import { proposalType } from './proposals.service';
import { proposals } from './proposals.table';

// A drawn signature: a small PNG of a stroke (what the client's pad sends).
const DEMO_SIGNATURE = `data:image/png;base64,${'iVBORw0KGgoAAAANSUhEUgAAAKAAAAAwCAMAAAChd4FcAAACIlBMVEVMaXEeIyceIiceIigfIygfIygiIiIAAAAAAAAfIygeIygfIygeHiggICUeIygkJCQAPz8fIigfIygfIycfIygeIyceIigbJCQZGTMhISwgIicfIicfIigZJiYaKCgfIicfIScfIigfIyYfHx8fIygqKioVKioeIiceIiczMzMeJCceIygeIigdIiYeIyceIygeIycfIygeIigeJCkfIyceIygfJCgeIygeIiYeISkfJCkfIygkJCQfIicfIygfHyYfIigfIiceIygeIikeJCcfIigcHCoeIigeIyggIigjIysfIiceIyccISYAAAAfIycfIigfIygeIigfIiYfIygfIiYeIycfIykhISYeIygfIygeIiceIygdIicgJCgfIigeIycbIikcIiceIygeIiceIyceIicgIyYfIiceIyceJSUdIykfHyoeIygfIyccHBweIyggICceIiceIigeIScfIigeIigeIygdIycfIiggICkfIigeIicXLi4eIycfIiceIyceJiYfIiceIygeIigfIygeIigeIiceIyciIiIfIigeIiceIicfIycfIycdISkeIygfIiceHi0eIigfIycfIyggJSkeIycgJCgeIygeIicfJCggIykeISgeIicfIiceJCYfIigfIygeIicfIygeIigfIigfIygfIiceIygfIyceIygfJSUfIyceIygfIygeIigeIycfIigfIigfIigfIyiRtjyqAAAAtXRSTlMA6Prq/v0PAgH8ZpkZL6UHBN6QiKTnsBwKF2f7ixQT22JYSAhyBgx8uQVUlnc8p8mtyn5jQfBqMkJEMb0O9Dkoxc3YQ1WSEr6eXx3s4TUD7qrD8WnMSdpQLunS4mxvP+WgJS22jXT5T1q1IisY9/UJ1yfAv1upS5hO3R9wwQttaNkhlJ+F9oTG7xaxhs6zej3R8xH4e8Q+4EZklXFXTM+TXOSRqIN9Uoqi34AzKYFreYw6UbJZzWj97gAAAAlwSFlzAAALEwAACxMBAJqcGAAAAo5JREFUWMNjYBgFo2AUjIJRMOiAn/Lgdl9VTfOgdp+L/9atnrQzXrJEqEg+bysLY1RXt5Yc6fp5ArZu3cqkQiPX8Su4c25FAqwhws4CpBjAbmYK1NbgSxvnSfQxbsUEzNpx7MSaYKcP1MDCXUujtOMDcg+nu1GovRqDAI+5YksgE8SNC2WSiDEgWwyk2MmENs6TBZvuo9KJLKg2d1E0xI091ZIEDLASAaWOXCN+2rjPIh5oOqMCZoLj0J0PiXhOay5ZnNo1063BaZYvi0a5Q0oamHZc2XCUu0p8rWA3SmuoRHBgygvEaXuD5TN5aeQ8dhlQ8CnhUWFjXMwKietIvWA7NYQE27RYsSCwBJOIOa2KPgkDoPmGPIQKuLpAVljOFtXfrMfNLSKmHw8Tmd7mRbOiOccQaIGBBBEqxWfqRWIpiLYKztLlIM1OjsRlqUuEhXUW+BLOU5aiQCtkiC3qOHhni0SlIdyW5ugRnEhqigpdgShwmULKFfFVWPnCwHiTliLRBnHd9Awuri2bNoprkhxhqjEr0WOAs10dV/YqqwSlKGc6NiXCBSH1k4bQUh2dlAAnFlgyEbJQxYiuGVNBUhqS9HOeGx/YdctXw5MUm4m6A7T+t+2NsUI4kiNJPQwk6m3MQT/38YKCjzkWPWO4KfJ1wJLkvIS167i4Ujcki4L5k5vk6Bi9WrZAKz2wVgealq5hmMWDv5A4PVuyCsCoNK3ALd9YXyrPgtSMWjyHvl0HM6DlBYUEFNn0S63S5uZOWa+1hp2BviADWJ45yg7enooSsG3pwDZ43RcxcevWCYPYfZPkt26N9hq87mNP3ro1yH4Qd5WVE7ayhA/u0QbPKaMjQqNgFIyCUTAKRsGAAAAfrSPsjEziswAAAABJRU5ErkJggg=='}`;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Proposals: a kitchen-and-bath proposal sent for online approval (its client may approve the
 * rooms one by one, choose the counter and add the lighting), one its client approved and signed
 * online (through the same path a client's page takes: the order, the record, the signed PDF), and a
 * draft being written.
 */
export const proposalsDemo: Seed = {
  name: 'demo:proposals',
  run: (db, { storage, appUrl }) =>
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
        .limit(4);
      const people = await tx.select({ id: customers.id }).from(customers).orderBy(customers.createdAt).limit(8);
      if (items.length < 4 || people.length < 8) return;
      const item = (i: number, quantity: number, extra: Record<string, unknown> = {}) => ({
        item: { type: 'product', id: items[i]!.id },
        quantity,
        ...extra,
      });
      const labour = (name: string, hours: number) => ({
        name,
        quantity: hours,
        unitPriceCents: 9_500,
        taxClass: 'Labour',
      });

      const sent = await proposalType.create(
        tx,
        actor,
        proposalInputSchema.parse({
          customer: people[6]!.id,
          title: 'Kitchen and main bath refresh',
          validUntil: inDays(30),
          sectionApproval: true,
          sections: [
            {
              title: 'Kitchen',
              body: '<p>New shaker cabinet fronts, a quartz or marble counter, and a tiled splashback. We protect the floors and remove the old fronts.</p><ul><li>Two days of installation</li><li>Site left broom-clean each day</li></ul>',
              lines: [
                item(0, 6),
                item(1, 1, { group: 'Counter', chosen: true, description: 'Quartz, 3 cm' }),
                item(2, 1, { group: 'Counter', description: 'Marble, 2 cm' }),
                item(3, 2, { optional: true, description: 'Under-cabinet lighting' }),
                labour('Kitchen installation', 16),
              ],
            },
            {
              title: 'Main bath',
              body: '<p>Floor and shower tile, a new vanity and fittings. The bath stays in use until the second day.</p>',
              lines: [item(0, 4), labour('Tiling', 12)],
            },
          ],
        }),
      );
      await linkFor(tx, HARBOR_PINE_ID, actor.userId, { proposalId: sent._id }, sent.revision, inDays(30));
      await tx
        .update(proposals)
        .set({
          status: 'sent',
          sentAt: new Date(),
          sentLines: sent.sections
            .flatMap((s) => s.lines)
            .filter((l) => l.counted)
            .map(revisionLineOf),
        })
        .where(eq(proposals.id, sent._id));

      // Approved online by its client, through the page's own path.
      const won = await proposalType.create(
        tx,
        actor,
        proposalInputSchema.parse({
          customer: people[5]!.id,
          title: 'Powder room',
          validUntil: inDays(30),
          sections: [
            {
              title: 'Powder room',
              body: '<p>A wall-hung vanity, a new mirror and a tiled wall behind them.</p>',
              lines: [item(1, 1), item(0, 3), labour('Fitting', 6)],
            },
          ],
        }),
      );
      const link = await linkFor(tx, HARBOR_PINE_ID, actor.userId, { proposalId: won._id }, won.revision, inDays(30));
      await tx.update(proposals).set({ status: 'sent', sentAt: new Date() }).where(eq(proposals.id, won._id));
      await approveProposal(
        tx,
        { storage, appUrl },
        link.token,
        { name: 'Jordan Avery', signature: DEMO_SIGNATURE, acceptTerms: true, sections: null },
        { ip: '198.51.100.24', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148' },
      );

      await proposalType.create(
        tx,
        actor,
        proposalInputSchema.parse({
          customer: people[7]!.id,
          title: 'Mudroom built-ins',
          sections: [
            {
              title: 'Built-ins',
              body: '<p>Bench, cubbies and coat hooks in painted maple.</p>',
              lines: [labour('Joinery', 20)],
            },
          ],
        }),
      );
    }),
};
