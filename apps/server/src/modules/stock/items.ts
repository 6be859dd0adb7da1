import type { StockItemRef, StockItemType, StockItemView } from '@atelier/contracts';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { compiledSelect } from '../../db/compiled';
import { badRequest } from '../../platform/http/errors';
import { materials } from '../materials';
import { products, productVariants } from '../products';
import { warehouses } from '../warehouses';

/** A stocked item as the ledger keys it, with its name for messages. */
export type StockItem = {
  type: StockItemType;
  itemId: string;
  productId: string | null;
  variantId: string | null;
  materialId: string | null;
  name: string;
  sku: string;
};

export const itemView = (item: StockItem): StockItemView => ({
  type: item.type,
  _id: item.itemId,
  productId: item.productId,
  materialId: item.materialId,
  name: item.name,
  sku: item.sku,
});

const key = (ref: StockItemRef) => `${ref.type}:${ref.id}`;

// The items' rows, by id: built once (every stock movement reads them), the ids one array.
const anyOf = (column: SQL | AnyPgColumn) => sql`${column} = ANY(${sql.placeholder('ids')}::uuid[])`;
const productRows = compiledSelect<{ id: string; name: string; sku: string; variants: boolean }, { ids: string[] }>(
  {
    id: products.id,
    name: products.name,
    sku: products.sku,
    variants: sql<boolean>`EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = ${qualified(products.id)})`,
  },
  (q) => q.from(products).where(anyOf(products.id)),
);
const variantRows = compiledSelect<
  { id: string; productId: string; values: string[]; sku: string; name: string },
  { ids: string[] }
>(
  {
    id: productVariants.id,
    productId: productVariants.productId,
    values: productVariants.values,
    sku: productVariants.sku,
    name: products.name,
  },
  (q) =>
    q
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(anyOf(productVariants.id)),
);
const materialRows = compiledSelect<{ id: string; name: string; sku: string }, { ids: string[] }>(
  { id: materials.id, name: materials.name, sku: materials.sku },
  (q) => q.from(materials).where(anyOf(materials.id)),
);

/**
 * The items named, each checked to be the firm's (row-level security hides the rest): a product
 * with variants is stocked by variant, so naming the product itself is refused. Errors are per
 * field, at `${path(i)}`.
 */
export async function resolveItems(
  db: Executor,
  refs: StockItemRef[],
  path: (i: number) => string = () => 'item',
): Promise<StockItem[]> {
  const ids = (type: StockItemType) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
  const found = new Map<string, StockItem>();
  const withVariants = new Set<string>();
  const productIds = ids('product');
  if (productIds.length) {
    const rows = await productRows(db, { ids: productIds });
    for (const r of rows) {
      if (r.variants) withVariants.add(r.id);
      found.set(`product:${r.id}`, {
        type: 'product',
        itemId: r.id,
        productId: r.id,
        variantId: null,
        materialId: null,
        name: r.name,
        sku: r.sku,
      });
    }
  }
  const variantIds = ids('variant');
  if (variantIds.length) {
    const rows = await variantRows(db, { ids: variantIds });
    for (const r of rows)
      found.set(`variant:${r.id}`, {
        type: 'variant',
        itemId: r.id,
        productId: r.productId,
        variantId: r.id,
        materialId: null,
        name: `${r.name} — ${r.values.join(' / ')}`,
        sku: r.sku,
      });
  }
  const materialIds = ids('material');
  if (materialIds.length) {
    const rows = await materialRows(db, { ids: materialIds });
    for (const r of rows)
      found.set(`material:${r.id}`, {
        type: 'material',
        itemId: r.id,
        productId: null,
        variantId: null,
        materialId: r.id,
        name: r.name,
        sku: r.sku,
      });
  }
  const errors: Record<string, string> = {};
  const items = refs.map((ref, i) => {
    const item = found.get(key(ref));
    if (!item)
      errors[path(i)] = `No such ${ref.type === 'material' ? 'material' : 'product'}: choose one from the list.`;
    else if (withVariants.has(ref.id))
      errors[path(i)] = `${item.name} is stocked by variant: choose one of its variants.`;
    return item!;
  });
  throwFieldErrors(errors, 'Please correct the highlighted items.');
  return items;
}

/** Throws the 400 for the errors found, if any: the one message, or a summary with each field's. */
export function throwFieldErrors(errors: Record<string, string>, summary: string): void {
  const messages = Object.values(errors);
  if (messages.length) throw badRequest(messages.length === 1 ? messages[0]! : summary, errors);
}

/** The firm's warehouses named (not archived), by id; one of another firm is not found. */
export async function warehouseNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(inArray(warehouses.id, [...new Set(ids)]), isNull(warehouses.archivedAt)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * An item's view in SQL, from a row with product_id, variant_id and material_id columns: its
 * name (a variant's with its values) and SKU. `t` is the row's alias.
 */
export function itemViewSql(t: string): SQL {
  // constant SQL: an alias written in our code.
  const a = sql.raw(t);
  return sql`(SELECT json_build_object(
      'type', CASE WHEN ${a}.material_id IS NOT NULL THEN 'material' WHEN ${a}.variant_id IS NOT NULL THEN 'variant' ELSE 'product' END,
      '_id', COALESCE(${a}.variant_id, ${a}.product_id, ${a}.material_id),
      'productId', ${a}.product_id, 'materialId', ${a}.material_id,
      'name', COALESCE(p.name || COALESCE(' — ' || array_to_string(v.values, ' / '), ''), m.name),
      'sku', COALESCE(v.sku, p.sku, m.sku))
    FROM (SELECT 1) one
    LEFT JOIN ${products} p ON p.id = ${a}.product_id
    LEFT JOIN ${productVariants} v ON v.id = ${a}.variant_id
    LEFT JOIN ${materials} m ON m.id = ${a}.material_id)`;
}

/**
 * GET /stock/items?q=: the items whose name or SKU has `q` in it, for pickers: products without
 * variants, variants (by their product's name or their own SKU) and, with the module and its
 * code, materials. Each kind's first `limit`, in name order.
 */
export async function searchItems(
  db: Executor,
  q: string,
  limit: number,
  withMaterials: boolean,
): Promise<StockItemView[]> {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.execute<StockItemView>(sql`
    (SELECT 'product' AS type, p.id AS "_id", p.id AS "productId", NULL::uuid AS "materialId", p.name, p.sku
       FROM ${products} p
      WHERE p.archived_at IS NULL AND p.search_text LIKE ${pattern}
        AND NOT EXISTS (SELECT 1 FROM ${productVariants} v WHERE v.product_id = p.id)
      ORDER BY p.name_key LIMIT ${limit})
    UNION ALL
    (SELECT 'variant', v.id, p.id, NULL, p.name || ' — ' || array_to_string(v.values, ' / '), v.sku
       FROM ${productVariants} v JOIN ${products} p ON p.id = v.product_id
      WHERE v.archived_at IS NULL AND p.archived_at IS NULL AND (p.search_text LIKE ${pattern} OR lower(v.sku) LIKE ${pattern})
      ORDER BY p.name_key, v.position LIMIT ${limit})
    ${
      withMaterials
        ? sql`UNION ALL
    (SELECT 'material', m.id, NULL, m.id, m.name, m.sku FROM ${materials} m
      WHERE m.archived_at IS NULL AND m.search_text LIKE ${pattern} ORDER BY m.name_key LIMIT ${limit})`
        : sql``
    }`);
  return rows.rows;
}
