import { KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, updatedAt, version } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { vendors } from './vendors.table';

/**
 * What a vendor sells the firm: one product (without variants), variant or material, at a cost
 * per unit (hundredths of a cent), by the pack. One vendor per item is the preferred one.
 */
export const vendorItems = pgTable(
  'vendor_items',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'restrict' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id').references(() => materials.id, { onDelete: 'cascade' }),
    // The one of the three it is, stored: lookups by item use plain indexes (row-level security
    // keeps the planner from an expression index under a COALESCE condition).
    itemId: uuid('item_id').notNull().generatedAlwaysAs(sql`COALESCE(variant_id, product_id, material_id)`),
    vendorSku: text('vendor_sku').notNull().default(''),
    costHc: bigint('cost_hc', { mode: 'number' }).notNull(),
    packSize: integer('pack_size').notNull().default(1),
    minimumPacks: integer('minimum_packs').notNull().default(1),
    leadTimeDays: integer('lead_time_days'),
    preferred: boolean('preferred').notNull().default(false),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An item once per vendor, and one preferred vendor per item.
    uniqueIndex('vendor_items_vendor_item_uq').on(t.vendorId, t.itemId),
    uniqueIndex('vendor_items_preferred_uq').on(t.firmId, t.itemId).where(sql`preferred`),
    index('vendor_items_product_idx').on(t.productId),
    index('vendor_items_variant_idx').on(t.variantId),
    index('vendor_items_material_idx').on(t.materialId),
    check('vendor_items_item_check', sql`num_nonnulls(product_id, variant_id, material_id) = 1`),
    check('vendor_items_numbers_check', sql`cost_hc >= 0 AND pack_size >= 1 AND minimum_packs >= 1`),
    firmIsolation(t.firmId),
  ],
);

// A vendor that sells the firm anything cannot be deleted (archive it instead).
registerReference(KINDS.vendor, { table: vendorItems, column: vendorItems.vendorId, noun: 'item' });
