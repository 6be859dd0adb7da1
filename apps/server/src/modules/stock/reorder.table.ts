import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, updatedAt } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { warehouses } from '../warehouses';

/**
 * Reorder levels: per warehouse, the stock of an item (a product without variants, a variant,
 * a material) at or below which low stock suggests ordering, and how much. In the item's unit,
 * to four decimals (e4). One per item and warehouse.
 *
 * `on_hand_e4` is the warehouse's on hand, kept by the ledger in the statement that moves it
 * (and proven by the nightly check), and `committed_e4` what confirmed orders hold of it (kept
 * by commitments), so low stock starts from the levels at or below their
 * point available, an index of a few, rather than reading every level and stock row of the firm.
 */
export const reorderLevels = pgTable(
  'reorder_levels',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id').references(() => materials.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull().generatedAlwaysAs(sql`COALESCE(variant_id, product_id, material_id)`),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    pointE4: bigint('point_e4', { mode: 'number' }).notNull(),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    onHandE4: bigint('on_hand_e4', { mode: 'number' }).notNull().default(0),
    // The warehouse's stock held for confirmed orders, kept with stock_levels' in the same statement.
    committedE4: bigint('committed_e4', { mode: 'number' }).notNull().default(0),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reorder_levels_item_uq').on(t.itemId, t.warehouseId),
    index('reorder_levels_product_idx').on(t.firmId, t.productId),
    index('reorder_levels_material_idx').on(t.materialId),
    // Low stock's candidates: the levels whose warehouse has no more than the point available.
    index('reorder_levels_low_idx').on(t.firmId, t.warehouseId).where(sql`on_hand_e4 - committed_e4 <= point_e4`),
    check(
      'reorder_levels_item_check',
      sql`(material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)`,
    ),
    check('reorder_levels_amounts_check', sql`point_e4 >= 0 AND quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);
