import type { DocumentLine } from '@atelier/contracts';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { badRequest } from '../../platform/http/errors';
import { itemViewSql } from '../stock';
import { documentLineColumns } from './lines.columns';
import type { PricedLineValues } from './price-lines';

/** A document's line table: its parent column, by its SQL name. */
export type LineTable = { table: PgTable; parent: AnyPgColumn; parentKey: string };

/**
 * Writes a document's lines as priced: those named by id keep their id and row (they must be
 * this document's; what else the row holds, an order line's delivered quantity, stays), the rest
 * are new, and lines left out go. `extra` adds a document's own columns per line (the order line
 * a change order's line changes).
 */
export async function writeLines(
  db: Executor,
  lines: LineTable,
  firmId: string,
  parentId: string,
  priced: PricedLineValues[],
  editing: boolean,
  extra?: (line: PricedLineValues, i: number) => Record<string, unknown>,
) {
  if (editing) {
    const named = priced.flatMap((l, i) => (l.id ? [{ id: l.id, i }] : []));
    if (named.length) {
      const existing = new Set(
        (
          await db.execute<{ id: string }>(
            sql`SELECT id FROM ${lines.table} WHERE ${lines.parent} = ${parentId} AND id = ANY(${sql.param(named.map((n) => n.id))}::uuid[])`,
          )
        ).rows.map((r) => r.id),
      );
      const strangers = named.filter((n) => !existing.has(n.id));
      if (strangers.length)
        throw badRequest(
          'A line named is not a line of this document.',
          Object.fromEntries(strangers.map((n) => [`lines.${n.i}.id`, 'Not a line of this document.'])),
        );
    }
    await db.execute(
      sql`DELETE FROM ${lines.table} WHERE ${lines.parent} = ${parentId}
            AND NOT (id = ANY(${sql.param(named.map((n) => n.id))}::uuid[]))`,
    );
  }
  if (!priced.length) return;
  const values = priced.map((l, position) => ({
    ...(l.id ? { id: l.id } : {}),
    ...extra?.(l, position),
    firmId,
    [lines.parentKey]: parentId,
    position,
    kind: l.kind,
    productId: l.item?.productId ?? null,
    variantId: l.item?.variantId ?? null,
    materialId: l.item?.materialId ?? null,
    specialVendorId: l.specialVendorId,
    specialSku: l.specialSku,
    specialLeadDays: l.specialLeadDays,
    name: l.name,
    sku: l.sku,
    description: l.description,
    unit: l.unit,
    measure: l.measure,
    basis: l.basis,
    piecesE4: l.piecesE4,
    quantityE4: l.quantityE4,
    unitPriceCents: l.unitPriceCents,
    listPriceCents: l.listPriceCents,
    priceSource: l.priceSource,
    priceEntered: l.priceEntered,
    unitCostHc: l.unitCostHc,
    discount: l.discount,
    taxClass: l.taxClass,
    taxRateBps: l.taxRateBps,
    optional: l.optional,
    selected: l.selected,
    groupKey: l.groupKey,
    chosen: l.chosen,
    counted: l.counted,
    subtotalCents: l.subtotalCents,
    lineDiscountCents: l.lineDiscountCents,
    orderDiscountCents: l.orderDiscountCents,
    couponCents: l.couponCents,
    netCents: l.netCents,
    taxCents: l.taxCents,
    totalCents: l.totalCents,
  }));
  // A line kept is updated in place: its other columns (delivered, committed) stay.
  const columns = getTableColumns(lines.table);
  const set = Object.fromEntries(
    Object.keys(values[0]!)
      .filter((k) => k !== 'id' && k !== 'firmId' && k !== lines.parentKey)
      // constant SQL: the column names of a table defined in our code.
      .map((k) => [k, sql.raw(`excluded.${columns[k]!.name}`)]),
  );
  await db
    .insert(lines.table)
    .values(values as never)
    .onConflictDoUpdate({ target: columns.id!, set: set as never });
}

/**
 * A document's lines as its page reads them (DocumentLine), in order, as one JSON value;
 * `more` adds a document's own fields per line (an order's delivered quantity).
 */
export function linesJsonSql(lines: LineTable, parentId: SQL | AnyPgColumn, more?: SQL): SQL<DocumentLine[]> {
  const t = sql.identifier(getTableName(lines.table));
  // constant SQL: the name of a column of a table defined in our code.
  const parent = sql.identifier(lines.parent.name);
  return sql<DocumentLine[]>`COALESCE((SELECT json_agg(json_build_object(
      'id', l.id, 'kind', l.kind,
      'item', CASE WHEN l.item_id IS NULL THEN NULL ELSE ${itemViewSql('l')} END,
      'special', CASE WHEN l.special_vendor_id IS NULL THEN NULL ELSE json_build_object(
          'vendor', (SELECT json_build_object('_id', v.id, 'name', v.name) FROM vendors v WHERE v.id = l.special_vendor_id),
          'sku', l.special_sku, 'costCents', l.unit_cost_hc / 100.0, 'leadTimeDays', l.special_lead_days) END,
      'name', l.name, 'sku', l.sku, 'description', l.description, 'unit', l.unit, 'measure', l.measure,
      'basis', to_json(l.basis), 'quantity', l.quantity_e4 / 10000.0, 'pieces', l.pieces_e4 / 10000.0,
      'unitPriceCents', l.unit_price_cents, 'listPriceCents', l.list_price_cents, 'priceSource', l.price_source,
      'unitCost', l.unit_cost_hc / 100.0, 'discount', l.discount, 'taxClass', l.tax_class, 'taxRateBps', l.tax_rate_bps,
      'optional', l.optional, 'selected', l.selected, 'group', l.group_key, 'chosen', l.chosen, 'counted', l.counted,
      'subtotalCents', l.subtotal_cents, 'lineDiscountCents', l.line_discount_cents,
      'orderDiscountCents', l.order_discount_cents, 'couponCents', l.coupon_cents, 'netCents', l.net_cents,
      'taxCents', l.tax_cents, 'totalCents', l.total_cents${more ? sql`, ${more}` : sql``}) ORDER BY l.position)
    FROM ${t} l WHERE l.${parent} = ${parentId}), '[]'::json)`;
}

/** The line columns every document shares, by their keys (the stocked item is worked out, not copied). */
const SHARED = Object.keys(documentLineColumns()).filter((key) => key !== 'itemId');

/**
 * One document's lines written over another's, as they are (a change order's onto its order
 * when it is approved): `idOf` says, of a source line `l`, the target line it becomes (a kept
 * line is updated in place, so what else its row holds stays); target lines no source line
 * becomes go.
 */
export async function copyLines(db: Executor, from: LineTable, fromId: string, to: LineTable, toId: string, idOf: SQL) {
  const columns = getTableColumns(to.table);
  const shared = SHARED.map((key) => columns[key]!.name);
  // Every name below is a column of a table defined in our code, never a request's text.
  // constant SQL: column names
  const names = sql.raw(shared.join(', '));
  // constant SQL: column names
  const source = sql.raw(shared.map((n) => `l.${n}`).join(', '));
  // constant SQL: column names
  const update = sql.raw(shared.map((n) => `${n} = excluded.${n}`).join(', '));
  // constant SQL: a column name
  const toParent = sql.identifier(to.parent.name);
  // constant SQL: a column name
  const fromParent = sql.identifier(from.parent.name);
  await db.execute(sql`
    DELETE FROM ${to.table} WHERE ${toParent} = ${toId}
       AND id NOT IN (SELECT ${idOf} FROM ${from.table} l WHERE l.${fromParent} = ${fromId} AND ${idOf} IS NOT NULL)`);
  await db.execute(sql`
    INSERT INTO ${to.table} (id, firm_id, ${toParent}, ${names})
    SELECT COALESCE(${idOf}, gen_random_uuid()), l.firm_id, ${toId}, ${source}
      FROM ${from.table} l WHERE l.${fromParent} = ${fromId}
    ON CONFLICT (id) DO UPDATE SET ${update}`);
}
