import { IMPORT_OPTIONS, MAX_OPTION_VALUES, MAX_VARIANTS, SKU_PATTERN } from '@atelier/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { comboKey } from '../../products';
import { readUnits } from '../map/cells';
import type { rowReader } from './rows';
import type { ParsedRow, StageColumn } from './spec';

/**
 * Products with their variants in one flat file, as stores export them: one row per variant,
 * the rows of one product tied together by its SKU (the parent handle), each row giving its
 * options' values (Option1 Value…; the options' names on any of the product's rows) and the
 * variant's own SKU, price, cost and barcode. The product's own fields may be given on any of
 * its rows (the first that gives one wins; another row giving a different value is an error).
 */
export const withVariants = (mapped: ReadonlySet<string>) => mapped.has('option1Value');

/**
 * A products file's automatic mapping without options: its variant columns are the product's
 * (a store's "Variant Price" of a product without variants is its price), or not imported
 * (a barcode, which products do not keep): never a mapping its check would refuse.
 */
export function plainProductMapping(mapping: Record<string, number | null>): void {
  if (mapping.option1Value !== null && mapping.option1Value !== undefined) return;
  for (const [variant, product] of [
    ['variantPrice', 'priceCents'],
    ['variantCost', 'costCents'],
  ] as const) {
    if (mapping[product] === null || mapping[product] === undefined) mapping[product] = mapping[variant] ?? null;
  }
  for (const key of ['variantSku', 'variantPrice', 'variantCost', 'variantBarcode'])
    if (key in mapping) mapping[key] = null;
  for (let i = 1; i <= IMPORT_OPTIONS; i++) if (`option${i}Name` in mapping) mapping[`option${i}Name`] = null;
}

const OPTIONS = Array.from({ length: IMPORT_OPTIONS }, (_, i) => i + 1);

/** The variant columns of the products staging table, in the order `parseVariant` gives their values. */
export const VARIANT_STAGE: readonly StageColumn[] = [
  ...OPTIONS.flatMap((i) => [
    { name: `option${i}_name`, type: 'text' as const },
    { name: `option${i}_value`, type: 'text' as const },
  ]),
  { name: 'variant_sku', type: 'text' },
  { name: 'variant_price_cents', type: 'bigint' },
  { name: 'variant_cost_hc', type: 'bigint' },
  { name: 'variant_barcode', type: 'text' },
  // As the variants page keys a combination (in JS, so both agree whatever the database's locale).
  { name: 'combo_key', type: 'text' },
];

// constant SQL: the option value columns, for generated columns and lists.
const VALUE_COLUMNS = OPTIONS.map((i) => `option${i}_value`);

/** What `check` works out for each row: how many options it gives, the variant it matched, whether its SKU was made. */
export const VARIANT_EXTRA = [
  `option_count integer GENERATED ALWAYS AS (num_nonnulls(${VALUE_COLUMNS.join(', ')})) STORED`,
  'variant_sku_key text GENERATED ALWAYS AS (lower(variant_sku)) STORED',
  'variant_id uuid',
  'sku_made boolean',
];

const LABEL_MAX = 60;

/** A row's variant cells, read and checked as the variants API does; nulls when the file gives none. */
export function parseVariant(
  reader: ReturnType<typeof rowReader>,
  errors: ParsedRow['errors'],
): (string | number | null)[] {
  const { text, has, take, formatOf } = reader;
  const label = (field: string) => {
    const value = text(field).trim();
    if (value.length > LABEL_MAX) errors.push([field, text(field), `Use at most ${LABEL_MAX} characters.`]);
    return value || null;
  };
  const cells = OPTIONS.map((i) => [label(`option${i}Name`), label(`option${i}Value`)] as const);
  // A product without options, as store exports write it: one variant, "Title: Default Title".
  if (cells[0]![0]?.toLowerCase() === 'title' && cells[0]![1]?.toLowerCase() === 'default title' && !cells[1]![1])
    cells[0] = [null, null];
  for (const i of OPTIONS.slice(1))
    if (cells[i - 1]![1] && !cells[i - 2]![1])
      errors.push([
        `option${i}Value`,
        text(`option${i}Value`),
        `Give Option${i - 1} Value first: options go in order.`,
      ]);
  const sku = text('variantSku').trim();
  if (sku.length > 64) errors.push(['variantSku', sku, 'Use at most 64 characters.']);
  else if (sku && !SKU_PATTERN.test(sku))
    errors.push(['variantSku', sku, 'Use letters, digits, dots, dashes and slashes.']);
  const price = has('variantPrice')
    ? take('variantPrice', readUnits(text('variantPrice'), formatOf('variantPrice'), 2))
    : null;
  const cost = has('variantCost')
    ? take('variantCost', readUnits(text('variantCost'), formatOf('variantCost'), 4))
    : null;
  const barcode = text('variantBarcode').trim();
  if (barcode.length > 64) errors.push(['variantBarcode', barcode, 'Use at most 64 characters.']);
  const values = cells.map(([, value]) => value).filter((v): v is string => v !== null);
  return [
    ...cells.flat(),
    sku || null,
    price ?? null,
    cost ?? null,
    barcode || null,
    values.length ? comboKey(values) : null,
  ];
}

/**
 * The product columns a products file may give on any of a product's rows, as text for
 * comparing: [staged column, field key].
 */
const PRODUCT_CELLS: readonly [string, string][] = [
  ['name', 'name'],
  ['description', 'description'],
  ['status', 'status'],
  ['unit', 'unit'],
  ['price_cents', 'priceCents'],
  ['compare_at_cents', 'compareAtCents'],
  ['cost_hc', 'costCents'],
  ['tax_class', 'taxClass'],
  ['category_key', 'category'],
  ['tags', 'tags'],
  ['width_e4', 'width'],
  ['height_e4', 'height'],
  ['depth_e4', 'depth'],
  ['weight_e4', 'weight'],
];
// The same, staged as they are, with the category found for the path (`check` of products).
const GROUPED = [...PRODUCT_CELLS.map(([column]) => column), 'category_text', 'category_id'];

const firstOf = (column: string) =>
  // constant SQL: the kind's own column names.
  sql.raw(`(array_agg(${column} ORDER BY row_no) FILTER (WHERE ${column} IS NOT NULL))[1] AS ${column}`);

/** The start of a statement adding errors: row, field (a key, or SQL giving one), value and message, as SQL. */
const error = (rowNo: SQL, field: string | SQL, value: SQL, message: SQL) =>
  sql`INSERT INTO import_stage_errors (row_no, field, value, message) SELECT ${rowNo}, ${field}, ${value}, ${message}`;

/**
 * Groups the rows into products (`import_products`: each product's first row, its options and
 * fields) and checks what a flat file can get wrong: a product's rows disagreeing, a row
 * without a value of each option, an option without a name, options that do not fit the
 * product's variants, variant SKUs taken or twice, too many values or variants. Marks each row's
 * variant (by its combination) and gives new variants without a SKU one made from the product's.
 */
export async function checkVariants(tx: Tx, firm: string): Promise<void> {
  // constant SQL: the kind's own column names.
  const names = sql.raw(
    `ARRAY[${OPTIONS.map((i) => `(array_agg(option${i}_name ORDER BY row_no) FILTER (WHERE option${i}_name IS NOT NULL))[1]`).join(', ')}]`,
  );
  // A row without options is a product of one variant: its variant price and cost are the
  // product's (a file giving both differently is asked which); it has no barcode to keep.
  await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
    SELECT row_no, 'variantBarcode', variant_barcode,
      'A product without options has no barcode of its own: leave Variant barcode blank, or give the row its options.'
    FROM import_stage WHERE errors IS NULL AND option_count = 0 AND variant_barcode IS NOT NULL`);
  await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
    SELECT row_no, d.field, d.value, 'A product without options has one ' || d.what || ': this row gives two. Leave one blank.'
    FROM import_stage s CROSS JOIN LATERAL (VALUES
        ('variantPrice', 'price', s.variant_price_cents::text, s.price_cents IS DISTINCT FROM s.variant_price_cents),
        ('variantCost', 'cost', s.variant_cost_hc::text, s.cost_hc IS DISTINCT FROM s.variant_cost_hc)) d(field, what, value, differs)
    WHERE s.errors IS NULL AND s.option_count = 0 AND d.value IS NOT NULL AND d.differs
      AND (CASE d.field WHEN 'variantPrice' THEN s.price_cents ELSE s.cost_hc END) IS NOT NULL`);
  await tx.execute(sql`UPDATE import_stage SET price_cents = COALESCE(price_cents, variant_price_cents),
      cost_hc = COALESCE(cost_hc, variant_cost_hc)
    WHERE errors IS NULL AND option_count = 0 AND (variant_price_cents IS NOT NULL OR variant_cost_hc IS NOT NULL)`);
  await tx.execute(sql`CREATE TEMP TABLE import_products ON COMMIT DROP AS
    SELECT sku_key, min(row_no) AS first_row, count(*)::int AS n, max(option_count) AS k,
      (array_agg(product_id))[1] AS product_id, ${names} AS names,
      (array_agg(variant_price_cents ORDER BY row_no) FILTER (WHERE variant_price_cents IS NOT NULL))[1] AS variant_price,
      ${sql.join(GROUPED.map(firstOf), sql`, `)},
      -- Filled below: the product's options as they will be, where its new variants go; by write: whether it is new.
      NULL::jsonb AS options, 0 AS next_position, 0 AS had, false AS product_new
    FROM import_stage WHERE errors IS NULL GROUP BY sku_key`);
  await tx.execute(sql`CREATE UNIQUE INDEX ON import_products (sku_key)`);
  // An option the file does not name keeps the product's name for it.
  await tx.execute(sql`UPDATE import_products g
    SET names = ARRAY(SELECT COALESCE(g.names[i], p.options -> (i - 1) ->> 'name') FROM generate_series(1, ${IMPORT_OPTIONS}) i ORDER BY i)
    FROM products p WHERE p.id = g.product_id AND array_position(g.names, NULL) IS NOT NULL`);
  await tx.execute(sql`ANALYZE import_products`);

  // A product's rows agree on its fields: blank, or the first value given.
  // constant SQL: the kind's own column names.
  // Exactly: "Oak table" after "Oak Table" is another name. Options are named case aside, as
  // the product's options are. Each: [field, the cell as shown, as compared, the first's as compared].
  const compared: [string, string, string, string][] = [
    ...PRODUCT_CELLS.map(([column, field]): [string, string, string, string] => [
      field,
      `s.${column}::text`,
      `s.${column}::text`,
      `g.${column}::text`,
    ]),
    ...OPTIONS.map((i): [string, string, string, string] => [
      `option${i}Name`,
      `s.option${i}_name`,
      `lower(s.option${i}_name)`,
      `lower(g.names[${i}])`,
    ]),
  ];
  // constant SQL: the kind's own column names.
  const pairs = sql.raw(
    compared.map(([field, shown, value, first]) => `('${field}', ${shown}, ${value}, ${first})`).join(', '),
  );
  // The same test on the row itself first, so the rows that agree (nearly all) are passed at once.
  // constant SQL: as above.
  const differs = sql.raw(compared.map(([, , value, first]) => `${value} <> ${first}`).join(' OR '));
  await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
    SELECT s.row_no, d.field, CASE WHEN d.field = 'category' THEN s.category_text ELSE d.shown END,
      'Row ' || g.first_row || ' gives this product another value: leave it blank on its other rows, or the same.'
    FROM import_stage s JOIN import_products g USING (sku_key)
      CROSS JOIN LATERAL (VALUES ${pairs}) d(field, shown, value, first)
    WHERE s.errors IS NULL AND s.row_no <> g.first_row AND (${differs})
      AND d.value IS NOT NULL AND d.value <> d.first`);
  await tx.execute(
    sql`${error(
      sql`s.row_no`,
      'option1Value',
      sql`COALESCE(s.option1_value, '')`,
      sql`'This product’s other rows give ' || g.k || CASE WHEN g.k = 1 THEN ' option' ELSE ' options' END || ': give this row a value of each.'`,
    )} FROM import_stage s JOIN import_products g USING (sku_key) WHERE s.errors IS NULL AND s.option_count < g.k`,
  );
  for (const i of OPTIONS)
    await tx.execute(
      sql`${error(
        sql`g.first_row`,
        `option${i}Name`,
        sql`''`,
        sql`${`Name this option (Option${i} Name) on one of the product’s rows.`}`,
      )} FROM import_products g WHERE g.k >= ${i} AND g.names[${i}] IS NULL`,
    );
  await tx.execute(sql`${error(
    sql`g.first_row`,
    'option2Name',
    sql`array_to_string(g.names, ', ')`,
    sql`'Name each option once.'`,
  )} FROM import_products g
    WHERE array_position(g.names[1:g.k], NULL) IS NULL AND (SELECT count(DISTINCT lower(x)) FROM unnest(g.names[1:g.k]) x) < g.k`);
  // A product's variants each name one value of each of its options: the file cannot change how many.
  await tx.execute(sql`${error(
    sql`g.first_row`,
    'option1Value',
    sql`COALESCE(s.option1_value, '')`,
    sql`p.name || ' has variants of ' || jsonb_array_length(p.options) || ' options (' ||
      (SELECT string_agg(o ->> 'name', ', ') FROM jsonb_array_elements(p.options) o) || '): give a value of each on every row.'`,
  )} FROM import_products g JOIN import_stage s ON s.row_no = g.first_row JOIN products p ON p.id = g.product_id
    WHERE g.k > 0 AND jsonb_array_length(p.options) <> g.k
      AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`);
  // A new product needs a name and a price, on any of its rows.
  await tx.execute(sql`${error(sql`g.first_row`, 'name', sql`''`, sql`'Give the product a name (on any of its rows).'`)}
    FROM import_products g WHERE g.product_id IS NULL AND g.name IS NULL`);
  await tx.execute(sql`${error(sql`g.first_row`, 'priceCents', sql`''`, sql`'Give the product a price (on any of its rows).'`)}
    FROM import_products g WHERE g.product_id IS NULL AND g.price_cents IS NULL AND g.variant_price IS NULL`);
  await tx.execute(
    sql`${error(
      sql`s.row_no`,
      'variantSku',
      sql`s.variant_sku`,
      sql`'A product without options has one SKU: leave Variant SKU blank, or give the row its options.'`,
    )} FROM import_stage s WHERE s.errors IS NULL AND s.option_count = 0 AND s.variant_sku_key <> s.sku_key`,
  );

  // The variants the rows name, by their combination; a new one without a SKU is given the
  // product's and a short code of each value (HS-B24-WAL), as the variants page does.
  await tx.execute(sql`UPDATE import_stage s SET variant_id = v.id FROM product_variants v
    WHERE s.errors IS NULL AND s.product_id IS NOT NULL AND v.product_id = s.product_id AND v.combo_key = s.combo_key`);
  await tx.execute(
    sql`${error(
      sql`s.row_no`,
      'option1Value',
      sql`COALESCE(s.option1_value, '')`,
      sql`'This variant is archived: restore it on the product’s variants page first.'`,
    )} FROM import_stage s JOIN product_variants v ON v.id = s.variant_id WHERE v.archived_at IS NOT NULL`,
  );
  // constant SQL: the option value columns.
  const codes = sql.raw(
    VALUE_COLUMNS.map(
      (c) =>
        `CASE WHEN ${c} IS NULL THEN '' ELSE '-' || upper(COALESCE(NULLIF(left(regexp_replace(${c}, '[^A-Za-z0-9]', '', 'g'), 3), ''), 'X')) END`,
    ).join(' || '),
  );
  await tx.execute(sql`UPDATE import_stage s
    SET variant_sku = COALESCE((SELECT p.sku FROM products p WHERE p.id = s.product_id), s.sku) || ${codes}, sku_made = true
    WHERE s.errors IS NULL AND s.option_count > 0 AND s.variant_id IS NULL AND s.variant_sku IS NULL
      -- A row wrong already (a variant twice, say) is not given one: its SKU would only be noise.
      AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)`);
  await tx.execute(sql`CREATE INDEX ON import_stage (variant_sku_key)`);
  const taken = (what: string) =>
    sql`CASE WHEN s.sku_made THEN 'This variant would get the SKU ' || s.variant_sku || ${`, which ${what}: give it a Variant SKU.`}
      ELSE ${`This SKU ${what}.`} END`;
  await tx.execute(sql`${error(sql`s.row_no`, 'variantSku', sql`s.variant_sku`, taken('is too long'))}
    FROM import_stage s WHERE s.errors IS NULL AND s.sku_made AND length(s.variant_sku) > 64`);
  await tx.execute(sql`${error(sql`d.row_no`, 'variantSku', sql`d.variant_sku`, sql`'This SKU is also on row ' || d.first || ' of the file.'`)}
    FROM (SELECT row_no, variant_sku, min(row_no) OVER (PARTITION BY variant_sku_key) AS first
          FROM import_stage WHERE errors IS NULL AND option_count > 0 AND variant_sku IS NOT NULL) d WHERE d.row_no <> d.first`);
  await tx.execute(sql`${error(sql`s.row_no`, 'variantSku', sql`s.variant_sku`, taken('is a product’s in this file'))}
    FROM import_stage s WHERE s.errors IS NULL AND s.option_count > 0
      AND EXISTS (SELECT 1 FROM import_products g WHERE g.sku_key = s.variant_sku_key)`);
  await tx.execute(sql`${error(
    sql`s.row_no`,
    'variantSku',
    sql`s.variant_sku`,
    taken('belongs to another product, variant or material'),
  )} FROM import_stage s JOIN skus k ON k.firm_id = ${firm} AND k.sku_key = s.variant_sku_key
    WHERE s.errors IS NULL AND s.option_count > 0 AND (s.variant_id IS NULL OR k.variant_id IS DISTINCT FROM s.variant_id)`);

  // Each option's values, the file's and the product's own (kept while their number fits).
  // constant SQL: the option value columns.
  const cells = sql.raw(OPTIONS.map((i) => `(${i}, s.option${i}_value)`).join(', '));
  await tx.execute(sql`CREATE TEMP TABLE import_values ON COMMIT DROP AS
    SELECT DISTINCT ON (s.sku_key, o.i, lower(o.value)) s.sku_key, o.i, o.value, s.row_no
    FROM import_stage s
      CROSS JOIN LATERAL (VALUES ${cells}) o(i, value)
    WHERE s.errors IS NULL AND o.value IS NOT NULL
    ORDER BY s.sku_key, o.i, lower(o.value), s.row_no`);
  await tx.execute(sql`CREATE INDEX ON import_values (sku_key, i)`);
  // The product's options as they will be: its values kept (while their number fits), the
  // file's new ones after them.
  await tx.execute(sql`WITH keep AS (
      SELECT g.sku_key, COALESCE(jsonb_array_length(p.options) = g.k, false) AS keep, p.options
      FROM import_products g LEFT JOIN products p ON p.id = g.product_id WHERE g.k > 0),
    added AS (
      SELECT x.sku_key, x.i, jsonb_agg(x.value ORDER BY x.row_no) AS values
      FROM import_values x JOIN keep k USING (sku_key)
      WHERE NOT (k.keep AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(k.options -> (x.i - 1) -> 'values') e
                                    WHERE lower(e) = lower(x.value)))
      GROUP BY x.sku_key, x.i),
    options AS (
      SELECT g.sku_key, jsonb_agg(jsonb_build_object('name', g.names[n.i], 'values',
          (CASE WHEN k.keep THEN k.options -> (n.i - 1) -> 'values' ELSE '[]'::jsonb END) || COALESCE(a.values, '[]'::jsonb))
        ORDER BY n.i) AS options
      FROM import_products g JOIN keep k USING (sku_key) CROSS JOIN generate_series(1, g.k) n(i)
        LEFT JOIN added a ON a.sku_key = g.sku_key AND a.i = n.i
      GROUP BY g.sku_key)
    UPDATE import_products g SET options = o.options FROM options o WHERE o.sku_key = g.sku_key`);
  await tx.execute(
    sql`${error(
      sql`g.first_row`,
      sql`'option' || t.i || 'Value'`,
      sql`''`,
      sql`${`An option has at most ${MAX_OPTION_VALUES} values; this one would have `} || jsonb_array_length(t.o -> 'values') || '.'`,
    )} FROM import_products g, jsonb_array_elements(g.options) WITH ORDINALITY t(o, i)
      WHERE jsonb_array_length(t.o -> 'values') > ${MAX_OPTION_VALUES}`,
  );
  // Each value as its option spells it ("walnut" in the file, "Walnut" on the product): the few that differ.
  for (const i of OPTIONS) {
    // constant SQL: an option value column.
    const [column, at] = [sql.raw(`option${i}_value`), sql.raw(String(i - 1))];
    await tx.execute(sql`UPDATE import_stage s SET ${column} = w.value
      FROM (SELECT g.sku_key, e AS value FROM import_products g, jsonb_array_elements_text(g.options -> ${at} -> 'values') e) w
      WHERE w.sku_key = s.sku_key AND lower(w.value) = lower(s.${column}) AND w.value <> s.${column}`);
  }
  // Where the new variants of a product that has some go, and how many it has.
  await tx.execute(sql`UPDATE import_products g SET next_position = v.next, had = v.had FROM (
      SELECT v.product_id, max(v.position) + 1 AS next, count(*)::int AS had FROM product_variants v
      WHERE v.product_id IN (SELECT product_id FROM import_products WHERE product_id IS NOT NULL AND k > 0) GROUP BY v.product_id) v
    WHERE v.product_id = g.product_id`);
  await tx.execute(sql`${error(
    sql`g.first_row`,
    'option1Value',
    sql`''`,
    sql`${`A product has at most ${MAX_VARIANTS.toLocaleString('en-US')} variants; this one would have `} || (n.new + g.had) || '.'`,
  )} FROM import_products g
      JOIN (SELECT sku_key, count(*) AS new FROM import_stage
            WHERE errors IS NULL AND option_count > 0 AND variant_id IS NULL GROUP BY sku_key) n USING (sku_key)
    WHERE n.new + g.had > ${MAX_VARIANTS}`);
}

/**
 * Each product's row as `write` makes or updates it from: its first row's SKU and place, and the
 * product's fields gathered from all its rows (`import_products`), under the alias `s` the
 * products' statements read. (Copying them onto the first rows would rewrite a wide row each.)
 */
// constant SQL: the kind's own column names.
export const productRows = sql.raw(
  `(SELECT f.row_no, f.sku, f.product_id, ${GROUPED.filter((c) => c !== 'price_cents')
    .map((c) => `g.${c}`)
    .join(', ')},
      COALESCE(g.price_cents, CASE WHEN g.product_id IS NULL THEN g.variant_price END) AS price_cents, g.options
    FROM import_stage f JOIN import_products g ON g.first_row = f.row_no) s`,
);

/** Rows that would create (a new product, or a new variant of one) and that would update. */
export async function variantCounts(tx: Tx): Promise<{ create: number; update: number }> {
  const result = await tx.execute<{ create: number; update: number }>(sql`
    SELECT count(*) FILTER (WHERE made)::int AS create, count(*) FILTER (WHERE NOT made)::int AS update
    FROM (SELECT s.product_id IS NULL OR (s.option_count > 0 AND s.variant_id IS NULL) AS made
          FROM import_stage s WHERE s.errors IS NULL
            AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)) r`);
  return result.rows[0]!;
}

/**
 * After the products are written (`import_products` giving each its id, and whether it is
 * new): the variants updated and made (their SKUs claimed), and one `import_records` row per
 * product. Gives the rows that made and updated (a product or a variant), and the product ids
 * that had no variants before, now stocked by variant.
 */
export async function writeVariants(
  tx: Tx,
  firm: string,
  user: string,
  importId: string,
  mapped: ReadonlySet<string>,
): Promise<{ created: number; updated: number; firstVariants: string[] }> {
  const hadNone = await tx.execute<{ id: string }>(sql`
    SELECT g.product_id AS id FROM import_products g
    WHERE g.k > 0 AND NOT g.product_new AND g.next_position = 0`);
  // A variant's price and cost are its own where they differ from the product's.
  const price = mapped.has('variantPrice')
    ? sql`price_cents = COALESCE(NULLIF(s.variant_price_cents, p.price_cents), CASE WHEN s.variant_price_cents IS NULL THEN v.price_cents END),`
    : sql``;
  const cost = mapped.has('variantCost')
    ? sql`cost_hc = COALESCE(NULLIF(s.variant_cost_hc, p.cost_hc), CASE WHEN s.variant_cost_hc IS NULL THEN v.cost_hc END),`
    : sql``;
  await tx.execute(sql`UPDATE product_variants v SET sku = COALESCE(s.variant_sku, v.sku), ${price} ${cost}
      barcode = COALESCE(s.variant_barcode, v.barcode), version = v.version + 1, updated_at = now(), updated_by = ${user}
    FROM import_stage s, products p WHERE v.id = s.variant_id AND p.id = s.product_id`);
  await tx.execute(sql`UPDATE skus k SET sku = s.variant_sku FROM import_stage s
    WHERE k.variant_id = s.variant_id AND s.variant_sku IS NOT NULL AND k.sku <> s.variant_sku`);
  // constant SQL: the option value columns (spelt as their options by `check`).
  const values = sql.raw(`array_remove(ARRAY[${VALUE_COLUMNS.join(', ')}], NULL)`);
  await tx.execute(sql`WITH made AS (
      INSERT INTO product_variants (firm_id, product_id, values, combo_key, sku, price_cents, cost_hc, barcode, position, updated_by)
      SELECT ${firm}, g.product_id, ${values}, s.combo_key, s.variant_sku,
        NULLIF(s.variant_price_cents, p.price_cents), NULLIF(s.variant_cost_hc, p.cost_hc), COALESCE(s.variant_barcode, ''),
        g.next_position + row_number() OVER (PARTITION BY g.product_id ORDER BY s.row_no) - 1, ${user}
      FROM import_stage s JOIN import_products g USING (sku_key) JOIN products p ON p.id = g.product_id
      WHERE s.option_count > 0 AND s.variant_id IS NULL
      RETURNING id, sku)
    INSERT INTO skus (firm_id, sku, variant_id) SELECT ${firm}, sku, id FROM made`);
  // One record per product (at its first row): its rows are its variants, counted below.
  await tx.execute(sql`INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
    SELECT ${firm}, ${importId}, 'product', g.product_id, g.first_row, CASE WHEN g.product_new THEN 'create' ELSE 'update' END
    FROM import_products g`);
  const { create: created, update: updated } = await variantCounts(tx);
  return { created, updated, firstVariants: hadNone.rows.map((r) => r.id) };
}
