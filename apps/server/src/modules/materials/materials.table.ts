import type { SellUnit } from '@atelier/contracts';
import { SELL_UNITS } from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { firmId, firmIsolation, id, oneOf, recordColumns } from '../../db/columns';
import { firms } from '../../platform/identity/firms.table';

/** A raw material: stocked and bought like a product; its cost is hundredths of a cent. */
export const materials = pgTable(
  'materials',
  {
    id: id(),
    firmId: firmId(() => firms.id),
    sku: text('sku').notNull(),
    skuKey: text('sku_key').notNull().generatedAlwaysAs(sql`lower(sku)`),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower(name)`),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<SellUnit>().notNull(),
    costHc: bigint('cost_hc', { mode: 'number' }).notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    searchText: text('search_text').notNull().default(''),
    ...recordColumns(),
  },
  (t) => [
    index('materials_name_idx').on(t.firmId, t.nameKey, t.id),
    index('materials_sku_idx').on(t.firmId, t.skuKey, t.id),
    index('materials_cost_idx').on(t.firmId, t.costHc, t.id),
    index('materials_created_idx').on(t.firmId, t.createdAt, t.id),
    index('materials_updated_idx').on(t.firmId, t.updatedAt, t.id),
    index('materials_search_idx').using('gin', t.firmId, sql`${t.searchText} gin_trgm_ops`),
    check('materials_unit_check', oneOf('unit', SELL_UNITS)),
    check('materials_cost_check', sql`cost_hc >= 0`),
    firmIsolation(t.firmId),
  ],
);
