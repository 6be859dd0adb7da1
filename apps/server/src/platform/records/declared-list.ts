import { columnName, csvCell, type KindColumn, kindHas, type RecordKind } from '@atelier/contracts';
import { Column, is, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { compiledSelect } from '../../db/compiled';
import type { CsvColumn } from '../lists/export';
import {
  anyTag,
  archiveStatus,
  type FilterDef,
  idsIn,
  type ListSpec,
  oneOf,
  type SortDef,
  searchText,
} from '../lists/list';
import { type OwnRecordTable, personColumn, type RecordTable, rowColumns } from './record-table';

type KindList<Row extends { _id: string }> = Omit<ListSpec<Row>, 'noun' | 'table' | 'id' | 'scope'>;

/**
 * What a kind with declared columns says about its list beyond them: sorts and filters that are
 * not a column's own, and how a row's field is read when it is not the table's column of that
 * name (a count, a converted unit, another record's name).
 */
export type DeclaredListSpec<Row extends { _id: string }> = Partial<KindList<Row>> & {
  rowFields?: Record<string, SQL | AnyPgColumn>;
};

const columnOf = (table: RecordTable, name: string): AnyPgColumn | undefined =>
  Object.hasOwn(table, name) ? ((table as unknown as Record<string, AnyPgColumn>)[name] ?? undefined) : undefined;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date cursor: a real calendar date, or the infinity a "none" sorts as. */
const validDate = (v: string) =>
  v === 'infinity' ||
  v === '-infinity' ||
  (DATE.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v));

/**
 * A declared column's sort, on a plain column of the table (decision 0006): the lower-cased or
 * null-free `…Key` column of its name or key when the table has one (`nameKey`, a lead's
 * `followUpKey`), else the column its rows read, else the table's column of its key. Text,
 * timestamps, dates and integers sort, each cursor checked against its type (and a choice's
 * against the choices); anything else must be declared in the list spec.
 */
function sortOf(kind: RecordKind, table: RecordTable, column: KindColumn, read: unknown): SortDef {
  const name = columnName(column);
  const expr =
    columnOf(table, `${name}Key`) ??
    columnOf(table, `${column.key}Key`) ??
    (is(read, Column) ? (read as AnyPgColumn) : undefined) ??
    columnOf(table, column.key);
  const choices = column.choices;
  switch (expr?.getSQLType()) {
    case 'text':
      return { expr: expr!, type: 'text', ...(choices ? { valid: (v: string) => Object.hasOwn(choices, v) } : {}) };
    case 'timestamp with time zone':
      return { expr: expr!, type: 'timestamptz' };
    case 'date':
      return { expr: expr!, type: 'date', valid: validDate };
    case 'integer':
      return { expr: expr!, type: 'integer', valid: (v) => /^-?\d{1,9}$/.test(v) };
    case 'bigint':
      return { expr: expr!, type: 'bigint', valid: (v) => /^-?\d{1,18}$/.test(v) };
    default:
      throw new Error(`${kind.key}: declare the sort "${name}" in the list spec`);
  }
}

/** How a list row reads a declared column: as the kind says, a person by name, or the table's column. */
function readOf(
  kind: RecordKind,
  table: RecordTable,
  column: KindColumn,
  rowFields: Record<string, SQL | AnyPgColumn> = {},
) {
  if (Object.hasOwn(rowFields, column.key)) return rowFields[column.key]!;
  const own = column.format === 'ref' ? undefined : columnOf(table, column.key);
  if (!own) throw new Error(`${kind.key}: say how a row reads "${column.key}" (rowFields)`);
  return column.format === 'person' ? personColumn(own) : own;
}

/** The list a kind's declared columns give, with what the kind adds. */
export function declaredList<Row extends { _id: string }>(
  kind: RecordKind,
  table: OwnRecordTable,
  given: DeclaredListSpec<Row>,
): KindList<Row> {
  const columns = kind.columns ?? [];
  const base = rowColumns(table);
  const sorts: Record<string, SortDef> = Object.create(null);
  const filters: Record<string, FilterDef> = Object.create(null);
  const fields: Record<string, SQL | AnyPgColumn> = Object.create(null);
  for (const column of columns) {
    const name = columnName(column);
    const read = column.key in base ? undefined : readOf(kind, table, column, given.rowFields);
    if (read) fields[column.key] = read;
    if (column.sort && !given.sorts?.[name]) sorts[name] = sortOf(kind, table, column, read);
    const field = columnOf(table, column.key);
    // Every list's own filters keep their names: a kind's "status" column is named otherwise (a lead's stage).
    if (column.choices && ['status', 'id', 'tag'].includes(name))
      throw new Error(`${kind.key}: the "${name}" filter is every list's own; give the column another name`);
    if (column.choices && field) filters[name] = oneOf(field, Object.keys(column.choices), name);
  }
  filters.status = archiveStatus(table.archivedAt);
  filters.id = idsIn(table.id, kind.noun);
  const tags = columnOf(table, 'tags');
  if (tags) filters.tag = anyTag(tags);
  const nameKey = columnOf(table, 'nameKey');
  const search = given.search ?? (nameKey ? searchText(table, nameKey) : undefined);
  if (!search) throw new Error(`${kind.key}: declare the list's search`);

  Object.assign(fields, given.rowFields);
  // One statement text whatever the page's length (`= ANY` of an array, not `IN` of n values),
  // built once (db/compiled.ts).
  const select = compiledSelect<Row>({ ...base, ...fields }, (q) =>
    q.from(table as PgTable).where(sql`${table.id} = ANY(${sql.placeholder('ids')}::uuid[])`),
  );
  const fetch = (db: Executor, ids: string[]) => select(db, { ids });

  return {
    sorts: { ...sorts, ...given.sorts },
    defaultSort: given.defaultSort ?? Object.keys(sorts)[0] ?? 'created',
    filters: { ...filters, ...given.filters },
    // A kind whose records are never archived (numbered documents) has none to hide: no filter,
    // so its count and pages read its indexes alone.
    defaultFilters: given.defaultFilters ?? (kindHas(kind, 'archive') ? { status: ['active'] } : {}),
    search,
    fetch: given.fetch ?? fetch,
  };
}

/** A CSV header: a percentage says so, since its cells are bare numbers. */
const csvLabel = (column: KindColumn) => (column.format === 'percent' ? `${column.label} (%)` : column.label);

/**
 * The CSV export of a kind's declared columns, then whether each row is archived, then the
 * columns behind a field code (an account's financials): the others keep their places whoever
 * exports, and those without the code get the file without them.
 */
export function declaredCsv<Row extends { _id: string; archived?: boolean }>(kind: RecordKind): CsvColumn<Row>[] {
  const columns = kind.columns ?? [];
  const gated = (column: KindColumn) => Object.hasOwn(kind.fieldCodes ?? {}, column.key);
  const csvColumn = (column: KindColumn): CsvColumn<Row> => [
    csvLabel(column),
    (row) => csvCell(column, (row as Record<string, unknown>)[column.key]),
    column.key,
  ];
  return [
    ...columns.filter((column) => !gated(column)).map(csvColumn),
    ['Archived', (row) => (row.archived ? 'yes' : 'no')],
    ...columns.filter(gated).map(csvColumn),
  ];
}
