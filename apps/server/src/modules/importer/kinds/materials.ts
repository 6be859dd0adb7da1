import { materialInputSchema, SELL_UNIT_LABELS, type SellUnit } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../platform/http/errors';
import { getSettings } from '../../../platform/settings/settings.service';
import { readChoice, readList, readUnits } from '../map/cells';
import { type Match, matchChecks, matchCounts, skuOwnerCheck } from './matching';
import { mappedSets, rowReader, schemaErrors, setsFirst, stagedTags } from './rows';
import type { ImportSpec, ParsedRow } from './spec';

const MATCH: Match = {
  field: 'sku',
  value: 'sku',
  key: 'sku_key',
  matched: 'material_id',
  noun: 'material',
  plural: 'materials',
  what: 'SKU',
};

/** Field key → the material column it sets, for updates (which change the mapped fields only). */
const COLUMN_OF: Record<string, string> = {
  name: 'name',
  description: 'description',
  unit: 'unit',
  costCents: 'cost_hc',
  tags: 'tags',
};

/**
 * Raw materials by SKU: each row creates a material or updates the one with its SKU (the mapped
 * fields only), checked with the API's material schema; SKUs are the firm's once, whatever has them.
 */
export const materialImport: ImportSpec<{ defaultUnit: SellUnit }> = {
  kind: 'material',
  entityType: 'raw_material',
  stage: [
    { name: 'sku', type: 'text' },
    { name: 'name', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'unit', type: 'text' },
    { name: 'cost_hc', type: 'bigint' },
    { name: 'tags', type: 'jsonb' },
  ],
  extra: ['sku_key text GENERATED ALWAYS AS (lower(sku)) STORED', 'material_id uuid'],
  prepare: async (tx, { actor, options, mapped }) => {
    const missing = [
      ...(mapped.has('sku') ? [] : ['SKU']),
      ...(options.mode !== 'update' && !mapped.has('name') ? ['Name'] : []),
    ];
    if (missing.length) {
      const message = `Choose the column for ${missing.join(' and ')}: ${
        mapped.has('sku') ? 'new materials need it.' : 'rows are matched to materials by SKU.'
      }`;
      throw badRequest(message, { mapping: message });
    }
    return { defaultUnit: (await getSettings(tx, actor.firmId, { banking: false })).productSettings.defaultUnit };
  },
  parse: (cell, prepared, { format }, numeric) => {
    const errors: ParsedRow['errors'] = [];
    const { text, has, take, formatOf } = rowReader(cell, errors, format, numeric);
    const unit = has('unit') ? take('unit', readChoice<SellUnit>(text('unit'), SELL_UNIT_LABELS)) : null;
    const costHc = has('costCents') ? take('costCents', readUnits(text('costCents'), formatOf('costCents'), 4)) : null;
    const tags = has('tags') ? readList(text('tags')) : [];
    const checked = materialInputSchema.safeParse({
      sku: text('sku'),
      name: has('name') ? text('name') : 'Unchanged',
      description: text('description'),
      unit: unit ?? prepared.defaultUnit,
      costCents: (costHc ?? 0) / 100,
      tags,
    });
    const input = schemaErrors(checked, errors, text, 'sku');
    if (text('sku').trim() === '' && !errors.some(([field]) => field === 'sku'))
      errors.push(['sku', '', 'Give the material a SKU: rows are matched to materials by it.']);
    return {
      errors,
      values: [
        text('sku').trim(),
        input?.name ?? '',
        input?.description ?? '',
        unit ?? prepared.defaultUnit,
        costHc ?? 0,
        JSON.stringify(input?.tags ?? tags),
      ],
    };
  },
  check: async (tx, { actor, options }) => {
    await tx.execute(sql`UPDATE import_stage s SET material_id = m.id FROM materials m
      WHERE m.firm_id = ${actor.firmId} AND m.sku_key = s.sku_key AND s.errors IS NULL`);
    await matchChecks(tx, options, MATCH);
    await skuOwnerCheck(tx, actor.firmId, 'material_id');
  },
  count: (tx) => matchCounts(tx, MATCH),
  write: async (tx, { actor, importId, mapped }) => {
    const firm = actor.firmId;
    const user = actor.userId;
    const name = mapped.has('name') ? sql`s.name` : sql`m.name`;
    const tags = mapped.has('tags') ? stagedTags : sql`m.tags`;
    const sets = mappedSets(mapped, COLUMN_OF);
    const updated = await tx.execute(sql`
      WITH changed AS (
        UPDATE materials m SET ${setsFirst(sets)}
          search_text = search_text_of(ARRAY[${name}, m.sku] || ${tags}),
          version = m.version + 1, updated_at = now(), updated_by = ${user}
        FROM import_stage s WHERE m.id = s.material_id AND m.firm_id = ${firm}
        RETURNING m.id, s.row_no)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'raw_material', id, row_no, 'update' FROM changed`);
    const created = await tx.execute(sql`
      WITH made AS (
        INSERT INTO materials (firm_id, sku, name, description, unit, cost_hc, tags, search_text, created_by, updated_by)
        SELECT ${firm}, s.sku, s.name, s.description, s.unit, s.cost_hc, ${stagedTags},
          search_text_of(ARRAY[s.name, s.sku] || ${stagedTags}), ${user}, ${user}
        FROM import_stage s WHERE s.material_id IS NULL ORDER BY s.row_no
        RETURNING id, sku),
      claimed AS (INSERT INTO skus (firm_id, sku, material_id) SELECT ${firm}, sku, id FROM made)
      INSERT INTO import_records (firm_id, import_id, entity_type, entity_id, "row", action)
      SELECT ${firm}, ${importId}, 'raw_material', m.id, s.row_no, 'create' FROM made m JOIN import_stage s ON s.sku_key = lower(m.sku)`);
    return { created: created.rowCount ?? 0, updated: updated.rowCount ?? 0 };
  },
};
