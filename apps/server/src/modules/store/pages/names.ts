import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { isUuid } from '../../../db/ids';
import { notFound } from '../../../platform/http/errors';
import { categories } from '../../categories';
import { collections } from '../../collections';
import { vendors } from '../../vendors';
import type { Store } from '../public-store';

/** A category the store shows (in one of the top-level categories it names, when it names some), with its path from the top. */
export async function storeCategory(db: Executor, store: Store, id: string) {
  const missing = 'This category is not in the store.';
  if (!isUuid(id)) throw notFound(missing);
  const [row] = await db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      ancestors: categories.ancestors,
    })
    .from(categories)
    .where(eq(categories.id, id));
  const only = store.settings.categories;
  if (!row || (only.length && !row.ancestors.some((a) => only.includes(a)))) throw notFound(missing);
  // ancestors holds the ids from the top down to the category itself.
  const names = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`${categories.id} = ANY(${sql.param(row.ancestors)}::uuid[])`);
  const byId = new Map(names.map((c) => [c.id, c.name]));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    path: row.ancestors.map((a) => ({ id: a, name: byId.get(a) ?? '' })),
  };
}

export async function storeCollection(db: Executor, id: string) {
  const missing = 'This collection is not in the store.';
  if (!isUuid(id)) throw notFound(missing);
  const [row] = await db
    .select({ id: collections.id, name: collections.name, description: collections.description })
    .from(collections)
    .where(and(eq(collections.id, id), isNull(collections.archivedAt)));
  if (!row) throw notFound(missing);
  return row;
}

export async function storeVendor(db: Executor, store: Store, id: string) {
  const missing = 'This vendor is not in the store.';
  const only = store.settings.vendors;
  if (!isUuid(id) || (only.length && !only.includes(id))) throw notFound(missing);
  const [row] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.id, id), isNull(vendors.archivedAt)));
  if (!row) throw notFound(missing);
  return row;
}
