import type { Discount, LineMeasure, OrderLineKind } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { vendors } from '../vendors';

/**
 * The columns every priced document's line has (orders and quotes now; proposals and invoices
 * later): what it is, what it snapshots from the catalog when saved, and what the engine
 * (contracts/priced-documents.ts) made of it. Quantities are ten-thousandths; prices and totals
 * cents; a cost hundredths of a cent.
 */
export const documentLineColumns = () => ({
  position: integer('position').notNull(),
  kind: text('kind').$type<OrderLineKind>().notNull(),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
  variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'restrict' }),
  materialId: uuid('material_id').references(() => materials.id, { onDelete: 'restrict' }),
  // The stocked item (none for a special-order or free line).
  itemId: uuid('item_id').generatedAlwaysAs(sql`COALESCE(variant_id, product_id, material_id)`),
  specialVendorId: uuid('special_vendor_id').references(() => vendors.id, { onDelete: 'restrict' }),
  specialSku: text('special_sku').notNull().default(''),
  specialLeadDays: integer('special_lead_days').notNull().default(0),
  name: text('name').notNull(),
  sku: text('sku').notNull().default(''),
  description: text('description').notNull().default(''),
  unit: text('unit').notNull().default('each'),
  measure: jsonb('measure').$type<LineMeasure>(),
  basis: text('basis').array().notNull().default(sql`'{}'::text[]`),
  piecesE4: bigint('pieces_e4', { mode: 'number' }).notNull(),
  quantityE4: bigint('quantity_e4', { mode: 'number' }).notNull(),
  unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
  listPriceCents: bigint('list_price_cents', { mode: 'number' }).notNull(),
  priceSource: text('price_source').notNull().default('List price'),
  // Whether the price was typed (kept when the line is saved again), not the catalog's.
  priceEntered: boolean('price_entered').notNull().default(false),
  unitCostHc: bigint('unit_cost_hc', { mode: 'number' }).notNull().default(0),
  discount: jsonb('discount').$type<Discount>(),
  taxClass: text('tax_class').notNull(),
  taxRateBps: integer('tax_rate_bps').notNull().default(0),
  optional: boolean('optional').notNull().default(false),
  selected: boolean('selected').notNull().default(false),
  groupKey: text('group_key'),
  chosen: boolean('chosen').notNull().default(false),
  counted: boolean('counted').notNull().default(true),
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
  lineDiscountCents: bigint('line_discount_cents', { mode: 'number' }).notNull().default(0),
  orderDiscountCents: bigint('order_discount_cents', { mode: 'number' }).notNull().default(0),
  couponCents: bigint('coupon_cents', { mode: 'number' }).notNull().default(0),
  netCents: bigint('net_cents', { mode: 'number' }).notNull(),
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
});

/**
 * The totals every priced document keeps with its lines (the engine's sums), and how many lines
 * it has: what its lists sort and show without reading the lines.
 */
export const documentTotalsColumns = () => ({
  shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
  subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
  lineDiscountCents: bigint('line_discount_cents', { mode: 'number' }).notNull().default(0),
  orderDiscountCents: bigint('order_discount_cents', { mode: 'number' }).notNull().default(0),
  discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  lineCount: integer('line_count').notNull().default(0),
});

/** The checks every document line table has, named after it. */
export const documentLineChecks = (table: string) => [
  check(
    `${table}_kind_check`,
    // constant SQL: a check written in our code.
    sql.raw(`(kind = 'item' AND (material_id IS NULL) <> (product_id IS NULL) AND (variant_id IS NULL OR product_id IS NOT NULL)
      AND special_vendor_id IS NULL)
      OR (kind = 'special' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NOT NULL)
      OR (kind = 'text' AND product_id IS NULL AND variant_id IS NULL AND material_id IS NULL AND special_vendor_id IS NULL)`),
  ),
  check(
    `${table}_numbers_check`,
    sql`quantity_e4 > 0 AND pieces_e4 > 0 AND unit_price_cents >= 0 AND subtotal_cents >= 0 AND net_cents >= 0
      AND tax_cents >= 0 AND line_discount_cents >= 0 AND order_discount_cents >= 0 AND coupon_cents >= 0`,
  ),
];
