import {
  KINDS,
  type ListQuery,
  MeasureError,
  PRICE_BAND_EDGES,
  PRICING_MODE_UNIT,
  type Product,
  type ProductRow,
  productInputSchema,
  quotePrice,
  SELL_UNIT_LABELS,
} from '@atelier/contracts';
import { and, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { qualified } from '../../db/columns';
import { isUuid } from '../../db/ids';
import type { Actor } from '../../platform/http/access';
import { badRequest } from '../../platform/http/errors';
import { buildSearchText, listCondition } from '../../platform/lists/list';
import { defineRecordType, refColumn } from '../../platform/records/lifecycle';
import { getSettings } from '../../platform/settings/settings.service';
import { cleanRichText } from '../../platform/text/rich-text';
import { assertCategory, categories } from '../categories';
import {
  assertFilterValues,
  catalogCombos,
  comboFacetCounts,
  facetCounts,
  filterValueRefs,
  filterValues as filterValuesTable,
  keptFacetCounts,
} from '../filters';
import { MODEL_ENTITY, removeEntityFiles, removeImageFiles } from './image-files';
import { productImages, products, productVariants } from './products.table';
import { claimSku, nextSku } from './skus';

type Row = typeof products.$inferSelect;

const categoryRef = refColumn(products.categoryId, categories, categories.name);
const variantCount = sql<number>`(SELECT count(*)::int FROM ${productVariants} v
  WHERE v.product_id = ${qualified(products.id)} AND v.archived_at IS NULL)`;

/** `filter[category][]`: those in these categories or any category under them (`column`: products', or the kept combinations'). */
export const inCategories = (column: AnyPgColumn) => (values: string[]) => {
  if (values.some((v) => !isUuid(v)))
    throw badRequest('Not a valid category.', { 'filter.category': 'Not a valid category.' });
  return sql`${column} IN (SELECT c.id FROM ${categories} c WHERE c.ancestors && ${sql.param(values)}::uuid[])`;
};
/**
 * `filter[facet][]`: those with these filter values (`column`: a product's facets, its own and
 * its variants', or the kept combinations'). Values of one filter are alternatives (Walnut or
 * Oak), filters add up (a Walnut or Oak one that is also Shaker). Each value brings its filter's
 * values asked for as an uncorrelated sub-select (run once per query), so each row is tested
 * with array overlaps only.
 */
export const withFacets = (column: AnyPgColumn) => (given: string[]) => {
  if (given.some((v) => !isUuid(v)))
    throw badRequest('Not a valid filter value.', { 'filter.facet': 'Not a valid filter value.' });
  const values = [...new Set(given)];
  const ids = sql`${sql.param(values)}::uuid[]`;
  // In a CASE: the planner guesses an overlap with a sub-select's array at 0.5 %, and with two
  // of them would sort every match instead of walking the name index (600 ms, not 10).
  const sameFilter = (value: string) =>
    sql`CASE WHEN ${column} && ARRAY(SELECT o.id FROM ${filterValuesTable} f JOIN ${filterValuesTable} o
      ON o.filter_id = f.filter_id WHERE f.id = ${value}::uuid AND o.id = ANY(${ids})) THEN true ELSE false END`;
  return values.length === 1
    ? sql`${column} && ${ids}`
    : sql`(${column} && ${ids} AND ${sql.join(values.map(sameFilter), sql` AND `)})`;
};

const RANGE = /^(\d{0,12}):(\d{0,12})$/;
/**
 * The price bands (PRICE_BAND_EDGES) a `min:max` range covers exactly, first and last, or null
 * when its ends are not the bands' edges ("10000:49999" is band 1; "10000:" bands 1 to 4).
 */
export function priceBandsOf(range: string): [number, number] | null {
  const [, min, max] = RANGE.exec(range) ?? [];
  if (min === undefined || max === undefined || (min === '' && max === '')) return null;
  const edges: readonly number[] = PRICE_BAND_EDGES;
  const low = min === '' || Number(min) === 0 ? 0 : edges.indexOf(Number(min)) + 1;
  const high = max === '' ? edges.length : edges.indexOf(Number(max) + 1);
  if ((low === 0 && min !== '' && Number(min) !== 0) || high < 0 || low > high) return null;
  return [low, high];
}
/** `filter[price][]=min:max`, in cents, either end open ("10000:" is $100 and up): any of the ranges. */
const inPriceRanges = (values: string[]) => {
  const ranges = values.map((v) => RANGE.exec(v));
  if (ranges.some((r) => !r || (r[1] === '' && r[2] === '')))
    throw badRequest('Not a valid price range.', { 'filter.price': 'Send ranges as min:max in cents.' });
  return sql`(${sql.join(
    ranges.map((r) => {
      const [, min, max] = r!;
      const parts = [
        ...(min ? [sql`${products.priceCents} >= ${Number(min)}`] : []),
        ...(max ? [sql`${products.priceCents} <= ${Number(max)}`] : []),
      ];
      return sql`(${sql.join(parts, sql` AND `)})`;
    }),
    sql` OR `,
  )})`;
};

type Input = z.output<typeof productInputSchema>;

/** Measures and quantities are kept to four decimals, as whole numbers (e4). */
export const e4 = (value: number) => Math.round(value * 10_000);
export const fromE4 = (value: number | null) => (value === null ? null : value / 10_000);

/** What `q` and global search match of a product: its name, SKU and tags. */
export const productSearchText = (name: string, sku: string, tags: string[]) => buildSearchText([name, sku, ...tags]);

/** A product as the API and its history show it: cents, dollars' fractions of a cent, measures as decimals. */
export const productFields = (r: Row) => ({
  sku: r.sku,
  name: r.name,
  description: r.description,
  status: r.status,
  unit: r.unit,
  coverage: r.coverageE4 === null ? null : { amount: r.coverageE4 / 10_000, unit: r.coverageUnit! },
  priceCents: r.priceCents,
  compareAtCents: r.compareAtCents,
  costCents: r.costHc / 100,
  taxClass: r.taxClass,
  pricing: { mode: r.pricingMode, minimum: r.pricingMinE4 / 10_000, increment: r.pricingIncE4 / 10_000 },
  width: fromE4(r.widthE4),
  height: fromE4(r.heightE4),
  depth: fromE4(r.depthE4),
  weight: fromE4(r.weightE4),
  tags: r.tags,
});

/** The checks beyond the schema: the unit fits the pricing, coverage fits the unit, the tax class exists. */
export function checkFit(
  input: Pick<Input, 'pricing' | 'coverage'>,
  unit: Row['unit'],
  taxClass: string,
  taxClasses: string[],
  before: { taxClass: string } | null,
) {
  const fields: Record<string, string> = {};
  const { mode } = input.pricing;
  if (mode !== 'unit' && unit !== PRICING_MODE_UNIT[mode])
    fields.unit = `A price by ${mode} is per ${SELL_UNIT_LABELS[PRICING_MODE_UNIT[mode]].toLowerCase()}: choose that unit.`;
  if (input.coverage && (unit === 'sq_ft' || unit === 'linear_ft'))
    fields.coverage = 'A product sold by the foot needs no coverage: leave it empty.';
  // A class later removed from the settings stays on the products that have it.
  if (!taxClasses.includes(taxClass) && taxClass !== before?.taxClass)
    fields.taxClass = 'Choose a tax class from the product settings.';
  const names = Object.keys(fields);
  if (names.length)
    throw badRequest(names.length === 1 ? fields[names[0]!]! : 'Please correct the highlighted fields.', fields);
}

/** Products: what the firm sells, priced per unit or by area or length, each with a SKU of its own. */
export const productType = defineRecordType<typeof products, typeof productInputSchema, Product, ProductRow>({
  kind: KINDS.product,
  table: products,
  input: productInputSchema,
  title: (row) => row.name,
  // Its stock history (registered by the stock module) keeps it: archive it instead.
  references: { verb: 'has' },
  search: {
    title: products.name,
    subtitle: sql<string>`concat_ws(' · ', ${products.sku}, CASE WHEN ${products.status} = 'draft' THEN 'Draft' END)`,
    text: products.searchText,
  },
  columns: async (db, actor, input, before) => {
    const settings = (await getSettings(db, actor.firmId, { banking: false })).productSettings;
    await assertCategory(db, input.category);
    const unit = input.unit ?? before?.unit ?? settings.defaultUnit;
    const taxClass = input.taxClass ?? before?.taxClass ?? settings.taxClasses[0]!;
    checkFit(input, unit, taxClass, settings.taxClasses, before);
    const sku = input.sku || before?.sku || (await nextSku(db, actor.firmId, settings.skuPrefix));
    const dimensional = input.pricing.mode !== 'unit';
    return {
      sku,
      name: input.name,
      description: cleanRichText(input.description),
      status: input.status,
      unit,
      coverageE4: input.coverage ? e4(input.coverage.amount) : null,
      coverageUnit: input.coverage?.unit ?? null,
      priceCents: input.priceCents,
      compareAtCents: input.compareAtCents,
      costHc: Math.round(input.costCents * 100),
      taxClass,
      pricingMode: input.pricing.mode,
      // Only a dimensional price has a minimum and an increment.
      pricingMinE4: dimensional ? e4(input.pricing.minimum) : 0,
      pricingIncE4: dimensional ? e4(input.pricing.increment) : 0,
      widthE4: input.width === null ? null : e4(input.width),
      heightE4: input.height === null ? null : e4(input.height),
      depthE4: input.depth === null ? null : e4(input.depth),
      weightE4: input.weight === null ? null : e4(input.weight),
      categoryId: input.category,
      tags: input.tags,
      filterValueIds: await assertFilterValues(db, input.filterValues),
      // Options come with a new product only (a template's); later, PUT /products/{id}/options.
      ...(before ? {} : { options: input.options ?? [] }),
      searchText: productSearchText(input.name, sku, input.tags),
    };
  },
  afterWrite: (db, row) => claimSku(db, row.firmId, row.sku, { productId: row.id }),
  // Its images go with it (cascade): their files too, the bytes once this has committed.
  beforeDelete: async (db, _actor, row) => {
    await removeImageFiles(db, sql`SELECT i.id FROM ${productImages} i WHERE i.product_id = ${row.id}`);
    await removeEntityFiles(db, MODEL_ENTITY, [row.id]);
  },
  // Its 3D model's uploads and removals are in its logs.
  alsoAuditedAs: [MODEL_ENTITY],
  audited: (r) => ({ ...productFields(r), category: r.categoryId, filterValues: r.filterValueIds }),
  names: {
    category: { table: categories, id: categories.id, name: categories.name },
    filterValues: { table: filterValuesTable, id: filterValuesTable.id, name: filterValuesTable.name },
  },
  extra: {
    category: categoryRef,
    variants: variantCount,
    filterValues: filterValueRefs(qualified(products.filterValueIds)),
  },
  detail: (r, extra) => ({
    ...productFields(r),
    category: extra.category as Product['category'],
    filterValues: extra.filterValues as Product['filterValues'],
    options: r.options,
    variants: extra.variants as number,
  }),
  list: {
    rowFields: { costCents: sql<number>`(${products.costHc} / 100.0)::float8`, category: categoryRef },
    filters: {
      category: inCategories(products.categoryId),
      facet: withFacets(products.facetIds),
      price: inPriceRanges,
      // `filter[sale][]=yes`: priced below their compare-at price.
      sale: (values) => {
        if (values.some((v) => v !== 'yes'))
          throw badRequest('Not a valid sale filter.', { 'filter.sale': 'Send yes for products on sale.' });
        return sql`${products.compareAtCents} > ${products.priceCents}`;
      },
    },
  },
});

/** POST /products/{id}/price: the quantity and price of what was measured (400 naming what is missing). */
export async function priceProduct(db: Executor, _actor: Actor, id: string, measure: Parameters<typeof quotePrice>[1]) {
  const row = await productType.findRow(db, id);
  const fields = productFields(row);
  try {
    return quotePrice(fields, measure);
  } catch (error) {
    if (error instanceof MeasureError) throw badRequest(error.message, error.fields);
    throw error;
  }
}

/**
 * GET /products/facets: how many products each category and filter value has among those the
 * list's search and filters match. The unfiltered counts (the store's and the list's usual case)
 * are the kept ones; under a search or filter the matching products are counted.
 */
export async function productFacets(db: Executor, actor: Actor, query: Pick<ListQuery, 'q' | 'filter'>) {
  const given = Object.entries(query.filter ?? {}).filter(([, values]) => values.length > 0);
  const of = (key: string) => given.find(([k]) => k === key)?.[1];
  const kept: Record<string, (values: string[]) => boolean> = {
    status: (v) => v.length === 1 && v[0] === 'active',
    category: () => true,
    facet: () => true,
    price: (v) => v.every((range) => priceBandsOf(range) !== null),
    sale: (v) => v.every((x) => x === 'yes'),
  };
  if (!query.q && given.every(([key, values]) => Object.hasOwn(kept, key) && kept[key]!(values))) {
    const [inCategory, withFacet, inPrice, onSale] = [of('category'), of('facet'), of('price'), of('sale')];
    if (!inCategory && !withFacet && !inPrice && !onSale) return keptFacetCounts(db);
    // Under categories, facets, price bands and "on sale" only: the kept combinations add up.
    return comboFacetCounts(
      db,
      and(
        inCategory && inCategories(catalogCombos.categoryKey)(inCategory),
        withFacet && withFacets(catalogCombos.facetIds)(withFacet),
        inPrice &&
          or(
            ...inPrice.map((range) => {
              const [low, high] = priceBandsOf(range)!;
              return sql`${catalogCombos.priceBand} BETWEEN ${low} AND ${high}`;
            }),
          ),
        onSale && sql`${catalogCombos.onSale}`,
      ),
    );
  }
  const where = listCondition(productType.listFor(actor), query);
  // Products share few (category, facets) combinations: those are counted first (from the
  // covering index products_facet_counts_idx), then spread over their keys.
  return facetCounts(
    db,
    sql`SELECT k AS key, sum(n)::int AS products FROM (
          SELECT ${products.categoryId} AS category_id, ${products.facetIds} AS facet_ids, count(*) AS n
            FROM ${products} WHERE ${where} GROUP BY 1, 2) g,
          unnest(CASE WHEN g.category_id IS NULL THEN g.facet_ids ELSE g.facet_ids || g.category_id END) AS k
        GROUP BY k`,
  );
}
