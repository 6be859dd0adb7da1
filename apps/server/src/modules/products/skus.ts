import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { HttpError } from '../../platform/http/errors';
import { nextNumber } from '../../platform/numbering/numbering.service';

/** What carries a SKU: a product now; variants and materials with the catalog's next parts. */
export type SkuOwner = { productId: string };

/**
 * Makes `sku` the owner's in the firm's registry and frees the one it had: 409 naming (and
 * linking) what already has it. The registry's unique index decides between two people saving
 * one SKU at once: the second waits for the first, then finds it taken.
 */
export async function claimSku(db: Executor, firmId: string, sku: string, owner: SkuOwner): Promise<void> {
  const { rows } = await db.execute<{ product_id: string }>(sql`
    INSERT INTO skus (firm_id, sku, product_id) VALUES (${firmId}, ${sku}, ${owner.productId})
    ON CONFLICT (firm_id, sku_key) DO NOTHING RETURNING product_id`);
  if (rows.length === 0) {
    const [holder] = (
      await db.execute<{ product_id: string | null; name: string }>(sql`
        SELECT s.product_id, p.name FROM skus s LEFT JOIN products p ON p.id = s.product_id
        WHERE s.firm_id = ${firmId} AND s.sku_key = lower(${sku})`)
    ).rows;
    if (holder && holder.product_id !== owner.productId) {
      const message = `SKU ${sku} is already used by ${holder.name}.`;
      throw new HttpError(409, 'conflict', message, { sku: message }, undefined, {
        href: `/p/products/${holder.product_id}`,
        label: `Open ${holder.name}`,
      });
    }
  }
  await db.execute(sql`DELETE FROM skus WHERE product_id = ${owner.productId} AND sku_key <> lower(${sku})`);
}

/** The next free SKU of the settings' pattern: the prefix and a number (SKU-1001), skipping any typed by hand. */
export async function nextSku(db: Executor, firmId: string, prefix: string): Promise<string> {
  for (;;) {
    const sku = `${prefix}${1000 + (await nextNumber(db, firmId, 'sku'))}`;
    const { rows } = await db.execute(sql`SELECT 1 FROM skus WHERE firm_id = ${firmId} AND sku_key = lower(${sku})`);
    if (rows.length === 0) return sku;
  }
}
