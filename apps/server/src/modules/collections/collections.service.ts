import {
  type Collection,
  type CollectionMember,
  type CollectionRow,
  collectionInputSchema,
  KINDS,
  type ProductCollection,
} from '@atelier/contracts';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { recordAudit } from '../../platform/audit/audit.service';
import type { Actor } from '../../platform/http/access';
import { badRequest, conflict } from '../../platform/http/errors';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { updateVersioned } from '../../platform/records/records';
import { categories } from '../categories';
import { products, productType, productVariants } from '../products';
import { vendorItems, vendors } from '../vendors';
import { collectionProducts, collections } from './collections.table';

const ids = (json: SQL) => sql`ARRAY(SELECT jsonb_array_elements_text(${json}))`;

/**
 * Whether product `p` is in the collection whose `kind` and `rules` columns are given: a
 * hand-picked one's list, or every rule a rule collection gives (read from its JSON, so members
 * follow products as they change).
 */
function isMember(c: { id: SQL; kind: SQL; rules: SQL }) {
  const p = products;
  const r = (key: string) => sql`(${c.rules}->${key})`;
  const empty = (key: string) => sql`jsonb_array_length(${r(key)}) = 0`;
  return sql`CASE WHEN ${c.kind} = 'manual' THEN EXISTS (SELECT 1 FROM ${collectionProducts} cp
      WHERE cp.collection_id = ${c.id} AND cp.product_id = ${qualified(p.id)})
    ELSE (${empty('tags')} OR ${qualified(p.tags)} && ${ids(r('tags'))}::text[])
      AND (${empty('categories')} OR ${qualified(p.categoryId)} IN (SELECT c.id FROM ${categories} c
        WHERE c.ancestors && ${ids(r('categories'))}::uuid[]))
      AND (${empty('vendors')} OR EXISTS (SELECT 1 FROM ${vendorItems} vi
        LEFT JOIN ${productVariants} v ON v.id = vi.variant_id
        WHERE vi.vendor_id = ANY(${ids(r('vendors'))}::uuid[])
          AND (vi.product_id = ${qualified(p.id)} OR v.product_id = ${qualified(p.id)})))
      AND (${r('minPriceCents')} = 'null'::jsonb OR ${qualified(p.priceCents)} >= (${r('minPriceCents')})::bigint)
      AND (${r('maxPriceCents')} = 'null'::jsonb OR ${qualified(p.priceCents)} <= (${r('maxPriceCents')})::bigint)
      AND (COALESCE(${r('onSale')}, 'false'::jsonb) = 'false'::jsonb
        OR ${qualified(p.compareAtCents)} > ${qualified(p.priceCents)})
    END`;
}

// The products list's `filter[collection][]`: products in any of these collections, as they are now.
productType.addListFilter('collection', (values) => {
  if (values.some((v) => !isUuid(v)))
    throw badRequest('Not a valid collection.', { 'filter.collection': 'Not a valid collection.' });
  // Not "c": the rules' category check names categories so.
  return sql`EXISTS (SELECT 1 FROM ${collections} coll WHERE coll.id = ANY(${sql.param(values)}::uuid[])
    AND coll.archived_at IS NULL AND ${isMember({ id: sql`coll.id`, kind: sql`coll.kind`, rules: sql`coll.rules` })})`;
});

const memberCount = sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.archivedAt} IS NULL
  AND ${isMember({
    id: sql`${qualified(collections.id)}`,
    kind: sql`${qualified(collections.kind)}`,
    rules: sql`${qualified(collections.rules)}`,
  })})`;

/** Collections: hand-picked or by rules (80). */
export const collectionType = defineRecordType<
  typeof collections,
  typeof collectionInputSchema,
  Collection,
  CollectionRow
>({
  kind: KINDS.collection,
  table: collections,
  input: collectionInputSchema,
  title: (row) => row.name,
  columns: async (db, _actor, input) => {
    for (const [field, table, list] of [
      ['rules.categories', categories, input.rules.categories],
      ['rules.vendors', vendors, input.rules.vendors],
    ] as const) {
      const unique = [...new Set(list)];
      if (!unique.length) continue;
      const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
      if (found.length !== unique.length)
        throw badRequest('Choose from the list.', { [field]: 'Choose from the list.' });
    }
    return {
      name: input.name,
      description: input.description,
      kind: input.kind,
      rules: input.rules,
      searchText: buildSearchText([input.name, ...input.rules.tags]),
    };
  },
  extra: { products: memberCount },
  list: { rowFields: { products: memberCount } },
});

/** GET /collections/{id}/products: who is in it now (hand-picked in their order, else by name). */
export async function collectionMembers(db: Executor, id: string): Promise<CollectionMember[]> {
  const collection = await collectionType.findRow(db, id);
  const member = isMember({
    id: sql`${id}::uuid`,
    kind: sql`${collection.kind}::text`,
    rules: sql`${JSON.stringify(collection.rules)}::jsonb`,
  });
  const position = sql`(SELECT cp.position FROM ${collectionProducts} cp WHERE cp.collection_id = ${id} AND cp.product_id = ${products.id})`;
  return db
    .select({ _id: products.id, name: products.name, sku: products.sku, priceCents: products.priceCents })
    .from(products)
    .where(and(isNull(products.archivedAt), member))
    .orderBy(asc(position), asc(products.nameKey))
    .limit(5_000);
}

/** PUT /collections/{id}/products: a hand-picked collection's products, in order, on its version. */
export async function setCollectionMembers(
  db: Executor,
  actor: Actor,
  id: string,
  input: { products: string[]; version: number },
) {
  const before = await collectionType.findRow(db, id, true);
  if (before.kind !== 'manual') throw conflict(`${before.name} is made by rules: change its rules instead.`);
  const wanted = [...new Set(input.products)];
  const found = wanted.length
    ? await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, wanted))
    : [];
  if (found.length !== wanted.length)
    throw badRequest('Choose products from the list.', { products: 'Choose products from the list.' });
  const old = await collectionMembers(db, id);
  const after = await updateVersioned(db, actor, collections, id, input.version, 'collection', {});
  await db.delete(collectionProducts).where(eq(collectionProducts.collectionId, id));
  if (wanted.length)
    await db
      .insert(collectionProducts)
      .values(wanted.map((productId, position) => ({ firmId: actor.firmId, collectionId: id, productId, position })));
  const names = new Map(found.map((p) => [p.id, p.name]));
  await recordAudit(db, actor, {
    entityType: 'collection',
    entityId: id,
    action: 'update',
    version: after.version,
    before: { products: old.map((p) => p.name) },
    after: { products: wanted.map((p) => names.get(p)) },
  });
  return collectionMembers(db, id);
}

/** GET /products/{id}/collections: the collections the product is in now (by hand or by their rules), by name. */
export async function productCollections(db: Executor, productId: string): Promise<ProductCollection[]> {
  await productType.findRow(db, productId);
  return db
    .select({ _id: collections.id, name: collections.name, kind: collections.kind })
    .from(collections)
    .innerJoin(products, eq(products.id, productId))
    .where(
      and(
        isNull(collections.archivedAt),
        isMember({
          id: sql`${qualified(collections.id)}`,
          kind: sql`${qualified(collections.kind)}`,
          rules: sql`${qualified(collections.rules)}`,
        }),
      ),
    )
    .orderBy(asc(collections.nameKey)) as Promise<ProductCollection[]>;
}
