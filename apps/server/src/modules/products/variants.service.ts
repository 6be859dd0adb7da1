import {
  MAX_ASSIGNED_FILTER_VALUES,
  MAX_VARIANTS,
  type ProductOption,
  type productOptionsInputSchema,
  type Variant,
  type variantsCreateSchema,
  type variantsEditSchema,
  type variantsFilterValuesSchema,
  type variantsImageSchema,
  type variantsRepriceSchema,
} from '@atelier/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type AuditEntry, recordAudits } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict, HttpError } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { assertFilterValues } from '../filters';
import { productType } from './products.service';
import { productImages, products, productVariants } from './products.table';
import { claimSku, skuTaken } from './skus';

const stockedByVariant: ((db: Executor, productIds: string[]) => Promise<void>)[] = [];
/**
 * Runs in the transaction that gives products their first variants, from when they are stocked
 * by variant: the stock module takes off the products' own reorder levels (it depends on
 * products, so it hooks in rather than being called).
 */
export function onStockedByVariant(hook: (db: Executor, productIds: string[]) => Promise<void>) {
  stockedByVariant.push(hook);
}

/** Tells the hooks these products have just been given their first variants (an import gives many at once). */
export async function stockedByVariantNow(db: Executor, productIds: string[]) {
  if (productIds.length) for (const hook of stockedByVariant) await hook(db, productIds);
}

type VariantRow = typeof productVariants.$inferSelect;
type ProductRow = Awaited<ReturnType<typeof productType.findRow>>;

/** A combination's key: its values, case aside, so "Walnut" and "walnut" are one. */
export const comboKey = (values: string[]) => values.map((v) => v.toLowerCase()).join('\u241f');
const nameOf = (values: string[]) => values.join(' / ');

const view = (row: VariantRow): Variant => ({
  _id: row.id,
  values: row.values,
  name: nameOf(row.values),
  sku: row.sku,
  priceCents: row.priceCents,
  costCents: row.costHc === null ? null : row.costHc / 100,
  barcode: row.barcode,
  filterValues: row.filterValueIds,
  image: row.imageId,
  archived: row.archivedAt !== null,
  version: row.version,
});

/** The product's variants, in the order they were made (archived ones too, marked). */
export async function listVariants(db: Executor, productId: string): Promise<Variant[]> {
  await productType.findRow(db, productId);
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.createdAt));
  return rows.map(view);
}

/** One history entry on the product for a change to its variants: what changed, by variant. */
const entry = (product: ProductRow, action: string, changes: Record<string, [unknown, unknown]>): AuditEntry => ({
  entityType: 'product',
  entityId: product.id,
  action,
  before: Object.fromEntries(Object.entries(changes).map(([k, [b]]) => [k, b])),
  after: Object.fromEntries(Object.entries(changes).map(([k, [, a]]) => [k, a])),
});

/**
 * PUT /products/{id}/options. While the product has variants, its options keep their number and
 * order (each variant names one value of each); a value that active variants use may go only
 * with `archiveVariants`, which archives them.
 */
export async function saveOptions(
  db: Executor,
  actor: Actor,
  productId: string,
  input: z.output<typeof productOptionsInputSchema>,
) {
  const product = await productType.findRow(db, productId, true);
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for('update');
  const options: ProductOption[] = input.options;
  if (variants.length > 0 && options.length !== product.options.length)
    throw conflict(
      `${product.name} has variants, and each names one value of each option: its options stay ${product.options.length}. Rename them or change their values.`,
    );
  const kept = (v: VariantRow) =>
    v.values.every((value, i) => options[i]?.values.some((o) => o.toLowerCase() === value.toLowerCase()));
  const dropped = variants.filter((v) => v.archivedAt === null && !kept(v));
  if (dropped.length && !input.archiveVariants) {
    const message = `${dropped.length} variant${dropped.length === 1 ? ' uses' : 's use'} a value you removed (${nameOf(dropped[0]!.values)}${dropped.length > 1 ? '…' : ''}). Archive ${dropped.length === 1 ? 'it' : 'them'} with the value, or keep the value.`;
    throw new HttpError(409, 'conflict', message, { options: message });
  }
  if (dropped.length)
    await db
      .update(productVariants)
      .set({ archivedAt: sql`now()`, version: sql`${productVariants.version} + 1`, updatedAt: sql`now()` })
      .where(
        inArray(
          productVariants.id,
          dropped.map((v) => v.id),
        ),
      );
  const after = await updateVersioned(db, actor, products, productId, input.version, 'product', {
    options,
  });
  await recordAudits(db, actor, [
    {
      ...entry(product, 'options', { options: [product.options, options] }),
      version: after.version,
      ...(dropped.length ? { after: { options, archivedVariants: dropped.map((v) => nameOf(v.values)) } } : {}),
    },
  ]);
  return productType.get(db, actor, productId);
}

/** A variant's SKU: the product's and a short code of each value (HS-B24-WAL-SHA), free in the firm. */
async function skuFor(db: Executor, firmId: string, product: ProductRow, values: string[], taken: Set<string>) {
  const codes = values.map(
    (v) =>
      v
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 3)
        .toUpperCase() || 'X',
  );
  const stem = `${product.sku}-${codes.join('-')}`;
  for (let n = 1; ; n++) {
    const sku = n === 1 ? stem : `${stem}-${n}`;
    if (!taken.has(sku.toLowerCase()) && !(await skuTaken(db, firmId, sku))) {
      taken.add(sku.toLowerCase());
      return sku;
    }
  }
}

/**
 * POST /products/{id}/variants: the chosen combinations of the product's options, each one value
 * of each option in order (any subset, not the whole product of the options). One that exists
 * already is a 409; every new one gets a SKU of its own.
 */
export async function createVariants(
  db: Executor,
  actor: Actor,
  productId: string,
  input: z.output<typeof variantsCreateSchema>,
): Promise<Variant[]> {
  const product = await productType.findRow(db, productId, true);
  if (product.options.length === 0)
    throw conflict(`Give ${product.name} its options (a finish, a width…) before making variants.`);
  const wanted = input.combinations.map((combination, i) => {
    if (combination.length !== product.options.length)
      throw badRequest(`Each combination names one value of each of the ${product.options.length} options.`, {
        [`combinations.${i}`]: 'One value of each option, in order.',
      });
    // The option's own spelling of each value.
    return combination.map((value, j) => {
      const known = product.options[j]!.values.find((v) => v.toLowerCase() === value.toLowerCase());
      if (!known)
        throw badRequest(`${value} is not a ${product.options[j]!.name} of ${product.name}.`, {
          [`combinations.${i}`]: `${value} is not one of the ${product.options[j]!.name} values.`,
        });
      return known;
    });
  });
  const keys = wanted.map(comboKey);
  if (new Set(keys).size !== keys.length)
    throw badRequest('A combination is listed twice.', { combinations: 'Each combination once.' });
  const existing = await db.select().from(productVariants).where(eq(productVariants.productId, productId));
  const clash = existing.find((v) => keys.includes(v.comboKey));
  if (clash) {
    const message = `${product.name} already has the variant ${nameOf(clash.values)}${clash.archivedAt ? ' (archived: restore it instead)' : ''}.`;
    throw new HttpError(409, 'conflict', message, { combinations: message });
  }
  if (existing.length + wanted.length > MAX_VARIANTS)
    throw badRequest(`A product has at most ${MAX_VARIANTS} variants.`, {
      combinations: `At most ${MAX_VARIANTS} variants.`,
    });
  const taken = new Set<string>();
  const rows: (typeof productVariants.$inferInsert)[] = [];
  for (const [i, values] of wanted.entries())
    rows.push({
      id: newId(),
      firmId: actor.firmId,
      productId,
      values,
      comboKey: keys[i]!,
      sku: await skuFor(db, actor.firmId, product, values, taken),
      position: existing.length + i,
      updatedBy: actor.userId,
    });
  const made = await db.insert(productVariants).values(rows).returning();
  for (const v of made) await claimSku(db, actor.firmId, v.sku, { variantId: v.id });
  // Stocked by variant from now on: what was kept of the product itself no longer applies.
  if (existing.length === 0) await stockedByVariantNow(db, [productId]);
  await recordAudits(db, actor, [
    {
      entityType: 'product',
      entityId: productId,
      action: 'variants-create',
      after: { variants: made.map((v) => `${nameOf(v.values)} (${v.sku})`) },
    },
  ]);
  return listVariants(db, productId);
}

/** Writes `values` to these variants in one statement, each one's version moving on. */
const writeVariants = (db: Executor, actor: Actor, ids: string[], values: PgUpdateSetSource<typeof productVariants>) =>
  db
    .update(productVariants)
    .set({
      ...values,
      version: sql`${productVariants.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: actor.userId,
    })
    .where(inArray(productVariants.id, ids));

async function lockedVariants(db: Executor, productId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), inArray(productVariants.id, ids)))
    .for('update');
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw badRequest('A variant is not one of this product’s.', { ids: 'Not a variant of this product.' });
  return new Map(rows.map((r) => [r.id, r]));
}

const shown = (row: VariantRow) => ({
  sku: row.sku,
  price: row.priceCents,
  cost: row.costHc === null ? null : row.costHc / 100,
  barcode: row.barcode,
});

/** Each change as "24″ / Walnut price: 45000 → 47250", by variant and field. */
function changesOf(before: VariantRow, after: VariantRow): Record<string, [unknown, unknown]> {
  const b = shown(before);
  const a = shown(after);
  return Object.fromEntries(
    (Object.keys(b) as (keyof typeof b)[])
      .filter((k) => b[k] !== a[k])
      .map((k) => [`${nameOf(before.values)} ${k}`, [b[k], a[k]]]),
  );
}

/** PUT /products/{id}/variants: many variants' SKU, price, cost and barcode, each on its version, all or none. */
export async function editVariants(
  db: Executor,
  actor: Actor,
  productId: string,
  input: z.output<typeof variantsEditSchema>,
): Promise<Variant[]> {
  const product = await productType.findRow(db, productId, true);
  const ids = input.variants.map((v) => v._id);
  if (new Set(ids).size !== ids.length)
    throw badRequest('A variant is listed twice.', { variants: 'Each variant once.' });
  const before = await lockedVariants(db, productId, ids);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [i, edit] of input.variants.entries()) {
    const after = await updateVersioned(db, actor, productVariants, edit._id, edit.version, 'variant', {
      sku: edit.sku,
      priceCents: edit.priceCents,
      costHc: edit.costCents === null ? null : Math.round(edit.costCents * 100),
      barcode: edit.barcode,
    });
    try {
      await claimSku(db, actor.firmId, after.sku, { variantId: after.id });
    } catch (error) {
      if (error instanceof HttpError && error.fields?.sku)
        throw new HttpError(
          409,
          'conflict',
          error.message,
          { [`variants.${i}.sku`]: error.message },
          undefined,
          error.link,
        );
      throw error;
    }
    Object.assign(changes, changesOf(before.get(edit._id)!, after));
  }
  if (Object.keys(changes).length) await recordAudits(db, actor, [entry(product, 'variants-update', changes)]);
  return listVariants(db, productId);
}

/**
 * POST /products/{id}/variants/reprice: the chosen variants' prices changed by a percentage or
 * an amount, from their own price or the product's, rounded half up to the cent; never below 0.
 */
export async function repriceVariants(
  db: Executor,
  actor: Actor,
  productId: string,
  input: z.output<typeof variantsRepriceSchema>,
): Promise<Variant[]> {
  const product = await productType.findRow(db, productId, true);
  const rows = await lockedVariants(db, productId, [...new Set(input.ids)]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const row of rows.values()) {
    const from = row.priceCents ?? product.priceCents;
    const to = input.by === 'percent' ? Math.round((from * (100 + input.value)) / 100) : from + Math.round(input.value);
    if (to < 0)
      throw badRequest(`${nameOf(row.values)} would cost less than nothing.`, { value: 'That takes a price below 0.' });
    const after = await updateVersioned(db, actor, productVariants, row.id, row.version, 'variant', { priceCents: to });
    Object.assign(changes, changesOf(row, after));
  }
  if (Object.keys(changes).length) await recordAudits(db, actor, [entry(product, 'variants-reprice', changes)]);
  return listVariants(db, productId);
}

/** POST /products/{id}/variants/archive and …/restore: archived variants are no longer sold or stocked. */
export async function archiveVariants(db: Executor, actor: Actor, productId: string, ids: string[], archive: boolean) {
  const product = await productType.findRow(db, productId, true);
  const rows = await lockedVariants(db, productId, [...new Set(ids)]);
  const changing = [...rows.values()].filter((r) => (r.archivedAt === null) === archive);
  if (changing.length)
    await writeVariants(
      db,
      actor,
      changing.map((r) => r.id),
      { archivedAt: archive ? sql`now()` : null },
    );
  if (!archive) {
    // A restored variant must still be a combination of the product's options.
    const gone = changing.find((r) =>
      r.values.some((value, i) => !product.options[i]?.values.some((o) => o.toLowerCase() === value.toLowerCase())),
    );
    if (gone) throw conflict(`${nameOf(gone.values)} names a value the product no longer has: add it back first.`);
  }
  if (changing.length)
    await recordAudits(db, actor, [
      {
        entityType: 'product',
        entityId: productId,
        action: archive ? 'variants-archive' : 'variants-restore',
        after: { variants: changing.map((r) => nameOf(r.values)) },
      },
    ]);
  return listVariants(db, productId);
}

/**
 * POST /products/{id}/variants/filter-values: adds and takes off filter values on the chosen
 * variants (the product's facets follow, by trigger), all in one transaction.
 */
export async function setVariantFilterValues(
  db: Executor,
  actor: Actor,
  productId: string,
  body: z.output<typeof variantsFilterValuesSchema>,
) {
  await productType.findRow(db, productId, true);
  await assertFilterValues(db, body.add, 'add');
  const rows = await lockedVariants(db, productId, [...new Set(body.ids)]);
  const changed: string[] = [];
  for (const row of rows.values()) {
    const next = [...new Set([...row.filterValueIds.filter((v) => !body.remove.includes(v)), ...body.add])];
    if (next.length > MAX_ASSIGNED_FILTER_VALUES)
      throw badRequest(`${nameOf(row.values)} would have more than ${MAX_ASSIGNED_FILTER_VALUES} filter values.`, {
        add: `Use at most ${MAX_ASSIGNED_FILTER_VALUES} filter values.`,
      });
    if (next.length === row.filterValueIds.length && next.every((v) => row.filterValueIds.includes(v))) continue;
    await writeVariants(db, actor, [row.id], { filterValueIds: next });
    changed.push(nameOf(row.values));
  }
  if (changed.length)
    await recordAudits(db, actor, [
      {
        entityType: 'product',
        entityId: productId,
        action: 'variants-filter-values',
        after: { variants: changed },
      },
    ]);
  return listVariants(db, productId);
}

/**
 * POST /products/{id}/variants/image: shows one of the product's images for the chosen variants
 * (a finish's swatch for every variant in that finish), or none of their own (null).
 */
export async function setVariantImage(
  db: Executor,
  actor: Actor,
  productId: string,
  body: z.output<typeof variantsImageSchema>,
) {
  await productType.findRow(db, productId, true);
  const [image] = body.image
    ? await db
        .select({ id: productImages.id, name: productImages.name })
        .from(productImages)
        .where(and(eq(productImages.id, body.image), eq(productImages.productId, productId)))
    : [null];
  if (image === undefined)
    throw badRequest('That image is not one of this product’s.', { image: 'Not an image of this product.' });
  const rows = await lockedVariants(db, productId, [...new Set(body.ids)]);
  const changing = [...rows.values()].filter((r) => r.imageId !== (image?.id ?? null));
  if (!changing.length) return listVariants(db, productId);
  await writeVariants(
    db,
    actor,
    changing.map((r) => r.id),
    { imageId: image?.id ?? null },
  );
  await recordAudits(db, actor, [
    {
      entityType: 'product',
      entityId: productId,
      action: 'variants-image',
      after: { variants: changing.map((r) => nameOf(r.values)), image: image?.name ?? null },
    },
  ]);
  return listVariants(db, productId);
}
