import { STOCK_REASON_LABELS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { type MovementLine, postMovements } from '../../stock';
import { readUnits } from '../map/cells';
import { rowReader } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

/** Movements posted to the ledger at once: a document of this many lines. */
const BATCH = 500;

type Staged = {
  row_no: number;
  quantity_e4: number;
  unit_cost: number;
  warehouse_id: string;
  warehouse_name: string;
  product_id: string | null;
  variant_id: string | null;
  material_id: string | null;
  variant_product_id: string | null;
  sku: string;
  name: string;
};

/**
 * Opening stock: what each item (product without variants, variant or material, by SKU) had in
 * each warehouse (by name; the default one when the file names none) on the day the firm moved
 * in, and at what cost, posted through the stock ledger as opening balances. Only where the item
 * has no stock history in that warehouse yet: later changes are adjustments or counts.
 */
export const openingStockImport: ImportSpec<null> = {
  kind: 'opening_stock',
  entityType: 'stock_movement',
  stage: [
    { name: 'sku', type: 'text' },
    { name: 'warehouse', type: 'text' },
    { name: 'quantity_e4', type: 'bigint' },
    { name: 'cost_hc', type: 'bigint' },
  ],
  extra: [
    'sku_key text GENERATED ALWAYS AS (lower(sku)) STORED',
    'product_id uuid',
    'variant_id uuid',
    'material_id uuid',
    'warehouse_id uuid',
  ],
  prepare: async (_tx, { mapped }) => {
    const missing = [...(mapped.has('sku') ? [] : ['SKU']), ...(mapped.has('quantity') ? [] : ['Quantity'])];
    if (missing.length) {
      const message = `Choose the column for ${missing.join(' and ')}: each row is how many of an item (by its SKU) a warehouse holds.`;
      throw badRequest(message, { mapping: message });
    }
    return null;
  },
  parse: (cell, _prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text, has, take, formatOf } = rowReader(cell, errors, format, numeric);
    const sku = text('sku').trim();
    if (!sku) errors.push(['sku', '', 'Give the item’s SKU.']);
    const quantity = take('quantity', readUnits(text('quantity'), formatOf('quantity'), 4));
    if (quantity === null || quantity === 0) errors.push(['quantity', text('quantity'), 'Enter a quantity above 0.']);
    const cost = has('unitCost') ? take('unitCost', readUnits(text('unitCost'), formatOf('unitCost'), 4)) : null;
    return { errors, values: [sku, text('warehouse').trim() || null, quantity ?? null, cost ?? null] };
  },
  check: async (tx, { actor }) => {
    const firm = actor.firmId;
    await tx.execute(sql`UPDATE import_stage s SET product_id = k.product_id, variant_id = k.variant_id, material_id = k.material_id
      FROM skus k WHERE k.firm_id = ${firm} AND k.sku_key = s.sku_key AND s.errors IS NULL`);
    await tx.execute(sql`UPDATE import_stage s SET warehouse_id = w.id FROM warehouses w
      WHERE w.firm_id = ${firm} AND w.archived_at IS NULL AND s.errors IS NULL
        AND (CASE WHEN s.warehouse IS NULL THEN w.is_default ELSE lower(w.name) = lower(s.warehouse) END)`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'sku', sku, 'No product, variant or material has this SKU.'
      FROM import_stage WHERE errors IS NULL AND num_nonnulls(product_id, variant_id, material_id) = 0`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'sku', s.sku, 'A product with variants is stocked by variant: give the variant’s SKU.'
      FROM import_stage s WHERE s.errors IS NULL AND s.product_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = s.product_id)`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT row_no, 'warehouse', COALESCE(warehouse, ''), CASE WHEN warehouse IS NULL
          THEN 'The firm has no default warehouse: name the warehouse.'
          ELSE 'There is no warehouse of this name.' END
      FROM import_stage WHERE errors IS NULL AND warehouse_id IS NULL`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT d.row_no, 'sku', d.sku, 'This item is in this warehouse on row ' || d.first || ' of the file too.'
      FROM (SELECT row_no, sku, min(row_no) OVER (PARTITION BY COALESCE(variant_id, product_id, material_id), warehouse_id) AS first
            FROM import_stage WHERE errors IS NULL AND warehouse_id IS NOT NULL
              AND num_nonnulls(product_id, variant_id, material_id) = 1) d
      WHERE d.row_no <> d.first`);
    await tx.execute(sql`INSERT INTO import_stage_errors (row_no, field, value, message)
      SELECT s.row_no, 'sku', s.sku, 'This item has stock history in this warehouse already: change it by an adjustment or a count.'
      FROM import_stage s WHERE s.errors IS NULL AND EXISTS (SELECT 1 FROM stock_levels l
        WHERE l.item_id = COALESCE(s.variant_id, s.product_id, s.material_id) AND l.warehouse_id = s.warehouse_id)`);
  },
  count: async (tx) => {
    const result = await tx.execute<{ create: number }>(sql`
      SELECT count(*)::int AS create FROM import_stage s
      WHERE s.errors IS NULL AND NOT EXISTS (SELECT 1 FROM import_stage_errors e WHERE e.row_no = s.row_no)`);
    return { create: result.rows[0]!.create, update: 0 };
  },
  // Through the ledger, a batch at a time: it keeps on hand, average cost and the reorder levels'
  // copies in step, and writes each movement's history, as for any document.
  write: async (tx, { actor, importId }) => {
    const [{ number }] = (await tx.execute<{ number: number }>(sql`SELECT number FROM imports WHERE id = ${importId}`))
      .rows as [{ number: number }];
    const source = { type: 'import', id: importId, label: `Import #${number}` };
    let created = 0;
    for (let after = 0; ; ) {
      const batch = (
        await tx.execute<Staged>(sql`
          SELECT s.row_no, s.quantity_e4, s.warehouse_id, w.name AS warehouse_name, s.product_id, s.variant_id,
            s.material_id, v.product_id AS variant_product_id, COALESCE(v.sku, p.sku, m.sku) AS sku,
            COALESCE(vp.name || ' (' || array_to_string(v.values, ', ') || ')', p.name, m.name) AS name,
            COALESCE(s.cost_hc, v.cost_hc, vp.cost_hc, p.cost_hc, m.cost_hc, 0) AS unit_cost
          FROM import_stage s JOIN warehouses w ON w.id = s.warehouse_id
            LEFT JOIN products p ON p.id = s.product_id
            LEFT JOIN product_variants v ON v.id = s.variant_id LEFT JOIN products vp ON vp.id = v.product_id
            LEFT JOIN materials m ON m.id = s.material_id
          WHERE s.row_no > ${after} ORDER BY s.row_no LIMIT ${BATCH}`)
      ).rows;
      if (!batch.length) break;
      const lines: MovementLine[] = batch.map((r) => ({
        item: {
          type: r.variant_id ? 'variant' : r.material_id ? 'material' : 'product',
          itemId: (r.variant_id ?? r.product_id ?? r.material_id)!,
          productId: r.variant_product_id ?? r.product_id,
          variantId: r.variant_id,
          materialId: r.material_id,
          name: r.name,
          sku: r.sku,
        },
        warehouseId: r.warehouse_id,
        warehouseName: r.warehouse_name,
        quantityE4: Number(r.quantity_e4),
        reason: 'opening',
        unitCostHc: Number(r.unit_cost),
        source,
        note: STOCK_REASON_LABELS.opening,
      }));
      const posted = await postMovements(tx, actor, lines);
      // Each item is once per warehouse in the file (checked): that finds each movement's row.
      const rowOf = new Map(lines.map((l, i) => [`${l.item.itemId}|${l.warehouseId}`, batch[i]!.row_no]));
      await tx.execute(sql`INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
        SELECT ${actor.firmId}, ${importId}, 'stock_movement', m.id, m.row_no, 'create'
        FROM unnest(${sql.param(posted.map((p) => p.id))}::uuid[],
          ${sql.param(posted.map((p) => rowOf.get(`${p.itemId}|${p.warehouseId}`) ?? 0))}::int[]) AS m(id, row_no)`);
      created += posted.length;
      after = batch.at(-1)!.row_no;
    }
    return { created, updated: 0 };
  },
};
