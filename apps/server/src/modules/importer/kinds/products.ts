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
import { pathKey, readChoice, readList, readPath, readUnits } from '../map/cells';
import { type Match, matchChecks, matchCounts, skuOwnerCheck } from './matching';
import { mappedSets, rowReader, schemaErrors, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'sku',
  value: 'sku',
  key: 'sku_key',
  matched: 'product_id',
  noun: 'product',
  plural: 'products',
  what: 'SKU',
};

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

/**
 * Products by SKU: each row creates a product or updates the one with its SKU (the mapped fields
 * only), checked with the API's own product schema, the firm's tax classes, and its categories.
 */
export const productImport: ImportSpec<null> = {
  kind: 'product',
  entityType: 'product',
  stage: STAGE,
  extra: ['sku_key text GENERATED ALWAYS AS (lower(sku)) STORED', 'product_id uuid', 'category_id uuid'],
  prepare: async (_tx, { options, mapped }) => {
    const missing = [
      ...(mapped.has('sku') ? [] : ['SKU']),
      ...(options.mode !== 'update' ? [['name', 'Name'] as const, ['priceCents', 'Price'] as const] : [])
        .filter(([key]) => !mapped.has(key))
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
  parse: (cell, _prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text, has, take, formatOf } = rowReader(cell, errors, format, numeric);
    const status = has('status')
      ? take('status', readChoice<ProductStatus>(text('status'), PRODUCT_STATUS_LABELS))
      : null;
    const unit = has('unit') ? take('unit', readChoice<SellUnit>(text('unit'), SELL_UNIT_LABELS)) : null;
    const price = has('priceCents') ? take('priceCents', readUnits(text('priceCents'), formatOf('priceCents'), 2)) : 0;
    if (has('priceCents') && price === null) errors.push(['priceCents', '', 'Enter a price.']);
    const compareAt = has('compareAtCents')
      ? take('compareAtCents', readUnits(text('compareAtCents'), formatOf('compareAtCents'), 2))
      : null;
    const costHc = has('costCents') ? take('costCents', readUnits(text('costCents'), formatOf('costCents'), 4)) : null;
    const measures = MEASURES.map((m) => (has(m) ? take(m, readUnits(text(m), formatOf(m), 4)) : null));
    // Checked against the settings' classes in `check`: a product keeps a class since retired.
    const taxClass = text('taxClass').trim();
    const tags = has('tags') ? readList(text('tags')) : [];
    const path = readPath(text('category'));
    // The API's own schema checks what it checks (lengths, SKU characters, limits); fields not
    // mapped take a valid stand-in here and are left as they are on update.
    const checked = productInputSchema.safeParse({
      sku: text('sku'),
      name: has('name') ? text('name') : 'Unchanged',
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
        input?.name ?? '',
        has('description') ? cleanRichText(text('description')) : '',
        // Blank: a new product's default, an existing one's own (see `write`).
        status ?? null,
        unit ?? null,
        price ?? 0,
        compareAt ?? null,
        costHc ?? 0,
        taxClass || null,
        path.length ? pathKey(path) : null,
        path.length ? path.join(' > ') : null,
        JSON.stringify(input?.tags ?? tags),
        ...measures.map((m) => m ?? null),
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    const firm = actor.firmId;
    await tx.execute(sql`UPDATE import_stage s SET product_id = p.id FROM products p
      WHERE p.firm_id = ${firm} AND p.sku_key = s.sku_key AND s.errors IS NULL`);
    await matchChecks(tx, options, MATCH);
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
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const name = mapped.has('name') ? sql`s.name` : sql`p.name`;
    const tags = mapped.has('tags') ? stagedTags : sql`p.tags`;
    const sets = mappedSets(mapped, COLUMN_OF, { alias: 'p', columns: ALWAYS_SET });
    const settings = (await getSettings(tx, firm, { banking: false })).productSettings;
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE products p SET ${setsFirst(sets)}
          search_text = search_text_of(ARRAY[${name}, p.sku] || ${tags}),
          version = p.version + 1, updated_at = now(), updated_by = ${user}
        FROM import_stage s WHERE p.id = s.product_id AND p.firm_id = ${firm}
        RETURNING p.id, s.row_no)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'product', id, row_no, 'update' FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO products (firm_id, sku, name, description, status, unit, price_cents, compare_at_cents, cost_hc,
          tax_class, category_id, tags, width_e4, height_e4, depth_e4, weight_e4, search_text, created_by, updated_by)
        SELECT ${firm}, s.sku, s.name, s.description, COALESCE(s.status, 'active'), COALESCE(s.unit, ${settings.defaultUnit}),
          s.price_cents, s.compare_at_cents, s.cost_hc, COALESCE(s.tax_class, ${settings.taxClasses[0]!}), s.category_id, ${stagedTags}, s.width_e4, s.height_e4, s.depth_e4, s.weight_e4,
          search_text_of(ARRAY[s.name, s.sku] || ${stagedTags}), ${user}, ${user}
        FROM import_stage s WHERE s.product_id IS NULL ORDER BY s.row_no
        RETURNING id, sku),
      claimed AS (INSERT INTO skus (firm_id, sku, product_id) SELECT ${firm}, sku, id FROM made)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'product', m.id, s.row_no, 'create' FROM made m JOIN import_stage s ON s.sku_key = lower(m.sku)`);
    return { created: created.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  },
};
