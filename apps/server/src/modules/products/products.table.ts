import type { CoverageUnit, PricingMode, ProductStatus, ProductTemplateFields, SellUnit } from '@atelier/contracts';
import { COVERAGE_UNITS, PRICING_MODES, PRODUCT_STATUSES, SELL_UNITS, SETTINGS_KINDS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, firmId, firmIsolation, id, oneOf, recordColumns, updatedAt, version } from '../../db/columns';
import { files } from '../../platform/files/files.table';
import { firms } from '../../platform/identity/firms.table';
import { registerReference } from '../../platform/records/references';
import { categories } from '../categories';
import { registerFilterValueColumn } from '../filters';

/**
 * A product the firm sells. Money is integer cents; a cost is hundredths of a cent (a screw at
 * $0.043 is 430); measures (coverage, dimensions, the pricing minimum and increment) are
 * ten-thousandths, so prices and quantities are computed exactly (contracts/pricing.ts).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull().generatedAlwaysAs(sql`lower(sku)`),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    status: text('status').$type<ProductStatus>().notNull().default('active'),
    unit: text('unit').$type<SellUnit>().notNull(),
    coverageE4: bigint('coverage_e4', { mode: 'number' }),
    coverageUnit: text('coverage_unit').$type<CoverageUnit>(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    compareAtCents: bigint('compare_at_cents', { mode: 'number' }),
    costHc: bigint('cost_hc', { mode: 'number' }).notNull().default(0),
    taxClass: text('tax_class').notNull(),
    pricingMode: text('pricing_mode').$type<PricingMode>().notNull().default('unit'),
    pricingMinE4: bigint('pricing_min_e4', { mode: 'number' }).notNull().default(0),
    pricingIncE4: bigint('pricing_inc_e4', { mode: 'number' }).notNull().default(0),
    widthE4: bigint('width_e4', { mode: 'number' }),
    heightE4: bigint('height_e4', { mode: 'number' }),
    depthE4: bigint('depth_e4', { mode: 'number' }),
    weightE4: bigint('weight_e4', { mode: 'number' }),
    // Its options in order (finish, width…), each with its values in order; variants name one value of each.
    options: jsonb('options').$type<{ name: string; values: string[] }[]>().notNull().default([]),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    // Its own filter values (facets), and with its variants' (not archived) added: what the store's
    // facets and the list's filter match. `facet_ids` is kept by triggers (migration 0026).
    filterValueIds: uuid('filter_value_ids').array().notNull().default(sql`'{}'::uuid[]`),
    facetIds: uuid('facet_ids').array().notNull().default(sql`'{}'::uuid[]`),
    // Lower-cased name, SKU and tags: what `q` and global search match.
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('products_name_idx').on(t.firmId, t.nameKey, t.id),
    index('products_sku_idx').on(t.firmId, t.skuKey, t.id),
    index('products_price_idx').on(t.firmId, t.priceCents, t.id),
    index('products_category_idx').on(t.firmId, t.categoryId),
    index('products_created_idx').on(t.firmId, t.createdAt, t.id),
    index('products_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('products_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    index('products_facets_idx').using('gin', t.firmId, t.facetIds),
    // The few archived: what stock and purchasing lists leave out ("and not archived") is found at once.
    index('products_archived_idx').on(t.firmId, t.id).where(sql`archived_at IS NOT NULL`),
    check('products_status_check', oneOf('status', PRODUCT_STATUSES)),
    check('products_unit_check', oneOf('unit', SELL_UNITS)),
    check('products_pricing_mode_check', oneOf('pricing_mode', PRICING_MODES)),
    check(
      'products_coverage_check',
      sql`(coverage_e4 IS NULL) = (coverage_unit IS NULL) AND (coverage_e4 IS NULL OR coverage_e4 > 0)
        AND (coverage_unit IS NULL OR ${oneOf('coverage_unit', COVERAGE_UNITS)})`,
    ),
    check(
      'products_money_check',
      sql`price_cents >= 0 AND cost_hc >= 0 AND (compare_at_cents IS NULL OR compare_at_cents >= 0)`,
    ),
    firmIsolation(t.firmId),
  ],
);

// A deleted category's products move to the one chosen, with their history.
registerReference(SETTINGS_KINDS.category, {
  table: products,
  column: products.categoryId,
  noun: 'product',
  entityType: 'product',
  field: 'category',
});

/**
 * A product's variant: one value of each of its options (in their order), with a SKU of its
 * own, and a price, cost and barcode of its own where they differ from the product's (null:
 * the product's). `combo_key` keeps a combination once per product.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    values: text('values').array().notNull(),
    comboKey: text('combo_key').notNull(),
    sku: text('sku').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }),
    costHc: bigint('cost_hc', { mode: 'number' }),
    barcode: text('barcode').notNull().default(''),
    filterValueIds: uuid('filter_value_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** One of its product's images, shown for it (a finish's swatch); null: the product's primary one. */
    imageId: uuid('image_id').references((): AnyPgColumn => productImages.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_combo_uq').on(t.productId, t.comboKey),
    index('product_variants_product_idx').on(t.firmId, t.productId, t.position),
    // An image's delete sets its variants' image to null: this finds them.
    index('product_variants_image_idx').on(t.imageId).where(sql`image_id IS NOT NULL`),
    index('product_variants_archived_idx').on(t.firmId, t.id).where(sql`archived_at IS NOT NULL`),
    check(
      'product_variants_money_check',
      sql`(price_cents IS NULL OR price_cents >= 0) AND (cost_hc IS NULL OR cost_hc >= 0)`,
    ),
    firmIsolation(t.firmId),
  ],
);

// A filter value products or variants carry is in use; taking it off them keeps their facets right.
registerFilterValueColumn({ table: products, column: products.filterValueIds, noun: 'product' });
registerFilterValueColumn({ table: productVariants, column: productVariants.filterValueIds, noun: 'variant' });

/**
 * Every SKU of the firm, whatever carries it (a product now; variants and materials with the
 * catalog's next parts): one unique index makes a SKU the firm's once, even when two people save
 * it at the same moment. Each row goes with what carries it.
 */
export const skus = pgTable(
  'skus',
  {
    firmId: firmId(() => firms.id),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull().generatedAlwaysAs(sql`lower(sku)`),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    // The materials module's table is below this one in the layers: its key is checked by a constraint there.
    materialId: uuid('material_id'),
  },
  (t) => [
    uniqueIndex('skus_firm_key_uq').on(t.firmId, t.skuKey),
    index('skus_product_idx').on(t.productId),
    index('skus_variant_idx').on(t.variantId),
    index('skus_material_idx').on(t.materialId),
    check('skus_owner_check', sql`num_nonnulls(product_id, variant_id, material_id) = 1`),
    firmIsolation(t.firmId),
  ],
);

/**
 * A product template (code 74): the fields, filters and options a new product starts with
 * ("Base cabinet", "Slab countertop"), checked like a product's when saved.
 */
export const productTemplates = pgTable(
  'product_templates',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    fields: jsonb('fields').$type<ProductTemplateFields>().notNull(),
    updatedBy: uuid('updated_by'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('product_templates_name_uq').on(t.firmId, t.nameKey), firmIsolation(t.firmId)],
);

/**
 * A product's image, in order (the first is the primary one). Its bytes were decoded and
 * re-encoded on upload (metadata stripped) and a thumbnail made: both are files of the firm.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    thumbFileId: uuid('thumb_file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.firmId, t.productId, t.position), firmIsolation(t.firmId)],
);
