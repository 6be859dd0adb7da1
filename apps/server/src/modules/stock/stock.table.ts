import { KINDS, STOCK_COUNT_STATUSES, STOCK_REASONS, STOCK_TRANSFER_STATUSES } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, updatedAt } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { warehouses } from '../warehouses';

/**
 * What a stock row is of: a product without variants (product only), a variant (its product and
 * itself), or a material. `item_id` is the one that is stocked, the key of the summaries.
 */
const itemColumns = () => ({
  productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
  variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
  materialId: uuid('material_id').references(() => materials.id, { onDelete: 'restrict' }),
  itemId: uuid('item_id').notNull().generatedAlwaysAs(sql`COALESCE(variant_id, product_id, material_id)`),
});
const itemCheck = (table: string) =>
  check(
    `${table}_item_check`,
    sql`(material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)`,
  );

/**
 * The ledger: every change of stock, never edited or deleted (a mistake is corrected by another
 * movement). Quantities are ten-thousandths of the item's unit; costs hundredths of a cent.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    ...itemColumns(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    unitCostHc: bigint('unit_cost_hc', { mode: 'number' }),
    // The document behind it (a purchase order, a transfer, a count…): its entity type, id and label then.
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    sourceLabel: text('source_label'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    // A product's (its variants' too) or a material's history; each row is in one of the two.
    index('stock_movements_product_idx')
      .on(t.firmId, t.productId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`product_id IS NOT NULL`),
    index('stock_movements_material_idx')
      .on(t.firmId, t.materialId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`material_id IS NOT NULL`),
    index('stock_movements_warehouse_idx').on(t.firmId, t.warehouseId, t.createdAt.desc().nullsFirst(), t.id),
    index('stock_movements_source_idx').on(t.sourceId).where(sql`source_id IS NOT NULL`),
    itemCheck('stock_movements'),
    check('stock_movements_quantity_check', sql`quantity_e4 <> 0`),
    check('stock_movements_reason_check', oneOf('reason', STOCK_REASONS)),
    firmIsolation(t.firmId),
  ],
);

/** On hand per item and warehouse: the ledger's sum, kept in the transaction of each movement. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    firmId: firmId(() => firms.id),
    ...itemColumns(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    onHandE4: bigint('on_hand_e4', { mode: 'number' }).notNull().default(0),
    // Held for confirmed orders not yet delivered: available is on hand less this.
    committedE4: bigint('committed_e4', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.warehouseId] }),
    check('stock_levels_committed_check', sql`committed_e4 >= 0`),
    index('stock_levels_warehouse_idx').on(t.firmId, t.warehouseId),
    index('stock_levels_product_idx').on(t.productId),
    itemCheck('stock_levels'),
    firmIsolation(t.firmId),
  ],
);

/**
 * Per item across the firm's warehouses: on hand in all of them and the moving-average cost.
 * Every movement of an item locks its row first, so an item's movements take turns.
 */
export const stockItems = pgTable(
  'stock_items',
  {
    itemId: uuid('item_id').primaryKey(),
    firmId: firmId(() => firms.id),
    onHandE4: bigint('on_hand_e4', { mode: 'number' }).notNull().default(0),
    averageCostHc: bigint('average_cost_hc', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('stock_items_cost_check', sql`average_cost_hc >= 0`), firmIsolation(t.firmId)],
);

/** A product's or material's own inventory policy (103): whether it may go below zero. */
export const stockPolicies = pgTable(
  'stock_policies',
  {
    firmId: firmId(() => firms.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id').references(() => materials.id, { onDelete: 'cascade' }),
    allowNegative: boolean('allow_negative').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_policies_item_uq').on(sql`COALESCE(${t.productId}, ${t.materialId})`),
    check('stock_policies_item_check', sql`num_nonnulls(product_id, material_id) = 1`),
    firmIsolation(t.firmId),
  ],
);

/** Stock on its way from one warehouse to another: out at dispatch, in at receipt. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    fromWarehouseId: uuid('from_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    toWarehouseId: uuid('to_warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('in_transit'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_transfers_number_uq').on(t.firmId, t.number),
    index('stock_transfers_open_idx').on(t.firmId, t.toWarehouseId).where(sql`status = 'in_transit'`),
    check('stock_transfers_status_check', oneOf('status', STOCK_TRANSFER_STATUSES)),
    check('stock_transfers_places_check', sql`from_warehouse_id <> to_warehouse_id`),
    firmIsolation(t.firmId),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    ...itemColumns(),
    quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('stock_transfer_lines_transfer_idx').on(t.transferId),
    index('stock_transfer_lines_item_idx').on(t.firmId, t.itemId),
    itemCheck('stock_transfer_lines'),
    check('stock_transfer_lines_quantity_check', sql`quantity_e4 > 0`),
    firmIsolation(t.firmId),
  ],
);

/** A count sheet: what a warehouse held when it was made, counted, reviewed, then posted as count movements. */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    number: integer('number').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('open'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: uuid('posted_by'),
  },
  (t) => [
    uniqueIndex('stock_counts_number_uq').on(t.firmId, t.number),
    check('stock_counts_status_check', oneOf('status', STOCK_COUNT_STATUSES)),
    firmIsolation(t.firmId),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    ...itemColumns(),
    expectedE4: bigint('expected_e4', { mode: 'number' }).notNull(),
    countedE4: bigint('counted_e4', { mode: 'number' }),
    // What posting the count moved (counted less what the ledger said then).
    postedE4: bigint('posted_e4', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('stock_count_lines_item_uq').on(t.countId, t.itemId),
    itemCheck('stock_count_lines'),
    check('stock_count_lines_counted_check', sql`counted_e4 IS NULL OR counted_e4 >= 0`),
    firmIsolation(t.firmId),
  ],
);

/** The last proof that every summary equals its ledger (nightly, or asked for). */
export const stockChecks = pgTable(
  'stock_checks',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    levels: integer('levels').notNull(),
    drift: integer('drift').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_checks_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst()), firmIsolation(t.firmId)],
);

// A product or material with stock history cannot be deleted (archive it instead): the ledger keeps it.
registerReference(KINDS.product, { table: stockMovements, column: stockMovements.productId, noun: 'stock movement' });
registerReference(KINDS.raw_material, {
  table: stockMovements,
  column: stockMovements.materialId,
  noun: 'stock movement',
});
