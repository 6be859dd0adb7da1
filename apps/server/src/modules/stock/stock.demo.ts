import { eq, sql } from 'drizzle-orm';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed, seededRandom } from '../../platform/seeds/seeds';
import { materials } from '../materials';
import { products } from '../products';
import { createWarehouse, warehouses } from '../warehouses';
import { checkStock } from './check.service';
import { createCount, postCount, saveCountLines } from './counts.service';
import type { StockItem } from './items';
import { type MovementLine, postMovements } from './ledger.service';
import { setReorderLevels } from './reorder.service';
import { reorderLevels } from './reorder.table';
import { stockPolicies } from './stock.table';
import { createTransfer, finishTransfer } from './transfers.service';

/**
 * Today's stock, explained by its movements: opening balances of what the firm keeps in stock
 * (tile and hardware at the home warehouse, a few at the showroom; materials at home), a few
 * hand adjustments with their reasons, a transfer received and one on the road. A handful of
 * items are below their reorder point.
 */
export const stockDemo: Seed = {
  name: 'demo:stock',
  run: (db) =>
    inScope(db, { firmId: HARBOR_PINE_ID }, async (tx) => {
      const r = seededRandom(20261127);
      const { actor } = await demoStaff(tx, HARBOR_PINE_ID);
      const [home] = await tx.select().from(warehouses).where(eq(warehouses.isDefault, true));
      if (!home) return;
      const showroom = await createWarehouse(tx, actor, {
        name: 'Showroom floor',
        address: home.address,
        isDefault: false,
      });
      // Tile and hardware are kept in stock: the home warehouse reorders them below a level.
      // Boxes of tile by the pallet's worth, small hardware by the hundred; materials by the dozen.
      const kept = await tx.execute<{ id: string; unit: string; price: number }>(sql`
        SELECT p.id, p.unit, p.price_cents AS price FROM products p
          JOIN categories c ON c.id = p.category_id LEFT JOIN categories top ON top.id = c.parent_id
         WHERE COALESCE(top.name, c.name) IN ('Tile', 'Hardware')
           AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
         ORDER BY p.sku`);
      for (const p of kept.rows) {
        const [point, quantity] = p.unit === 'box' ? [20, 60] : Number(p.price) < 100 ? [200, 1000] : [10, 40];
        await setReorderLevels(tx, actor, 'product', p.id, {
          levels: [{ warehouse: home.id, variant: null, point, quantity }],
        });
      }
      const stocked = await tx
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          cost: products.costHc,
          point: reorderLevels.pointE4,
        })
        .from(reorderLevels)
        .innerJoin(products, eq(products.id, reorderLevels.productId))
        .where(eq(reorderLevels.warehouseId, home.id))
        .orderBy(products.sku);
      const item = (p: { id: string; name: string; sku: string }): StockItem => ({
        type: 'product',
        itemId: p.id,
        productId: p.id,
        variantId: null,
        materialId: null,
        name: p.name,
        sku: p.sku,
      });
      const at = (w: { id: string; name: string }) => ({ warehouseId: w.id, warehouseName: w.name });
      const opening: MovementLine[] = stocked.map((p, i) => ({
        item: item(p),
        ...at(home),
        // Every seventh is low: at or below its reorder point. The rest hold 1½ to 4 times it.
        quantityE4:
          i % 7 === 3
            ? Math.round(p.point * 0.6) || 10_000
            : Math.round((p.point * (1.5 + r.next() * 2.5)) / 10_000) * 10_000,
        reason: 'opening',
        unitCostHc: p.cost,
        note: 'Stock when the firm moved to Atelier',
      }));
      const stuff = await tx
        .select({ id: materials.id, name: materials.name, sku: materials.sku, cost: materials.costHc })
        .from(materials)
        .orderBy(materials.sku);
      for (const m of stuff) {
        await setReorderLevels(tx, actor, 'material', m.id, {
          levels: [{ warehouse: home.id, variant: null, point: 10, quantity: 24 }],
        });
        opening.push({
          item: {
            type: 'material',
            itemId: m.id,
            productId: null,
            variantId: null,
            materialId: m.id,
            name: m.name,
            sku: m.sku,
          },
          ...at(home),
          quantityE4: (2 + r.int(0, 17)) * 10_000,
          reason: 'opening',
          unitCostHc: m.cost,
          note: 'Stock when the firm moved to Atelier',
        });
      }
      await postMovements(tx, actor, opening);
      // Breakage and a found box, as the warehouse recorded them.
      const adjust = (p: (typeof stocked)[number], quantity: number, note: string): MovementLine => ({
        item: item(p),
        ...at(home),
        quantityE4: quantity * 10_000,
        reason: 'adjustment',
        note,
      });
      const plenty = stocked.filter((_, i) => i % 7 !== 3);
      if (plenty.length >= 3)
        await postMovements(tx, actor, [
          adjust(plenty[0]!, -2, 'Two boxes broken unloading the truck'),
          adjust(plenty[1]!, -1, 'Display sample taken for the showroom'),
          adjust(plenty[2]!, 1, 'Found on the wrong shelf at the cycle count'),
        ]);
      // Display stock went to the showroom; more is on its way there.
      const line = (p: (typeof stocked)[number], quantity: number) => ({
        item: { type: 'product' as const, id: p.id },
        quantity,
      });
      if (plenty.length >= 8) {
        const sent = await createTransfer(tx, actor, {
          from: home.id,
          to: showroom._id,
          note: 'Display stock for the new tile wall',
          receiveNow: false,
          lines: [line(plenty[3]!, 4), line(plenty[4]!, 4), line(plenty[5]!, 2)],
        });
        await finishTransfer(tx, actor, sent._id, 'received');
        await createTransfer(tx, actor, {
          from: home.id,
          to: showroom._id,
          note: 'Hardware samples for the design desk',
          receiveNow: false,
          lines: [line(plenty[6]!, 2), line(plenty[7]!, 3)],
        });
      }
      // The showroom floor was counted: one display box was missing.
      const sheet = await createCount(tx, actor, { warehouse: showroom._id, note: 'Month-end count' });
      if (sheet.lines.length)
        await saveCountLines(tx, actor, sheet._id, {
          lines: sheet.lines.map((l, i) => ({
            item: { type: l.item.type, id: l.item._id },
            counted: i === 0 ? Math.max(l.expected - 1, 0) : l.expected,
          })),
        });
      if (sheet.lines.length) await postCount(tx, actor, sheet._id);
      // One the vendor restocks weekly is sold on backorder: its stock may go below zero.
      if (plenty[8])
        await tx.insert(stockPolicies).values({ firmId: HARBOR_PINE_ID, productId: plenty[8].id, allowNegative: true });
      // And the proof that all of it adds up, as the nightly check keeps it.
      await checkStock(tx, HARBOR_PINE_ID);
    }),
};
