import { KINDS, type Material, type MaterialRow, materialInputSchema } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { buildSearchText } from '../../platform/lists/list';
import { defineRecordType } from '../../platform/records/lifecycle';
import { getSettings } from '../../platform/settings/settings.service';
import { claimSku, nextSku } from '../products';
import { materials } from './materials.table';

type Row = typeof materials.$inferSelect;

const fields = (r: Row) => ({
  sku: r.sku,
  name: r.name,
  description: r.description,
  unit: r.unit,
  costCents: r.costHc / 100,
  tags: r.tags,
});

/** Raw materials (the `materials` module): a SKU in the firm's one registry, a unit and a cost. */
export const materialType = defineRecordType<typeof materials, typeof materialInputSchema, Material, MaterialRow>({
  kind: KINDS.raw_material,
  table: materials,
  input: materialInputSchema,
  title: (row) => row.name,
  // Its stock history (registered by the stock module) keeps it: archive it instead.
  references: { verb: 'has' },
  search: { title: materials.name, subtitle: sql<string>`${materials.sku}`, text: materials.searchText },
  columns: async (db, actor, input, before) => {
    const prefix = (await getSettings(db, actor.firmId, { banking: false })).productSettings.skuPrefix;
    const sku = input.sku || before?.sku || (await nextSku(db, actor.firmId, prefix));
    return {
      sku,
      name: input.name,
      description: input.description,
      unit: input.unit,
      costHc: Math.round(input.costCents * 100),
      tags: input.tags,
      searchText: buildSearchText([input.name, sku, ...input.tags]),
    };
  },
  afterWrite: (db, row) => claimSku(db, row.firmId, row.sku, { materialId: row.id }),
  audited: fields,
  detail: fields,
  list: {
    rowFields: { costCents: sql<number>`(${materials.costHc} / 100.0)::float8` },
    // Rows read the cost in cents; the list sorts (and pages) on the stored hundredths.
    sorts: { cost: { expr: materials.costHc, type: 'bigint', valid: (v) => /^-?\d{1,18}$/.test(v) } },
  },
});
