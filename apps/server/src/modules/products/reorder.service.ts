import type { ReorderLevels, reorderLevelsEditSchema } from '@atelier/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { warehouses } from '../warehouses';
import { e4, fromE4, productType } from './products.service';
import { productVariants, reorderLevels } from './products.table';

const variantName = (values: string[] | null) => (values ? values.join(' / ') : null);

/**
 * GET /products/{id}/reorder-levels: by warehouse, then variant in the grid's order, with the
 * warehouses they may be set in (those who edit products need not manage warehouses).
 */
export async function listReorderLevels(db: Executor, productId: string): Promise<ReorderLevels> {
  await productType.findRow(db, productId);
  const places = await db
    .select({ _id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(isNull(warehouses.archivedAt))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.name));
  const rows = await db
    .select({
      level: reorderLevels,
      warehouse: warehouses.name,
      values: productVariants.values,
    })
    .from(reorderLevels)
    .innerJoin(warehouses, eq(warehouses.id, reorderLevels.warehouseId))
    .leftJoin(productVariants, eq(productVariants.id, reorderLevels.variantId))
    .where(eq(reorderLevels.productId, productId))
    .orderBy(asc(warehouses.name), asc(productVariants.position), asc(productVariants.createdAt));
  const levels = rows.map(({ level, warehouse, values }) => ({
    warehouse: { _id: level.warehouseId, name: warehouse },
    variant: level.variantId ? { _id: level.variantId, name: variantName(values)! } : null,
    point: fromE4(level.pointE4)!,
    quantity: fromE4(level.quantityE4)!,
  }));
  return { warehouses: places, levels };
}

/**
 * PUT /products/{id}/reorder-levels: sets (or, with both numbers empty, takes off) the levels
 * named, all or none. A product with variants is stocked by variant, so its levels name one; a
 * product without names none. Each warehouse must be one of the firm's, not archived.
 */
export async function setReorderLevels(
  db: Executor,
  actor: Actor,
  productId: string,
  input: z.output<typeof reorderLevelsEditSchema>,
): Promise<ReorderLevels> {
  // The product's lock: its variants (and so what its levels may name) hold still meanwhile.
  await productType.findRow(db, productId, true);
  const { levels } = input;
  const warehouseIds = [...new Set(levels.map((l) => l.warehouse))];
  const known = new Map(
    (
      await db
        .select({ id: warehouses.id, name: warehouses.name })
        .from(warehouses)
        .where(and(inArray(warehouses.id, warehouseIds), isNull(warehouses.archivedAt)))
    ).map((w) => [w.id, w.name]),
  );
  const variants = new Map(
    (
      await db
        .select({ id: productVariants.id, values: productVariants.values })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
    ).map((v) => [v.id, v.values]),
  );
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [i, level] of levels.entries()) {
    if (!known.has(level.warehouse)) errors[`levels.${i}.warehouse`] = 'Choose one of the firm’s warehouses.';
    if (level.variant === null && variants.size > 0)
      errors[`levels.${i}.variant`] = 'This product is stocked by variant: choose one.';
    else if (level.variant !== null && !variants.has(level.variant))
      errors[`levels.${i}.variant`] = 'Not a variant of this product.';
    const key = `${level.warehouse}:${level.variant}`;
    if (seen.has(key)) errors[`levels.${i}.warehouse`] = 'Each warehouse and variant once.';
    seen.add(key);
  }
  if (Object.keys(errors).length)
    throw badRequest(
      Object.keys(errors).length === 1 ? Object.values(errors)[0]! : 'Please correct the highlighted levels.',
      errors,
    );

  const label = (warehouse: string, variant: string | null) =>
    [known.get(warehouse), variantName(variant ? variants.get(variant)! : null)].filter(Boolean).join(' · ');
  const shown = (point: number, quantity: number) => `${fromE4(point)} → order ${fromE4(quantity)}`;
  const before = new Map(
    (
      await db
        .select()
        .from(reorderLevels)
        .where(and(eq(reorderLevels.productId, productId), inArray(reorderLevels.warehouseId, warehouseIds)))
        .for('update')
    ).map((r) => [`${r.warehouseId}:${r.variantId}`, r]),
  );
  const set = levels.filter((l) => l.point !== null);
  const gone = levels.filter((l) => l.point === null && before.has(`${l.warehouse}:${l.variant}`));
  if (gone.length)
    await db.delete(reorderLevels).where(
      inArray(
        reorderLevels.id,
        gone.map((l) => before.get(`${l.warehouse}:${l.variant}`)!.id),
      ),
    );
  if (set.length)
    await db.execute(sql`
      INSERT INTO ${reorderLevels} (firm_id, product_id, variant_id, warehouse_id, point_e4, quantity_e4, updated_by)
      SELECT ${actor.firmId}, ${productId}, x.v, x.w, x.p, x.q, ${actor.userId}
        FROM unnest(${sql.param(set.map((l) => l.variant))}::uuid[], ${sql.param(set.map((l) => l.warehouse))}::uuid[],
                    ${sql.param(set.map((l) => e4(l.point!)))}::bigint[], ${sql.param(set.map((l) => e4(l.quantity!)))}::bigint[])
             AS x(v, w, p, q)
      ON CONFLICT (warehouse_id, (COALESCE(variant_id, product_id))) DO UPDATE
        SET point_e4 = EXCLUDED.point_e4, quantity_e4 = EXCLUDED.quantity_e4,
            updated_by = EXCLUDED.updated_by, updated_at = now()`);

  // One history entry: each level as it was and is ("Main · 24″ / Walnut: 2 → order 6").
  const changes: Record<string, [string | null, string | null]> = {};
  for (const l of levels) {
    const was = before.get(`${l.warehouse}:${l.variant}`);
    const old = was ? shown(was.pointE4, was.quantityE4) : null;
    const now = l.point === null ? null : shown(e4(l.point), e4(l.quantity!));
    if (old !== now) changes[label(l.warehouse, l.variant)] = [old, now];
  }
  if (Object.keys(changes).length)
    await recordAudit(db, actor, {
      entityType: productType.entity.type,
      entityId: productId,
      action: 'reorder-levels',
      before: Object.fromEntries(Object.entries(changes).map(([k, [b]]) => [k, b])),
      after: Object.fromEntries(Object.entries(changes).map(([k, [, a]]) => [k, a])),
    });
  return listReorderLevels(db, productId);
}

/** A product that gets variants is stocked by variant from then on: its own levels no longer apply. */
export async function dropProductLevels(db: Executor, productId: string) {
  await db.delete(reorderLevels).where(and(eq(reorderLevels.productId, productId), isNull(reorderLevels.variantId)));
}
