import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HttpError } from '../../platform/http/errors';
import { nextNumber } from '../../platform/numbering/numbering.service';

/** What carries a SKU: a product, a variant or a material. */
export type SkuOwner = { productId?: string; variantId?: string; materialId?: string };

/**
 * Makes `sku` the owner's in the firm's registry and frees the one it had: 409 naming (and
 * linking) what already has it. The registry's unique index decides between two people saving
 * one SKU at once: the second waits for the first, then finds it taken.
 */
export async function claimSku(db: Executor, firmId: string, sku: string, owner: SkuOwner): Promise<void> {
  const productId = owner.productId ?? null;
  const variantId = owner.variantId ?? null;
  const materialId = owner.materialId ?? null;
  const { rows } = await db.execute(sql`
    INSERT INTO skus (firm_id, sku, product_id, variant_id, material_id)
    VALUES (${firmId}, ${sku}, ${productId}, ${variantId}, ${materialId})
    ON CONFLICT (firm_id, sku_key) DO NOTHING RETURNING 1`);
  if (rows.length === 0) {
    const [holder] = (
      await db.execute<{
        product_id: string | null;
        variant_id: string | null;
        material_id: string | null;
        href: string;
        name: string;
      }>(sql`
        SELECT s.product_id, s.variant_id, s.material_id,
               CASE WHEN s.material_id IS NOT NULL THEN '/p/materials/' || s.material_id
                    WHEN s.variant_id IS NOT NULL THEN '/p/products/' || vp.id || '/variants'
                    ELSE '/p/products/' || p.id END AS href,
               coalesce(p.name, m.name, vp.name || ' ' || array_to_string(v.values, ' / ')) AS name
        FROM skus s
        LEFT JOIN products p ON p.id = s.product_id
        LEFT JOIN product_variants v ON v.id = s.variant_id
        LEFT JOIN products vp ON vp.id = v.product_id
        LEFT JOIN materials m ON m.id = s.material_id
        WHERE s.firm_id = ${firmId} AND s.sku_key = lower(${sku})`)
    ).rows;
    const mine =
      holder &&
      ((productId && holder.product_id === productId) ||
        (variantId && holder.variant_id === variantId) ||
        (materialId && holder.material_id === materialId));
    if (holder && !mine) {
      const message = `SKU ${sku} is already used by ${holder.name}.`;
      throw new HttpError(409, 'conflict', message, { sku: message }, undefined, {
        href: holder.href,
        label: `Open ${holder.name}`,
      });
    }
  }
  const own = productId
    ? sql`product_id = ${productId}`
    : variantId
      ? sql`variant_id = ${variantId}`
      : sql`material_id = ${materialId}`;
  await db.execute(sql`DELETE FROM skus WHERE ${own} AND sku_key <> lower(${sku})`);
}

/** Whether the firm has this SKU already. */
export async function skuTaken(db: Executor, firmId: string, sku: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM skus WHERE firm_id = ${firmId} AND sku_key = lower(${sku})`);
  return rows.length > 0;
}

/** The next free SKU of the settings' pattern: the prefix and a number (SKU-1001), skipping any typed by hand. */
export async function nextSku(db: Executor, firmId: string, prefix: string): Promise<string> {
  for (;;) {
    const sku = `${prefix}${1000 + (await nextNumber(db, firmId, 'sku'))}`;
    if (!(await skuTaken(db, firmId, sku))) return sku;
  }
}
