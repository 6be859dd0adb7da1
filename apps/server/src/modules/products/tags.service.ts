import type { ProductTag } from '@atelier/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AuditEntry, recordAudits } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { productSearchText } from './products.service';
import { products } from './products.table';

/** GET /tags: every tag the firm's products carry, by name, with how many carry it. */
export async function listProductTags(db: Executor): Promise<ProductTag[]> {
  const { rows } = await db.execute<ProductTag>(sql`
    SELECT t AS name, count(*)::int AS products FROM ${products}, unnest(${products.tags}) AS t
    GROUP BY t ORDER BY lower(t), t`);
  return rows;
}

/**
 * Rewrites the tags of every product carrying `from` (locked first), each with its version
 * bumped, its search text rebuilt and a history entry: a rename (`to`, merging into a tag of
 * that name when there is one) or a removal (`to` null). Gives how many products changed.
 */
async function retag(db: Executor, actor: Actor, from: string, to: string | null): Promise<number> {
  const carrying = await db
    .select({ id: products.id, name: products.name, sku: products.sku, tags: products.tags })
    .from(products)
    .where(sql`${from} = ANY(${products.tags})`)
    .for('update');
  if (carrying.length === 0) throw notFound(`No product has the tag ${from}.`);
  const entries: AuditEntry[] = [];
  for (const p of carrying) {
    const tags = [...new Set(p.tags.flatMap((t) => (t === from ? (to === null ? [] : [to]) : [t])))];
    const [after] = await db
      .update(products)
      .set({
        tags,
        searchText: productSearchText(p.name, p.sku, tags),
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actor.userId,
      })
      .where(eq(products.id, p.id))
      .returning({ version: products.version });
    entries.push({
      entityType: 'product',
      entityId: p.id,
      action: 'update',
      version: after!.version,
      before: { tags: p.tags },
      after: { tags },
    });
  }
  await recordAudits(db, actor, entries);
  return carrying.length;
}

/** PUT /tags/{name}: renamed on every product; renamed to a tag that exists, the two are one. */
export async function renameProductTag(db: Executor, actor: Actor, from: string, to: string) {
  if (from !== to) await retag(db, actor, from, to);
  return listProductTags(db);
}

/** DELETE /tags/{name}: taken off every product (their other tags stay). */
export async function deleteProductTag(db: Executor, actor: Actor, name: string) {
  await retag(db, actor, name, null);
}
