import {
  PRODUCT_STATUS_LABELS,
  type ProductStatus,
  productInputSchema,
  SELL_UNIT_LABELS,
  type SellUnit,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { getSettings } from '../../../platform/settings/settings.service';
import { cleanRichText } from '../../../platform/text/rich-text';
import { stockedByVariantNow } from '../../products';
import { pathKey, readChoice, readList, readPath, readUnits, readUrls } from '../map/cells';
import { queueImages } from './images';
import { type Match, matchChecks, matchCounts, skuOwnerCheck } from './matching';
import { mappedSets, rowReader, schemaErrors, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';
import {
  checkVariants,
  parseVariant,
  productRows,
  VARIANT_EXTRA,
  VARIANT_STAGE,
  variantCounts,
  withVariants,
  writeVariants,
} from './variants';

const MATCH: Match = {
  field: 'sku',
  value: 'sku',
  key: 'sku_key',
  matched: 'product_id',
  noun: 'product',
  plural: 'products',
  what: 'SKU',
};
// With variants, a product's rows share its SKU: what is once per file is a SKU's combination.
const VARIANT_MATCH: Match = { ...MATCH, key: 'sku_key, combo_key', twice: 'variant' };

// The staged columns, in the order `parse` gives their values.
const STAGE = [
  { name: 'sku', type: 'text' },
  { name: 'name', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'status', type: 'text' },
  { name: 'unit', type: 'text' },
  { name: 'price_cents', type: 'bigint' },
  { name: 'compare_at_cents', type: 'bigint' },
  { name: 'cost_hc', type: 'bigint' },
  { name: 'tax_class', type: 'text' },
  { name: 'category_key', type: 'text' },
  { name: 'category_text', type: 'text' },
  { name: 'tags', type: 'jsonb' },
  { name: 'width_e4', type: 'bigint' },
  { name: 'height_e4', type: 'bigint' },
  { name: 'depth_e4', type: 'bigint' },
  { name: 'weight_e4', type: 'bigint' },
  { name: 'image_urls', type: 'jsonb' },
  ...VARIANT_STAGE,
] as const;

/** Field key → the product column it sets, for updates (which change the mapped fields only). */
const COLUMN_OF: Record<string, string> = {
  name: 'name',
  description: 'description',
  status: 'status',
  unit: 'unit',
  priceCents: 'price_cents',
  compareAtCents: 'compare_at_cents',
  costCents: 'cost_hc',
  taxClass: 'tax_class',
  category: 'category_id',
  tags: 'tags',
  width: 'width_e4',
  height: 'height_e4',
  depth: 'depth_e4',
  weight: 'weight_e4',
};
const MEASURES = ['width', 'height', 'depth', 'weight'] as const;
/** Columns a product always has: a blank cell keeps an existing product's value. */
const ALWAYS_SET = ['status', 'unit', 'tax_class'] as const;
/** With variants, a field may be given on any of a product's rows: blank on all of them keeps the product's value. */
const ALL_COLUMNS = Object.values(COLUMN_OF);
const VARIANT_FIELDS = ['variantSku', 'variantPrice', 'variantCost', 'variantBarcode', 'option1Name'];

/**
 * Products by SKU: each row creates a product or updates the one with its SKU (the mapped fields
 * only), checked with the API's own product schema, the firm's tax classes, and its categories.
 */
export const productImport: ImportSpec<null> = {
  kind: 'product',
  entityType: 'product',
  stage: STAGE,
  extra: [
    'sku_key text GENERATED ALWAYS AS (lower(sku)) STORED',
    'product_id uuid',
    'category_id uuid',
    ...VARIANT_EXTRA,
  ],
  prepare: async (_tx, { options, mapped }) => {
    const variants = withVariants(mapped);
    const stray = VARIANT_FIELDS.find((key) => mapped.has(key));
    if (!variants && stray) {
      const message = 'Choose the column for Option1 Value too: variant columns need the options they are variants of.';
      throw badRequest(message, { mapping: message });
    }
    const missing = [
      ...(mapped.has('sku') ? [] : ['SKU']),
      ...(options.mode !== 'update' ? [['name', 'Name'] as const, ['priceCents', 'Price'] as const] : [])
        .filter(([key]) => !mapped.has(key) && !(variants && key === 'priceCents' && mapped.has('variantPrice')))
        .map(([, label]) => label),
    ];
    if (missing.length) {
      const message = `Choose the column for ${missing.join(' and ')}: ${
        mapped.has('sku') ? 'new products need it.' : 'rows are matched to products by SKU.'
      }`;
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell, _prepared, { format, mapped }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const reader = rowReader(cell, errors, format, numeric);
    const { text, has, take, formatOf } = reader;
    // With variants, a product's fields may be on any one of its rows: a blank cell is no value (null).
    const variants = withVariants(mapped);
    const given = (field: string) => has(field) && (!variants || text(field).trim() !== '');
    const status = has('status')
      ? take('status', readChoice<ProductStatus>(text('status'), PRODUCT_STATUS_LABELS))
      : null;
    const unit = has('unit') ? take('unit', readChoice<SellUnit>(text('unit'), SELL_UNIT_LABELS)) : null;
    const price = has('priceCents')
      ? take('priceCents', readUnits(text('priceCents'), formatOf('priceCents'), 2))
      : variants
        ? null
        : 0;
    if (has('priceCents') && price === null && !variants) errors.push(['priceCents', '', 'Enter a price.']);
    const compareAt = has('compareAtCents')
      ? take('compareAtCents', readUnits(text('compareAtCents'), formatOf('compareAtCents'), 2))
      : null;
    const costHc = has('costCents') ? take('costCents', readUnits(text('costCents'), formatOf('costCents'), 4)) : null;
    const measures = MEASURES.map((m) => (has(m) ? take(m, readUnits(text(m), formatOf(m), 4)) : null));
    // Checked against the settings' classes in `check`: a product keeps a class since retired.
    const taxClass = text('taxClass').trim();
    const tags = has('tags') ? readList(text('tags')) : [];
    const images = has('imageUrls') ? take('imageUrls', readUrls(text('imageUrls'))) : [];
    const path = readPath(text('category'));
    // The API's own schema checks what it checks (lengths, SKU characters, limits); fields not
    // mapped take a valid stand-in here and are left as they are on update.
    const checked = productInputSchema.safeParse({
      sku: text('sku'),
      name: given('name') ? text('name') : 'Unchanged',
      description: text('description'),
      ...(status ? { status } : {}),
      ...(unit ? { unit } : {}),
      priceCents: price ?? 0,
      compareAtCents: compareAt ?? null,
      costCents: (costHc ?? 0) / 100,
      width: measures[0] == null ? null : measures[0] / 10_000,
      height: measures[1] == null ? null : measures[1] / 10_000,
      depth: measures[2] == null ? null : measures[2] / 10_000,
      weight: measures[3] == null ? null : measures[3] / 10_000,
      tags,
    });
    const input = schemaErrors(checked, errors, text, 'sku');
    if (text('sku').trim() === '' && !errors.some(([field]) => field === 'sku'))
      errors.push(['sku', '', 'Give the product a SKU: rows are matched to products by it.']);
    return {
      errors,
      values: [
        text('sku').trim(),
        given('name') ? (input?.name ?? '') : variants ? null : '',
        given('description') ? cleanRichText(text('description')) : variants ? null : '',
        // Blank: a new product's default, an existing one's own (see `write`).
        status ?? null,
        unit ?? null,
        price ?? (variants ? null : 0),
        compareAt ?? null,
        costHc ?? (variants ? null : 0),
        taxClass || null,
        path.length ? pathKey(path) : null,
        path.length ? path.join(' > ') : null,
        variants && !tags.length ? null : JSON.stringify(input?.tags ?? tags),
        ...measures.map((m) => m ?? null),
        images?.length ? JSON.stringify(images) : null,
        ...(variants ? parseVariant(reader, errors) : VARIANT_STAGE.map(() => null)),
      ],
    };
  },
  check: async (tx, { actor, options, mapped }) => {
    const firm = actor.firmId;
    await tx.execute(sql`UPDATE import_stage s SET product_id = p.id FROM products p
      WHERE p.firm_id = ${firm} AND p.sku_key = s.sku_key AND s.errors IS NULL`);
    await matchChecks(tx, options, withVariants(mapped) ? VARIANT_MATCH : MATCH);
    await skuOwnerCheck(tx, firm, 'product_id');
    // As the API's checkFit: a tax class of the settings (or the one the product has), a unit
    // that fits a price by area or length, no coverage on a product sold by the foot.
    const classes = (await getSettings(tx, firm, { banking: false })).productSettings.taxClasses;
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'taxClass', s.tax_class, ${`Use one of the tax classes of the product settings: ${classes.join(', ')}.`}
      FROM import_stage s LEFT JOIN products p ON p.id = s.product_id
      WHERE s.errors IS NULL AND s.tax_class IS NOT NULL AND NOT s.tax_class = ANY(${sql.param(classes)}::text[])
        AND p.tax_class IS DISTINCT FROM s.tax_class`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'unit', s.unit, CASE
          WHEN p.pricing_mode = 'area' AND s.unit <> 'sq_ft' THEN 'A price by area is per sq ft: choose that unit.'
          WHEN p.pricing_mode = 'length' AND s.unit <> 'linear_ft' THEN 'A price by length is per linear ft: choose that unit.'
          ELSE 'A product sold by the foot needs no coverage: remove its coverage first.' END
      FROM import_stage s JOIN products p ON p.id = s.product_id
      WHERE s.errors IS NULL AND s.unit IS NOT NULL AND (
        (p.pricing_mode = 'area' AND s.unit <> 'sq_ft') OR (p.pricing_mode = 'length' AND s.unit <> 'linear_ft')
        OR (p.coverage_e4 IS NOT NULL AND s.unit IN ('sq_ft', 'linear_ft')))`);
    // Categories by their whole path, names compared without case.
    await tx.execute(sql`UPDATE import_stage s SET category_id = c.id
      FROM (SELECT c.id, (SELECT string_agg(lower(a.name), E'\\x1f' ORDER BY u.o)
              FROM unnest(c.ancestors) WITH ORDINALITY u(id, o) JOIN categories a ON a.id = u.id) AS key
            FROM categories c WHERE c.firm_id = ${firm}) c
      WHERE c.key = s.category_key AND s.category_key IS NOT NULL`);
    // A name alone (as the products list and its export show a category) is the category of
    // that name, when only one has it.
    await tx.execute(sql`UPDATE import_stage s SET category_id = c.id
      FROM (SELECT lower(name) AS key, min(id::text)::uuid AS id, count(*) AS n FROM categories
            WHERE firm_id = ${firm} GROUP BY lower(name)) c
      WHERE s.category_id IS NULL AND s.category_key IS NOT NULL AND strpos(s.category_key, E'\\x1f') = 0
        AND c.key = s.category_key AND c.n = 1`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'category', category_text,
        CASE WHEN (SELECT count(*) FROM categories c WHERE c.firm_id = ${firm} AND lower(c.name) = s.category_key) > 1
          THEN 'More than one category is named ' || category_text || ': write its path, like Parent > ' || category_text || '.'
          ELSE 'There is no category ' || category_text || '. Add it first, or import categories.' END
      FROM import_stage s WHERE errors IS NULL AND category_key IS NOT NULL AND category_id IS NULL`);
    if (withVariants(mapped)) await checkVariants(tx, firm);
  },
  count: (tx, { mapped }) => (withVariants(mapped) ? variantCounts(tx) : matchCounts(tx, MATCH)),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const variants = withVariants(mapped);
    const name = !mapped.has('name') ? sql`p.name` : variants ? sql`COALESCE(s.name, p.name)` : sql`s.name`;
    const tags = !mapped.has('tags')
      ? sql`p.tags`
      : variants
        ? sql`CASE WHEN s.tags IS NULL THEN p.tags ELSE ${stagedTags} END`
        : stagedTags;
    // A product without options takes its variant price and cost as its own (`checkVariants`).
    const fields = variants
      ? new Set([
          ...mapped,
          ...(mapped.has('variantPrice') ? ['priceCents'] : []),
          ...(mapped.has('variantCost') ? ['costCents'] : []),
        ])
      : mapped;
    const sets = mappedSets(fields, COLUMN_OF, { alias: 'p', columns: variants ? ALL_COLUMNS : ALWAYS_SET });
    const settings = (await getSettings(tx, firm, { banking: false })).productSettings;
    // With variants, each product is written from its first row, which `check` gave the
    // product's fields, with the options `check` worked out (`import_products`).
    const from = variants ? productRows : sql`import_stage s`;
    const update = sql`UPDATE products p SET ${setsFirst(sets)}
        ${variants ? sql`options = COALESCE(s.options, p.options),` : sql``}
        search_text = search_text_of(ARRAY[${name}, p.sku] || ${tags}),
        version = p.version + 1, updated_at = now(), updated_by = ${user}
      FROM ${from} WHERE p.id = s.product_id AND p.firm_id = ${firm}`;
    const insert = sql`INSERT INTO products (firm_id, sku, name, description, status, unit, price_cents, compare_at_cents, cost_hc,
        tax_class, category_id, tags, width_e4, height_e4, depth_e4, weight_e4, options, search_text, created_by, updated_by)
      SELECT ${firm}, s.sku, s.name, COALESCE(s.description, ''), COALESCE(s.status, 'active'), COALESCE(s.unit, ${settings.defaultUnit}),
        s.price_cents, s.compare_at_cents, COALESCE(s.cost_hc, 0), COALESCE(s.tax_class, ${settings.taxClasses[0]!}), s.category_id,
        ${stagedTags}, s.width_e4, s.height_e4, s.depth_e4, s.weight_e4, ${variants ? sql`COALESCE(s.options, '[]'::jsonb)` : sql`'[]'::jsonb`},
        search_text_of(ARRAY[s.name, s.sku] || ${stagedTags}), ${user}, ${user}
      FROM ${from} WHERE s.product_id IS NULL ORDER BY s.row_no
      RETURNING id, sku`;
    const claim = sql`claimed AS (INSERT INTO skus (firm_id, sku, product_id) SELECT ${firm}, sku, id FROM made)`;
    if (variants) {
      // Its rows are recorded by `writeVariants`, a product once: nothing comes back here.
      await tx.execute(update);
      await tx.execute(sql`WITH made AS (${insert}), ${claim}
        UPDATE import_products g SET product_id = m.id, product_new = true FROM made m WHERE g.sku_key = lower(m.sku)`);
      const written = await writeVariants(tx, firm, user, importId, mapped);
      await stockedByVariantNow(tx, written.firstVariants);
      if (mapped.has('imageUrls')) await queueImages(tx, firm, importId, 'grouped');
      return written;
    }
    const updated = await tx.execute(sql`
      WITH changed AS (${update} RETURNING p.id, s.row_no)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'product', id, row_no, 'update' FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (${insert}), ${claim}
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'product', m.id, s.row_no, 'create' FROM made m JOIN import_stage s ON s.sku_key = lower(m.sku)`);
    if (mapped.has('imageUrls')) await queueImages(tx, firm, importId, 'recorded');
    return { created: created.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  },
};
