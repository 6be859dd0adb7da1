import {
  LIST_TOTAL_CAP,
  LIST_TOTAL_CAPPED,
  PUBLIC_STORE_PATH,
  type StoreAvailability,
  type StoreCatalog,
  type StoreFacets,
  type StoreImage,
  type StoreProduct,
  type StoreProductCard,
  type StoreProducts,
  type storeProductsQuerySchema,
} from '@atelier/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import { sendPublicFile } from '../../platform/files/public-file';
import type { LocalFileStorage } from '../../platform/files/storage';
import type { Actor } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import { type ListSpec, listCondition, listPage } from '../../platform/lists/list';
import { categories } from '../categories';
import { collections } from '../collections';
import { filters, filterValues } from '../filters';
import { productImages, products, productType, productVariants } from '../products';
import { stockLevels } from '../stock';
import { vendorItems, vendors } from '../vendors';
import type { openStore } from './public-store';
import { keptCounts, type MatchCounts, matchCounts } from './search-counts';
import { correctedQuery, hasWords, matchedRows, searchRows } from './search-words';

type Store = Awaited<ReturnType<typeof openStore>>;
type Query = z.output<typeof storeProductsQuerySchema>;

const p = qualified;
const NO_PRODUCT = 'This product is not in the store.';

/**
 * Whom the catalog's own list machinery acts for on a visitor's behalf: the firm, nobody in it.
 * It only reads through the products list (its filters and search); what a visitor sees of a row
 * is this file's own projection, never the list's (which has cost).
 */
const visitor = (store: Store): Actor => ({
  sessionId: '',
  firmId: store.firmId,
  userId: '',
  impersonatorId: null,
  kind: 'customer',
  codes: [],
  features: store.features,
});

/**
 * What the store ever shows: active products, not archived, in the categories it shows (all when
 * it names none). Over `p`, the products table or an alias of it (prices.ts reads it as `p`).
 */
export function shown(
  store: Pick<Store, 'settings'>,
  p: { status: AnyPgColumn; archivedAt: AnyPgColumn; categoryId: AnyPgColumn } = products,
): SQL {
  const only = store.settings.categories;
  return and(
    eq(p.status, 'active'),
    isNull(p.archivedAt),
    only.length
      ? sql`${p.categoryId} IN (SELECT c.id FROM ${categories} c WHERE c.ancestors && ${sql.param(only)}::uuid[])`
      : undefined,
  )!;
}

const imageUrl = (store: Store, fileId: string) => `/api/v1${PUBLIC_STORE_PATH}/${store.slug}/images/${fileId}`;
const imageOf = (
  store: Store,
  i: { id: string; file: string; thumb: string; alt: string; width: number; height: number },
) =>
  ({
    _id: i.id,
    url: imageUrl(store, i.file),
    thumbUrl: imageUrl(store, i.thumb),
    alt: i.alt,
    width: i.width,
    height: i.height,
  }) satisfies StoreImage;

// constant SQL names: stock levels and vendor items are the stock and vendors modules' tables.
/** In stock: some of it (or of a variant) on hand and not held for an order, in any warehouse. */
const inStockSql = (item: SQL) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${stockLevels} sl WHERE ${item} AND sl.on_hand_e4 - sl.committed_e4 > 0)`;
/** Its usual vendor's lead time in days: the preferred vendor item's, else that vendor's own. */
const leadDaysSql = (item: SQL) =>
  sql<number | null>`(SELECT COALESCE(vi.lead_time_days, v.lead_time_days) FROM ${vendorItems} vi
    JOIN ${vendors} v ON v.id = vi.vendor_id WHERE ${item} ORDER BY vi.preferred DESC, vi.created_at LIMIT 1)`;
const availability = (inStock: boolean, leadDays: number | null): StoreAvailability => ({
  inStock,
  shipsInWeeks: inStock || leadDays === null ? null : Math.max(1, Math.ceil(leadDays / 7)),
});

/** The cards of a page of products, as a visitor sees them. */
async function cards(db: Executor, store: Store, ids: string[]): Promise<StoreProductCard[]> {
  const prices = store.settings.prices === 'everyone';
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      unit: products.unit,
      price: products.priceCents,
      compareAt: products.compareAtCents,
      image: sql<{ id: string; file: string; thumb: string; alt: string; width: number; height: number } | null>`(
        SELECT json_build_object('id', i.id, 'file', i.file_id, 'thumb', i.thumb_file_id, 'alt', i.alt,
                                 'width', i.width, 'height', i.height)
          FROM ${productImages} i WHERE i.product_id = ${p(products.id)} ORDER BY i.position, i.created_at LIMIT 1)`,
      inStock: inStockSql(sql`sl.product_id = ${p(products.id)}`),
      // A variant's stock and vendor items name its product too.
      leadDays: leadDaysSql(sql`vi.product_id = ${p(products.id)}`),
    })
    .from(products)
    .where(sql`${products.id} = ANY(${sql.param(ids)}::uuid[])`);
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    unit: r.unit,
    priceCents: prices ? Number(r.price) : null,
    compareAtCents: prices && r.compareAt !== null ? Number(r.compareAt) : null,
    image: r.image ? imageOf(store, r.image) : null,
    availability: availability(r.inStock, r.leadDays === null ? null : Number(r.leadDays)),
  }));
}

/** The products list's filters, from the store's query. */
function listFilters(query: Query): Record<string, string[]> {
  const f: Record<string, string[]> = Object.create(null);
  if (query.category) f.category = [query.category];
  if (query.collection) f.collection = [query.collection];
  if (query.vendor) f.vendor = [query.vendor];
  if (query.facet.length) f.facet = query.facet;
  if (query.min !== undefined || query.max !== undefined) f.price = [`${query.min ?? ''}:${query.max ?? ''}`];
  if (query.inStock) f.stock = ['in_stock'];
  if (query.sale) f.sale = ['yes'];
  return f;
}

/**
 * The catalog's list, narrowed to what the store shows, giving visitors' cards. `tids`: the rows
 * the request's words and filter values found (search-words.ts), which the search (every typed
 * word somewhere in the product's words, in any order: "pantry walnut") is; the list's own
 * filter-value filter still applies on top.
 */
function storeList(store: Store, tids: string | null): ListSpec<StoreProductCard> {
  const spec = productType.listFor(visitor(store));
  return {
    ...spec,
    scope: and(spec.scope, shown(store), tids === null ? undefined : matchedRows(tids))!,
    // A search always has its rows (searchRows gives no limit with words).
    search: (q) => (tids === null ? sql`false` : hasWords(q)),
    fetch: (db, ids) => cards(db, store, ids),
  };
}

/** Filter values alone narrow a page to their rows when at most this many have them. */
const FACET_ROWS_MAX = 10_000;

/** The children of a category (the top level for none), each with its products and its descendants', those with any. */
async function childCounts(db: Executor, counts: MatchCounts, parent: string | null) {
  const byCategory = counts.byKey;
  const children = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(parent ? eq(categories.parentId, parent) : isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.name));
  const descendants = children.length
    ? await db
        .select({ id: categories.id, ancestors: categories.ancestors })
        .from(categories)
        .where(sql`${categories.ancestors} && ${sql.param(children.map((c) => c.id))}::uuid[]`)
    : [];
  const rolled = new Map<string, number>();
  for (const d of descendants)
    for (const a of d.ancestors) rolled.set(a, (rolled.get(a) ?? 0) + (byCategory.get(d.id) ?? 0));
  return children.map((c) => ({ _id: c.id, name: c.name, count: rolled.get(c.id) ?? 0 })).filter((c) => c.count > 0);
}

/** The facets of the matching products: the browsed category's children, and each filter's values with counts. */
async function facetsOf(db: Executor, counts: MatchCounts, parent: string | null): Promise<StoreFacets> {
  const byValue = counts.byKey;
  const values = byValue.size
    ? await db
        .select({ id: filterValues.id, name: filterValues.name, filterId: filters.id, filter: filters.name })
        .from(filterValues)
        .innerJoin(filters, eq(filters.id, filterValues.filterId))
        .where(sql`${filterValues.id} = ANY(${sql.param([...byValue.keys()])}::uuid[])`)
        .orderBy(asc(filters.nameKey), asc(filterValues.position))
    : [];
  const grouped = new Map<string, StoreFacets['filters'][number]>();
  for (const v of values) {
    const group = grouped.get(v.filterId) ?? { _id: v.filterId, name: v.filter, values: [] };
    group.values.push({ _id: v.id, name: v.name, count: byValue.get(v.id) ?? 0 });
    grouped.set(v.filterId, group);
  }
  return { categories: await childCounts(db, counts, parent), filters: [...grouped.values()] };
}

/** GET /public/store/{slug}/products: a page of cards, with the facets of everything that matches. */
export async function storeProducts(db: Executor, store: Store, query: Query): Promise<StoreProducts> {
  const vendorsOnly = store.settings.vendors;
  if (query.vendor && vendorsOnly.length && !vendorsOnly.includes(query.vendor))
    throw notFound('This vendor is not in the store.');
  let q = query.q || undefined;
  const facets = [...new Set(query.facet)];
  const max = q ? null : FACET_ROWS_MAX;
  let found = await searchRows(db, q, facets, max);
  // No product has the words typed (and the values chosen): the words corrected against the
  // catalog's own (a typo), and searched again.
  if (q && found?.count === 0) {
    const corrected = await correctedQuery(db, q);
    if (corrected) {
      q = corrected;
      found = await searchRows(db, q, facets, max);
    }
  }
  const list = { q, sort: query.sort, filter: listFilters(query), limit: query.limit, cursor: query.cursor };
  const spec = storeList(store, found?.tids ?? null);
  // The page alone, by keyset; the total comes with the facets' counts, in one pass.
  const page = await listPage(db, spec, list, { count: false });
  const counts =
    (!list.q &&
      !query.collection &&
      !query.vendor &&
      !query.inStock &&
      (await keptCounts(db, {
        firmId: store.firmId,
        shownCategories: store.settings.categories,
        category: query.category,
        facet: query.facet,
        min: query.min,
        max: query.max,
        sale: Boolean(query.sale),
      }))) ||
    (await matchCounts(db, listCondition(spec, list) ?? spec.scope));
  return {
    ...page,
    total: counts.total > LIST_TOTAL_CAP ? LIST_TOTAL_CAPPED : counts.total,
    facets: await facetsOf(db, counts, query.category ?? null),
  };
}

/** GET /public/store/{slug}/catalog: the shown categories (two levels, with counts), collections and vendors. */
export async function storeCatalog(db: Executor, store: Store): Promise<StoreCatalog> {
  // The kept counts of what the store shows: a few hundred rows whatever the catalog's size.
  const counts = (await keptCounts(db, { firmId: store.firmId, shownCategories: store.settings.categories }))!;
  const tops = await childCounts(db, counts, null);
  const only = new Set(store.settings.categories);
  const visible = only.size ? tops.filter((c) => only.has(c._id)) : tops;
  // One after another: they share the request's connection.
  const withChildren: StoreCatalog['categories'] = [];
  for (const top of visible) withChildren.push({ ...top, children: await childCounts(db, counts, top._id) });
  const vendorsOnly = store.settings.vendors;
  return {
    categories: withChildren,
    collections: await db
      .select({ _id: collections.id, name: collections.name })
      .from(collections)
      .where(isNull(collections.archivedAt))
      .orderBy(asc(collections.name))
      .limit(200),
    // Vendors of a product the store shows (those the store names, when it names some).
    vendors: await db
      .select({ _id: vendors.id, name: vendors.name })
      .from(vendors)
      .where(
        and(
          isNull(vendors.archivedAt),
          vendorsOnly.length ? sql`${vendors.id} = ANY(${sql.param(vendorsOnly)}::uuid[])` : undefined,
          sql`EXISTS (SELECT 1 FROM ${vendorItems} vi JOIN ${products} ON ${products.id} = vi.product_id
                WHERE vi.vendor_id = ${p(vendors.id)} AND ${shown(store)})`,
        ),
      )
      .orderBy(asc(vendors.name))
      .limit(500),
  };
}

/** GET /public/store/{slug}/products/{id}: a product the store shows, with its images, variants and details. */
export async function storeProduct(db: Executor, store: Store, id: string): Promise<StoreProduct> {
  if (!isUuid(id)) throw notFound(NO_PRODUCT);
  const [row] = await db
    .select({
      product: products,
      category: sql<{ _id: string; name: string } | null>`(SELECT json_build_object('_id', c.id, 'name', c.name)
        FROM ${categories} c WHERE c.id = ${p(products.categoryId)})`,
      inStock: inStockSql(sql`sl.product_id = ${p(products.id)}`),
      leadDays: leadDaysSql(sql`vi.product_id = ${p(products.id)}`),
    })
    .from(products)
    .where(and(eq(products.id, id), shown(store)));
  if (!row) throw notFound(NO_PRODUCT);
  const prices = store.settings.prices === 'everyone';
  const r = row.product;
  const images = await db
    .select({
      id: productImages.id,
      file: productImages.fileId,
      thumb: productImages.thumbFileId,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  const variants = await db
    .select({
      id: productVariants.id,
      values: productVariants.values,
      sku: productVariants.sku,
      price: productVariants.priceCents,
      imageId: productVariants.imageId,
      inStock: inStockSql(sql`sl.variant_id = ${p(productVariants.id)}`),
      leadDays: leadDaysSql(sql`vi.variant_id = ${p(productVariants.id)}`),
    })
    .from(productVariants)
    .where(and(eq(productVariants.productId, id), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position));
  const details = r.filterValueIds.length
    ? await db
        .select({ name: filters.name, value: filterValues.name })
        .from(filterValues)
        .innerJoin(filters, eq(filters.id, filterValues.filterId))
        .where(sql`${filterValues.id} = ANY(${sql.param(r.filterValueIds)}::uuid[])`)
        .orderBy(asc(filters.nameKey), asc(filterValues.position))
    : [];
  const productLead = row.leadDays === null ? null : Number(row.leadDays);
  return {
    _id: r.id,
    name: r.name,
    sku: r.sku,
    description: r.description,
    unit: r.unit,
    priceCents: prices ? r.priceCents : null,
    compareAtCents: prices ? r.compareAtCents : null,
    pricingMode: r.pricingMode,
    pricingMinE4: r.pricingMinE4,
    pricingIncE4: r.pricingIncE4,
    category: row.category,
    images: images.map((i) => imageOf(store, i)),
    options: r.options,
    variants: variants.map((v) => ({
      _id: v.id,
      values: v.values,
      sku: v.sku,
      priceCents: prices ? (v.price ?? r.priceCents) : null,
      imageId: v.imageId,
      availability: availability(v.inStock, v.leadDays === null ? productLead : Number(v.leadDays)),
    })),
    details,
    availability: availability(row.inStock || variants.some((v) => v.inStock), productLead),
  };
}

/** GET /public/store/{slug}/images/{file}: an image (or its thumbnail) of a product the store shows; nothing else. */
export async function storeImage(
  db: Executor,
  storage: LocalFileStorage,
  store: Store,
  fileId: string,
  reply: FastifyReply,
) {
  const missing = 'This image is not in the store.';
  if (!isUuid(fileId)) throw notFound(missing);
  const [found] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(and(sql`(${productImages.fileId} = ${fileId} OR ${productImages.thumbFileId} = ${fileId})`, shown(store)));
  if (!found) throw notFound(missing);
  reply.header('cache-control', 'public, max-age=86400');
  return sendPublicFile(db, storage, reply, fileId, (type) => type.startsWith('image/'), missing);
}

/** The ids and last changes of the products the store shows, for its sitemap (search engines take 50,000 a file). */
export const storeProductIds = (db: Executor, store: Store, limit: number) =>
  db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(shown(store))
    .orderBy(asc(products.id))
    .limit(limit);
