import { columnSortKey, csvCell, type KindColumn, type RecordKind } from '@atelier/contracts';
import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
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
import { type RecordTable, rowColumns } from './record-table';

type KindList<Row extends { _id: string }> = Omit<ListSpec<Row>, 'noun' | 'table' | 'id' | 'scope'>;

/**
 * What a kind with declared columns says about its list beyond them: sorts and filters that are
 * not a column's own, and how a row's field is read when it is not the table's column of that
 * name (a count, a converted unit).
 */
export type DeclaredListSpec<Row extends { _id: string }> = Partial<KindList<Row>> & {
  rowFields?: Record<string, SQL | AnyPgColumn>;
};

const columnOf = (table: RecordTable, name: string): AnyPgColumn | undefined =>
  Object.hasOwn(table, name) ? ((table as unknown as Record<string, AnyPgColumn>)[name] ?? undefined) : undefined;

/**
 * A declared column's sort: the table's lower-cased `…Key` column when it has one (names sort
 * without case), else the column itself. Only text and timestamps sort without a declared
 * cursor check; anything else must be declared in the list spec.
 */
function sortOf(kind: RecordKind, table: RecordTable, column: KindColumn): SortDef {
  const expr = columnOf(table, `${column.key}Key`) ?? columnOf(table, column.key);
  const type = expr?.getSQLType();
  if (!expr || (type !== 'text' && type !== 'timestamp with time zone'))
    throw new Error(`${kind.key}: declare the sort "${column.key}" in the list spec`);
  return { expr, type: type === 'text' ? 'text' : 'timestamptz' };
}

/** The list a kind's declared columns give, with what the kind adds. */
export function declaredList<Row extends { _id: string }>(
  kind: RecordKind,
  table: RecordTable,
  given: DeclaredListSpec<Row>,
): KindList<Row> {
  const columns = kind.columns ?? [];
  const sorts: Record<string, SortDef> = Object.create(null);
  const filters: Record<string, FilterDef> = Object.create(null);
  for (const column of columns) {
    if (column.sort) sorts[columnSortKey(column)] = sortOf(kind, table, column);
    const field = columnOf(table, column.key);
    if (column.choices && field) filters[column.key] = oneOf(field, Object.keys(column.choices), column.key);
  }
  filters.status = archiveStatus(table.archivedAt);
  filters.id = idsIn(table.id, kind.noun);
  const tags = columnOf(table, 'tags');
  if (tags) filters.tag = anyTag(tags);
  const nameKey = columnOf(table, 'nameKey');
  const search = given.search ?? (nameKey ? searchText(table, table.id, nameKey) : undefined);
  if (!search) throw new Error(`${kind.key}: declare the list's search`);

  const fields: Record<string, SQL | AnyPgColumn> = Object.create(null);
  for (const column of columns) {
    const read = given.rowFields?.[column.key] ?? columnOf(table, column.key);
    if (read && !(column.key in rowColumns(table))) fields[column.key] = read;
  }
  Object.assign(fields, given.rowFields);
  const fetch = (db: Executor, ids: string[]) =>
    db
      .select({ ...rowColumns(table), ...fields })
      .from(table as PgTable)
      .where(inArray(table.id, ids)) as unknown as Promise<Row[]>;

  return {
    sorts: { ...sorts, ...given.sorts },
    defaultSort: given.defaultSort ?? Object.keys(sorts)[0] ?? 'created',
    filters: { ...filters, ...given.filters },
    defaultFilters: given.defaultFilters ?? { status: ['active'] },
    search,
    fetch: given.fetch ?? fetch,
  };
}

/** A CSV header: a percentage says so, since its cells are bare numbers. */
const csvLabel = (column: KindColumn) => (column.format === 'percent' ? `${column.label} (%)` : column.label);

/** The CSV export of a kind's declared columns, then whether each row is archived. */
export function declaredCsv<Row extends { _id: string; archived?: boolean }>(kind: RecordKind): CsvColumn<Row>[] {
  return [
    ...(kind.columns ?? []).map(
      (column): CsvColumn<Row> => [
        csvLabel(column),
        (row) => csvCell(column, (row as Record<string, unknown>)[column.key]),
        column.key,
      ],
    ),
    ['Archived', (row) => (row.archived ? 'yes' : 'no')],
  ];
}
