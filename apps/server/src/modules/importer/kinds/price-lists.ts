import { vendorItemInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { readNumber, readUnits } from '../map/cells';
import { type Match, matchChecks, matchCounts } from './matching';
import { mappedSets, rowReader, schemaErrors, setsFirst } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'vendorSku',
  value: 'vendor_sku',
  key: 'vendor_sku_key',
  matched: 'vendor_item_id',
  noun: 'vendor item',
  plural: 'vendor items',
  what: 'vendor SKU',
};

// Field key → the vendor item's column, set on the rows that match (the mapped fields only).
const COLUMN_OF: Record<string, string> = {
  costCents: 'cost_hc',
  packSize: 'pack_size',
  minimumPacks: 'minimum_packs',
  leadTimeDays: 'lead_time_days',
};
const COUNTS = ['packSize', 'minimumPacks', 'leadTimeDays'] as const;
// Any uuid: the schema checks the rest of a row, and the vendor is checked once, in `prepare`.
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A vendor's price list: each row is what the chosen vendor sells the firm under its own SKU.
 * A row whose vendor SKU the vendor's items have updates that item (the mapped fields only); one
 * that is new needs our SKU, to say which product (without variants), variant or material it is.
 */
export const priceListImport: ImportSpec<{ vendor: string }> = {
  kind: 'price_list',
  entityType: 'vendor_item',
  stage: [
    { name: 'vendor_sku', type: 'text' },
    { name: 'sku', type: 'text' },
    { name: 'cost_hc', type: 'bigint' },
    { name: 'pack_size', type: 'integer' },
    { name: 'minimum_packs', type: 'integer' },
    { name: 'lead_time_days', type: 'integer' },
  ],
  extra: [
    'vendor_sku_key text GENERATED ALWAYS AS (lower(vendor_sku)) STORED',
    'sku_key text GENERATED ALWAYS AS (lower(sku)) STORED',
    'vendor_item_id uuid',
    'product_id uuid',
    'variant_id uuid',
    'material_id uuid',
  ],
  prepare: async (tx, { options, mapped }) => {
    const vendor = options.vendor
      ? (await tx.execute<{ id: string }>(sql`SELECT id FROM vendors WHERE id = ${options.vendor}`)).rows[0]
      : undefined;
    if (!vendor) {
      const message = 'Choose the vendor whose price list this is.';
      throw badRequest(message, { 'options.vendor': message });
    }
    const missing = [
      ...(mapped.has('vendorSku') ? [] : ['Vendor SKU']),
      ...(options.mode !== 'update' ? [['sku', 'Our SKU'] as const, ['costCents', 'Cost'] as const] : [])
        .filter(([key]) => !mapped.has(key))
        .map(([, label]) => label),
    ];
    if (missing.length) {
      const message = `Choose the column for ${missing.join(' and ')}: ${
        mapped.has('vendorSku') ? 'new vendor items need it.' : 'rows are matched to the vendor’s items by it.'
      }`;
      throw badRequest(message, { mapping: message });
    }
    return { vendor: vendor.id };
  },
  parse: (cell, _prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text, has, take, formatOf } = rowReader(cell, errors, format, numeric);
    const costHc = has('costCents') ? take('costCents', readUnits(text('costCents'), formatOf('costCents'), 4)) : null;
    if (has('costCents') && costHc === null) errors.push(['costCents', '', 'Enter a cost.']);
    const counts = COUNTS.map((field) => (has(field) ? take(field, readNumber(text(field), formatOf(field))) : null));
    const checked = vendorItemInputSchema.safeParse({
      vendor: SOME_ID,
      product: SOME_ID,
      vendorSku: text('vendorSku'),
      costCents: (costHc ?? 0) / 100,
      packSize: counts[0] ?? 1,
      minimumPacks: counts[1] ?? 1,
      leadTimeDays: counts[2] ?? null,
    });
    const input = schemaErrors(checked, errors, text, 'vendorSku');
    if (text('vendorSku').trim() === '' && !errors.some(([field]) => field === 'vendorSku'))
      errors.push(['vendorSku', '', 'Give the vendor’s SKU: rows are matched to the vendor’s items by it.']);
    return {
      errors,
      values: [
        text('vendorSku').trim(),
        text('sku').trim() || null,
        costHc ?? 0,
        // Blank: 1 for a new item, an existing one's own (see `write`).
        counts[0] == null ? null : (input?.packSize ?? null),
        counts[1] == null ? null : (input?.minimumPacks ?? null),
        input?.leadTimeDays ?? null,
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    const firm = actor.firmId;
    const vendor = options.vendor!;
    await tx.execute(sql`UPDATE import_stage s SET vendor_item_id = i.id FROM vendor_items i
      WHERE i.firm_id = ${firm} AND i.vendor_id = ${vendor} AND lower(i.vendor_sku) = s.vendor_sku_key AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'vendorSku', s.vendor_sku, 'The vendor sells you more than one item under this SKU: give them SKUs of their own first.'
      FROM import_stage s WHERE s.errors IS NULL AND s.vendor_item_id IS NOT NULL
        AND (SELECT count(*) FROM vendor_items i WHERE i.firm_id = ${firm} AND i.vendor_id = ${vendor}
               AND lower(i.vendor_sku) = s.vendor_sku_key) > 1`);
    await matchChecks(tx, options, MATCH);
    // A new one: the item of our SKU, bought as itself (a product with variants is bought by variant).
    await tx.execute(sql`UPDATE import_stage s SET product_id = k.product_id, variant_id = k.variant_id, material_id = k.material_id
      FROM skus k WHERE k.firm_id = ${firm} AND k.sku_key = s.sku_key AND s.vendor_item_id IS NULL AND s.errors IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'sku', COALESCE(sku, ''), CASE WHEN sku IS NULL
          THEN 'The vendor does not sell you this yet: give our SKU of the item, to add it.'
          ELSE 'No product, variant or material has this SKU.' END
      FROM import_stage s WHERE s.errors IS NULL AND s.vendor_item_id IS NULL
        AND num_nonnulls(s.product_id, s.variant_id, s.material_id) = 0`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'sku', s.sku, 'A product with variants is bought by variant: give the variant’s SKU.'
      FROM import_stage s WHERE s.errors IS NULL AND s.product_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = s.product_id AND v.archived_at IS NULL)`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'sku', s.sku, 'The vendor sells you this item already, under vendor SKU '
        || COALESCE(NULLIF(i.vendor_sku, ''), '(none)') || '.'
      FROM import_stage s JOIN vendor_items i ON i.vendor_id = ${vendor}
        AND i.item_id = COALESCE(s.variant_id, s.product_id, s.material_id)
      WHERE s.errors IS NULL AND s.vendor_item_id IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT d.row_no, 'sku', d.sku, 'This item is also on row ' || d.first || ' of the file.'
      FROM (SELECT row_no, sku, min(row_no) OVER (PARTITION BY COALESCE(variant_id, product_id, material_id)) AS first
            FROM import_stage WHERE errors IS NULL AND vendor_item_id IS NULL
              AND num_nonnulls(product_id, variant_id, material_id) = 1) d
      WHERE d.row_no <> d.first`);
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped, options }) => {
    const firm = actor.firmId;
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE vendor_items i SET ${setsFirst(mappedSets(mapped, COLUMN_OF, { alias: 'i', columns: ['pack_size', 'minimum_packs'] }))}
          vendor_sku = s.vendor_sku, version = i.version + 1, updated_at = now(), updated_by = ${actor.userId}
        FROM import_stage s WHERE i.id = s.vendor_item_id AND i.firm_id = ${firm}
        RETURNING i.id, s.row_no)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'vendor_item', id, row_no, 'update' FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO vendor_items (firm_id, vendor_id, product_id, variant_id, material_id, vendor_sku, cost_hc,
          pack_size, minimum_packs, lead_time_days, updated_by)
        SELECT ${firm}, ${options.vendor}, s.product_id, s.variant_id, s.material_id, s.vendor_sku, s.cost_hc,
          COALESCE(s.pack_size, 1), COALESCE(s.minimum_packs, 1), s.lead_time_days, ${actor.userId}
        FROM import_stage s WHERE s.vendor_item_id IS NULL ORDER BY s.row_no
        RETURNING id, item_id)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'vendor_item', m.id, s.row_no, 'create'
      FROM made m JOIN import_stage s ON COALESCE(s.variant_id, s.product_id, s.material_id) = m.item_id
        AND s.vendor_item_id IS NULL`);
    return { created: created.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  },
};
