import { SETTINGS_KINDS, type VendorItem, type vendorItemInputSchema } from '@atelier/contracts';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, HttpError, isUniqueViolation, notFound } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { materials } from '../materials';
import { products, productType, productVariants } from '../products';
import { vendorItems } from './vendor-items.table';
import { vendors } from './vendors.table';

// The products list's `filter[vendor][]`: products any of these vendors sell, themselves or by a variant.
productType.addListFilter('vendor', (values) => {
  if (values.some((v) => !isUuid(v)))
    throw badRequest('Not a valid vendor.', { 'filter.vendor': 'Not a valid vendor.' });
  return sql`EXISTS (SELECT 1 FROM ${vendorItems} vi LEFT JOIN ${productVariants} v ON v.id = vi.variant_id
    WHERE vi.vendor_id = ANY(${sql.param(values)}::uuid[])
      AND (vi.product_id = ${qualified(products.id)} OR v.product_id = ${qualified(products.id)}))`;
});

type Input = z.output<typeof vendorItemInputSchema>;
type Row = typeof vendorItems.$inferSelect;
const kind = SETTINGS_KINDS.vendorItem;

const variantProductName = sql`(SELECT vp.name FROM ${products} vp WHERE vp.id = ${productVariants.productId})`;

/** The items with their vendor and what they sell, by name and SKU, in one read. */
function select(where: SQL | undefined) {
  return (db: Executor) =>
    db
      .select({
        row: vendorItems,
        vendorName: vendors.name,
        vendorLead: vendors.leadTimeDays,
        kind: sql<'product' | 'variant' | 'material'>`CASE WHEN ${vendorItems.productId} IS NOT NULL THEN 'product'
          WHEN ${vendorItems.variantId} IS NOT NULL THEN 'variant' ELSE 'material' END`,
        itemId: vendorItems.itemId,
        name: sql<string>`coalesce(${products.name}, ${materials.name},
          ${variantProductName} || ' ' || array_to_string(${productVariants.values}, ' / '))`,
        sku: sql<string>`coalesce(${products.sku}, ${productVariants.sku}, ${materials.sku})`,
        href: sql<string>`CASE WHEN ${vendorItems.materialId} IS NOT NULL THEN '/p/materials/' || ${vendorItems.materialId}
          WHEN ${vendorItems.variantId} IS NOT NULL THEN '/p/products/' || ${productVariants.productId} || '/variants'
          ELSE '/p/products/' || ${vendorItems.productId} END`,
      })
      .from(vendorItems)
      .innerJoin(vendors, eq(vendors.id, vendorItems.vendorId))
      .leftJoin(products, eq(products.id, vendorItems.productId))
      .leftJoin(productVariants, eq(productVariants.id, vendorItems.variantId))
      .leftJoin(materials, eq(materials.id, vendorItems.materialId))
      .where(where)
      .orderBy(asc(vendors.nameKey), asc(vendorItems.createdAt));
}

type Read = Awaited<ReturnType<ReturnType<typeof select>>>[number];
const view = (r: Read): VendorItem => ({
  _id: r.row.id,
  vendor: { _id: r.row.vendorId, name: r.vendorName },
  item: { kind: r.kind, _id: r.itemId, name: r.name, sku: r.sku, href: r.href },
  vendorSku: r.row.vendorSku,
  costCents: r.row.costHc / 100,
  packSize: r.row.packSize,
  minimumPacks: r.row.minimumPacks,
  leadTimeDays: r.row.leadTimeDays,
  effectiveLeadTimeDays: r.row.leadTimeDays ?? r.vendorLead,
  preferred: r.row.preferred,
  version: r.row.version,
  createdAt: r.row.createdAt.toISOString(),
  updatedAt: r.row.updatedAt.toISOString(),
});

/** GET /vendor-items: a vendor's items, or the vendors of a product (and its variants) or a material. */
export async function listVendorItems(
  db: Executor,
  filter: { vendor?: string | undefined; product?: string | undefined; material?: string | undefined },
) {
  const conditions = [
    filter.vendor ? eq(vendorItems.vendorId, filter.vendor) : undefined,
    filter.product
      ? sql`(${vendorItems.productId} = ${filter.product} OR ${productVariants.productId} = ${filter.product})`
      : undefined,
    filter.material ? eq(vendorItems.materialId, filter.material) : undefined,
  ];
  return (await select(and(...conditions))(db)).map(view);
}

export async function getVendorItem(db: Executor, id: string): Promise<VendorItem> {
  const [found] = isUuid(id) ? await select(eq(vendorItems.id, id))(db) : [];
  if (!found) throw notFound('This vendor item does not exist.');
  return view(found);
}

async function findRow(db: Executor, id: string): Promise<Row> {
  const [row] = isUuid(id) ? await db.select().from(vendorItems).where(eq(vendorItems.id, id)).for('update') : [];
  if (!row) throw notFound('This vendor item does not exist.');
  return row;
}

/** The checks beyond the schema: one thing bought, each the firm's, a product with variants bought by variant. */
async function checked(db: Executor, input: Input) {
  const given = [input.product, input.variant, input.material].filter(Boolean);
  if (given.length !== 1)
    throw badRequest('Choose one product, variant or material.', {
      product: 'Choose one product, variant or material.',
    });
  const exists = async (table: typeof products | typeof productVariants | typeof materials, id: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, input.vendor));
  if (!vendor) throw badRequest('Choose a vendor from the list.', { vendor: 'Choose a vendor from the list.' });
  if (input.product) {
    if (!(await exists(products, input.product)))
      throw badRequest('Choose a product from the list.', { product: 'Choose a product from the list.' });
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(and(eq(productVariants.productId, input.product), isNull(productVariants.archivedAt)))) as [{ n: number }];
    if (n > 0)
      throw badRequest('A product with variants is bought by variant: choose the variant.', {
        product: 'Choose one of its variants instead.',
      });
  }
  if (input.variant && !(await exists(productVariants, input.variant)))
    throw badRequest('Choose a variant from the list.', { variant: 'Choose a variant from the list.' });
  if (input.material && !(await exists(materials, input.material)))
    throw badRequest('Choose a material from the list.', { material: 'Choose a material from the list.' });
  return {
    vendorId: input.vendor,
    productId: input.product,
    variantId: input.variant,
    materialId: input.material,
    vendorSku: input.vendorSku,
    costHc: Math.round(input.costCents * 100),
    packSize: input.packSize,
    minimumPacks: input.minimumPacks,
    leadTimeDays: input.leadTimeDays,
    preferred: input.preferred,
  };
}

/** Making one vendor the preferred one of an item takes the flag from the others. */
async function clearPreferred(db: Executor, values: Awaited<ReturnType<typeof checked>>, except?: string) {
  const item = values.productId ?? values.variantId ?? values.materialId!;
  await db
    .update(vendorItems)
    .set({ preferred: false, version: sql`${vendorItems.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(vendorItems.itemId, item),
        eq(vendorItems.preferred, true),
        except ? ne(vendorItems.id, except) : undefined,
      ),
    );
}

const sold = () =>
  new HttpError(409, 'conflict', 'This vendor already sells you that item: edit the one there is.', {
    vendor: 'This vendor already sells you that item.',
  });

const audited = (v: VendorItem) => ({
  vendor: v.vendor.name,
  item: v.item.name,
  vendorSku: v.vendorSku,
  costCents: v.costCents,
  packSize: v.packSize,
  minimumPacks: v.minimumPacks,
  leadTimeDays: v.leadTimeDays,
  preferred: v.preferred,
});

export async function createVendorItem(db: Executor, actor: Actor, input: Input): Promise<VendorItem> {
  const values = await checked(db, input);
  if (values.preferred) await clearPreferred(db, values);
  const [row] = await db
    .insert(vendorItems)
    .values({ ...values, firmId: actor.firmId, updatedBy: actor.userId })
    .returning()
    .catch((error) => {
      throw isUniqueViolation(error) ? sold() : error;
    });
  const made = await getVendorItem(db, row!.id);
  await recordAudit(db, actor, { entityType: kind.key, entityId: row!.id, action: 'create', after: audited(made) });
  return made;
}

export async function updateVendorItem(
  db: Executor,
  actor: Actor,
  id: string,
  input: Input & { version: number },
): Promise<VendorItem> {
  const before = await getVendorItem(db, (await findRow(db, id)).id);
  const values = await checked(db, input);
  if (values.preferred) await clearPreferred(db, values, id);
  await updateVersioned(db, actor, vendorItems, id, input.version, kind.noun, values).catch((error) => {
    throw isUniqueViolation(error) ? sold() : error;
  });
  const after = await getVendorItem(db, id);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: after.version,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

export async function deleteVendorItem(db: Executor, actor: Actor, id: string): Promise<void> {
  const before = await getVendorItem(db, (await findRow(db, id)).id);
  await db.delete(vendorItems).where(eq(vendorItems.id, id));
  await recordAudit(db, actor, { entityType: kind.key, entityId: id, action: 'delete', before: audited(before) });
}
