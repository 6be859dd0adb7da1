import {
  type FacetCounts,
  type Filter,
  type FilterValueRef,
  type filterInputSchema,
  SETTINGS_KINDS,
} from '@atelier/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type AuditActor, recordAudit } from '../../platform/audit/audit.service';
import { badRequest, conflict, isUniqueViolation, notFound, unlessNameTaken } from '../../platform/http/errors';
import { updateVersioned } from '../../platform/records/records';
import { catalogCombos, catalogCounts, filters, filterValues, NO_CATEGORY } from './filters.table';

type Input = z.output<typeof filterInputSchema>;
const kind = SETTINGS_KINDS.filter;

/**
 * The columns that carry filter value ids (products', variants'), registered by their modules:
 * a value is "in use" while one of them has it, and taking it off them is one statement each.
 */
type ValueColumn = { table: PgTable; column: AnyPgColumn; noun: string };
const valueColumns: ValueColumn[] = [];
export function registerFilterValueColumn(use: ValueColumn) {
  valueColumns.push(use);
}

async function usesOf(db: Executor, ids: string[]): Promise<{ noun: string; count: number }[]> {
  if (!ids.length) return [];
  const out = [];
  for (const use of valueColumns) {
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${use.table} WHERE ${use.column} && ${sql.param(ids)}::uuid[]`,
      )
    ).rows as [{ n: number }];
    if (n > 0) out.push({ noun: use.noun, count: n });
  }
  return out;
}

async function takeOff(db: Executor, ids: string[]) {
  for (const use of valueColumns) {
    // constant SQL: a column name registered by our own modules.
    const column = sql.identifier(use.column.name);
    await db.execute(sql`UPDATE ${use.table}
      SET ${column} = ARRAY(SELECT x FROM unnest(${use.column}) x WHERE x <> ALL(${sql.param(ids)}::uuid[]))
      WHERE ${use.column} && ${sql.param(ids)}::uuid[]`);
  }
}

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

async function readFilters(db: Executor, where?: SQL): Promise<Filter[]> {
  const rows = await db.select().from(filters).where(where).orderBy(asc(filters.nameKey));
  if (!rows.length) return [];
  const values = await db
    .select({
      _id: filterValues.id,
      filterId: filterValues.filterId,
      name: filterValues.name,
      products: sql<number>`COALESCE(${catalogCounts.products}, 0)`,
    })
    .from(filterValues)
    .leftJoin(catalogCounts, and(eq(catalogCounts.firmId, filterValues.firmId), eq(catalogCounts.key, filterValues.id)))
    .where(
      inArray(
        filterValues.filterId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(filterValues.position));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    values: values.filter((v) => v.filterId === r.id).map(({ _id, name, products }) => ({ _id, name, products })),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The firm's filters by name, each with its values in order and how many products carry each. */
export const listFilters = (db: Executor) => readFilters(db);

export async function getFilter(db: Executor, id: string): Promise<Filter> {
  const [found] = isUuid(id) ? await readFilters(db, eq(filters.id, id)) : [];
  if (!found) throw notFound('This filter does not exist.');
  return found;
}

const audited = (f: Filter) => ({ name: f.name, values: f.values.map((v) => v.name).join(', ') });

/** Writes the values as given, in order: kept ones renamed and moved, new ones added, the rest gone. */
async function writeValues(db: Executor, firmId: string, filterId: string, values: Input['values'], gone: string[]) {
  if (gone.length) await db.delete(filterValues).where(inArray(filterValues.id, gone));
  // Names are unique per filter: park the kept ones first, so a swap of two names does not collide.
  const kept = values.filter((v) => v._id);
  if (kept.length)
    await db
      .update(filterValues)
      .set({ name: sql`'~' || ${filterValues.id}::text` })
      .where(
        inArray(
          filterValues.id,
          kept.map((v) => v._id!),
        ),
      );
  for (const [position, v] of values.entries()) {
    if (v._id) await db.update(filterValues).set({ name: v.name, position }).where(eq(filterValues.id, v._id));
    else await db.insert(filterValues).values({ firmId, filterId, name: v.name, position });
  }
  await forgetCounts(db, firmId, gone);
}

/** Drops the kept counts of filter values that are gone (their products were taken off them first). */
async function forgetCounts(db: Executor, firmId: string, ids: string[]) {
  if (!ids.length) return;
  await db.delete(catalogCounts).where(and(eq(catalogCounts.firmId, firmId), inArray(catalogCounts.key, ids)));
  // Combinations with them have no products left (their products were taken off them).
  await db
    .delete(catalogCombos)
    .where(
      and(
        eq(catalogCombos.firmId, firmId),
        eq(catalogCombos.products, 0),
        sql`${catalogCombos.facetIds} && ${sql.param(ids)}::uuid[]`,
      ),
    );
}

export async function createFilter(db: Executor, actor: AuditActor, input: Input): Promise<Filter> {
  if (input.values.some((v) => v._id))
    throw badRequest('A new filter’s values are new too.', { values: 'A new filter’s values are new too.' });
  const [row] = await db
    .insert(filters)
    .values({ firmId: actor.firmId, name: input.name, updatedBy: actor.userId })
    .returning()
    .catch(unlessNameTaken('filter', input.name));
  await writeValues(db, actor.firmId, row!.id, input.values, []);
  const made = await getFilter(db, row!.id);
  await recordAudit(db, actor, { entityType: kind.key, entityId: made._id, action: 'create', after: audited(made) });
  return made;
}

/**
 * PUT /filters/{id}: its name and values in order. A value left out that products or variants
 * carry goes only with `removeUsed`, which takes it off them in the same transaction.
 */
export async function updateFilter(db: Executor, actor: AuditActor, id: string, input: Input & { version: number }) {
  const before = await getFilter(db, id);
  const own = new Set(before.values.map((v) => v._id));
  if (input.values.some((v) => v._id && !own.has(v._id)))
    throw badRequest('Not a value of this filter.', { values: 'Not a value of this filter.' });
  const sent = new Set(input.values.flatMap((v) => (v._id ? [v._id] : [])));
  const gone = before.values.filter((v) => !sent.has(v._id));
  const row = await updateVersioned(db, actor, filters, id, input.version, kind.noun, { name: input.name }).catch(
    unlessNameTaken('filter', input.name),
  );
  await refuseOrTakeOff(
    db,
    gone.map((v) => v._id),
    input.removeUsed,
    (uses) => `${gone.map((v) => v.name).join(', ')} ${gone.length === 1 ? 'is' : 'are'} on ${uses}`,
  );
  await writeValues(
    db,
    actor.firmId,
    id,
    input.values,
    gone.map((v) => v._id),
  ).catch((error) => {
    throw isUniqueViolation(error) ? badRequest('Each value once.', { values: 'Each value once.' }) : error;
  });
  const after = await getFilter(db, id);
  await recordAudit(db, actor, {
    entityType: kind.key,
    entityId: id,
    action: 'update',
    version: row.version,
    before: audited(before),
    after: audited(after),
  });
  return after;
}

/** A 409 naming what carries the values, unless they are to be taken off (`removeUsed`). */
async function refuseOrTakeOff(db: Executor, ids: string[], removeUsed: boolean, what: (uses: string) => string) {
  const uses = await usesOf(db, ids);
  if (!uses.length) return;
  if (!removeUsed)
    throw conflict(
      `${what(uses.map((u) => plural(u.count, u.noun)).join(' and '))}. Confirm to take ${ids.length === 1 ? 'it' : 'them'} off.`,
    );
  await takeOff(db, ids);
}

/** DELETE /filters/{id}: one whose values products carry goes only with `removeUsed`. */
export async function deleteFilter(db: Executor, actor: AuditActor, id: string, removeUsed: boolean) {
  const [row] = isUuid(id) ? await db.select().from(filters).where(eq(filters.id, id)).for('update') : [];
  if (!row) throw notFound('This filter does not exist.');
  const before = await getFilter(db, id);
  const ids = before.values.map((v) => v._id);
  await refuseOrTakeOff(db, ids, removeUsed, (uses) => `${before.name}’s values are on ${uses}`);
  await db.delete(filters).where(eq(filters.id, id));
  await forgetCounts(db, actor.firmId, ids);
  await recordAudit(db, actor, { entityType: kind.key, entityId: id, action: 'delete', before: audited(before) });
}

/** The ids a product or variant form sent, once each is one of the firm's filter values (400 otherwise). */
export async function assertFilterValues(db: Executor, ids: string[], field = 'filterValues'): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: filterValues.id }).from(filterValues).where(inArray(filterValues.id, ids));
  if (found.length !== ids.length)
    throw badRequest('Choose filter values from the list.', { [field]: 'Choose filter values from the list.' });
  return ids;
}

/** Filter values by id, as forms and pages name them ("Finish: Walnut"), in filter then value order. */
export function filterValueRefs(ids: AnyPgColumn | SQL) {
  return sql<
    FilterValueRef[]
  >`COALESCE((SELECT json_agg(json_build_object('_id', fv.id, 'name', fv.name, 'filter', f.name)
    ORDER BY f.name_key, fv.position) FROM ${filterValues} fv JOIN ${filters} f ON f.id = fv.filter_id
    WHERE fv.id = ANY(${ids})), '[]'::json)`;
}

/**
 * Facet counts from `counts`, a query of (key, products) rows: each key is a category's or a
 * filter value's id, told apart by whether it is a filter value.
 */
export async function facetCounts(db: Executor, counts: SQL): Promise<FacetCounts> {
  const rows = (
    await db.execute<{ key: string; products: number; value: boolean }>(
      sql`SELECT c.key, c.products, fv.id IS NOT NULL AS value FROM (${counts}) c
          LEFT JOIN ${filterValues} fv ON fv.id = c.key WHERE c.products > 0`,
    )
  ).rows;
  const out: FacetCounts = { categories: [], values: [] };
  for (const r of rows) (r.value ? out.values : out.categories).push({ _id: r.key, products: r.products });
  return out;
}

/** The kept counts of every category and filter value (the unfiltered facets): one indexed read. */
export const keptFacetCounts = (db: Executor) => facetCounts(db, sql`SELECT key, products FROM ${catalogCounts}`);

/**
 * Counts under category and facet filters (no search, no other filter), from the kept
 * combinations (`condition` on catalog_combos' category_key and facet_ids): their rows, not the
 * products', whatever the catalog's size.
 */
export const comboFacetCounts = (db: Executor, condition: SQL | undefined) =>
  facetCounts(
    db,
    sql`SELECT k AS key, sum(${catalogCombos.products})::int AS products FROM ${catalogCombos},
          unnest(CASE WHEN ${catalogCombos.categoryKey} = ${NO_CATEGORY}::uuid THEN ${catalogCombos.facetIds}
                      ELSE ${catalogCombos.facetIds} || ${catalogCombos.categoryKey} END) AS k
        WHERE ${catalogCombos.products} > 0 AND ${condition ?? sql`true`} GROUP BY k`,
  );
