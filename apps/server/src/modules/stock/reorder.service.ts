import type { ReorderLevels, reorderLevelsEditSchema } from '@atelier/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { materialType } from '../materials';
import { e4, fromE4, onStockedByVariant, productType, productVariants } from '../products';
import { warehouses } from '../warehouses';
import { lockItems } from './ledger.service';
import { reorderLevels } from './reorder.table';

/** What reorder levels belong to: a product (its own, or its variants') or a material. */
export type ReorderOwner = 'product' | 'material';

const variantName = (values: string[] | null) => (values ? values.join(' / ') : null);
const ownerColumn = (owner: ReorderOwner) => (owner === 'product' ? reorderLevels.productId : reorderLevels.materialId);
const ownerType = (owner: ReorderOwner) => (owner === 'product' ? productType : materialType);

/**
 * GET /{products|materials}/{id}/reorder-levels: by warehouse, then variant in the grid's order,
 * with the warehouses they may be set in (those who edit products need not manage warehouses).
 */
export async function listReorderLevels(db: Executor, owner: ReorderOwner, id: string): Promise<ReorderLevels> {
  await ownerType(owner).findRow(db, id);
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
    .where(eq(ownerColumn(owner), id))
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
 * PUT /{products|materials}/{id}/reorder-levels: sets (or, with both numbers empty, takes off)
 * the levels named, all or none. A product with variants is stocked by variant, so its levels
 * name one; a product without, or a material, names none. Each warehouse must be one of the
 * firm's, not archived.
 */
export async function setReorderLevels(
  db: Executor,
  actor: Actor,
  owner: ReorderOwner,
  id: string,
  input: z.output<typeof reorderLevelsEditSchema>,
): Promise<ReorderLevels> {
  // The owner's lock: a product's variants (and so what its levels may name) hold still meanwhile.
  await ownerType(owner).findRow(db, id, true);
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
  const variants =
    owner === 'product'
      ? new Map(
          (
            await db
              .select({ id: productVariants.id, values: productVariants.values })
              .from(productVariants)
              .where(eq(productVariants.productId, id))
          ).map((v) => [v.id, v.values]),
        )
      : new Map<string, string[]>();
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [i, level] of levels.entries()) {
    if (!known.has(level.warehouse)) errors[`levels.${i}.warehouse`] = 'Choose one of the firm’s warehouses.';
    if (level.variant === null && variants.size > 0)
      errors[`levels.${i}.variant`] = 'This product is stocked by variant: choose one.';
    else if (level.variant !== null && !variants.has(level.variant))
      errors[`levels.${i}.variant`] =
        owner === 'product' ? 'Not a variant of this product.' : 'A material has no variants.';
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
        .where(and(eq(ownerColumn(owner), id), inArray(reorderLevels.warehouseId, warehouseIds)))
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
  if (set.length) {
    // A level carries its warehouse's on hand, which the ledger keeps: with the items locked,
    // no movement of theirs is under way, so what is read now stays true until the ledger moves it.
    await lockItems(db, actor.firmId, [...new Set(set.map((l) => l.variant ?? id))].sort());
    const [productId, materialId] = owner === 'product' ? [id, null] : [null, id];
    await db.execute(sql`
      INSERT INTO ${reorderLevels} (firm_id, product_id, variant_id, material_id, warehouse_id, point_e4, quantity_e4,
                                    on_hand_e4, committed_e4, updated_by)
      SELECT ${actor.firmId}, ${productId}::uuid, x.v, ${materialId}::uuid, x.w, x.p, x.q,
             COALESCE((SELECT sl.on_hand_e4 FROM stock_levels sl WHERE sl.item_id = COALESCE(x.v, ${id}::uuid) AND sl.warehouse_id = x.w), 0),
             COALESCE((SELECT sl.committed_e4 FROM stock_levels sl WHERE sl.item_id = COALESCE(x.v, ${id}::uuid) AND sl.warehouse_id = x.w), 0),
             ${actor.userId}
        FROM unnest(${sql.param(set.map((l) => l.variant))}::uuid[], ${sql.param(set.map((l) => l.warehouse))}::uuid[],
                    ${sql.param(set.map((l) => e4(l.point!)))}::bigint[], ${sql.param(set.map((l) => e4(l.quantity!)))}::bigint[])
             AS x(v, w, p, q)
      ON CONFLICT (item_id, warehouse_id) DO UPDATE
        SET point_e4 = EXCLUDED.point_e4, quantity_e4 = EXCLUDED.quantity_e4, on_hand_e4 = EXCLUDED.on_hand_e4,
            committed_e4 = EXCLUDED.committed_e4,
            updated_by = EXCLUDED.updated_by, updated_at = now()`);
  }

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
      entityType: ownerType(owner).entity.type,
      entityId: id,
      action: 'reorder-levels',
      before: Object.fromEntries(Object.entries(changes).map(([k, [b]]) => [k, b])),
      after: Object.fromEntries(Object.entries(changes).map(([k, [, a]]) => [k, a])),
    });
  return listReorderLevels(db, owner, id);
}

// A product that gets variants is stocked by variant from then on: its own levels no longer apply.
onStockedByVariant(async (db, productIds) => {
  await db
    .delete(reorderLevels)
    // One array parameter, as an import may give thousands of products their variants at once.
    .where(
      and(sql`${reorderLevels.productId} = ANY(${sql.param(productIds)}::uuid[])`, isNull(reorderLevels.variantId)),
    );
});
