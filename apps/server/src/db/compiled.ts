import { Column, fillPlaceholders, getTableColumns, is, SQL, Table } from 'drizzle-orm';
import { type PgSelectBuilder, QueryBuilder, type SelectedFields } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { connectionOf, type Executor } from './client';

/**
 * A select the request path runs on every read (a record, a list's page of rows), built once
 * (decision 0022). Drizzle rebuilds a query's SQL from its parts on each run and works out how
 * to read each field of each row as it goes: for a page of 50 rows of 20 fields, that was a
 * quarter of a list request's time in Node. Here the SQL text and each field's reader are made
 * the first time, and a run only fills in its values (`sql.placeholder`) and reads the rows.
 * Outside a request's transaction (a nested one, or the pool) it runs through drizzle as usual,
 * with the same result.
 */

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Field = { path: string[]; decoder: Decoder };
// biome-ignore lint/suspicious/noExplicitAny: any selection; the caller names the row type
type Select = PgSelectBuilder<any, any>;
type Built = { toSQL(): { sql: string; params: unknown[] } };
type Runnable = { execute(values: Record<string, unknown>): Promise<unknown> };
const decoderOf = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;

/** The fields in the order drizzle writes them into the SQL: tables and nested objects flattened. */
function orderedFields(selection: Record<string, unknown>, prefix: string[] = []): Field[] {
  return Object.entries(selection).flatMap(([name, field]): Field[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, decoder: field }];
    if (is(field, SQL)) return [{ path, decoder: decoderOf(field) }];
    if (is(field, SQL.Aliased)) return [{ path, decoder: decoderOf(field.sql) }];
    if (is(field, Table)) return orderedFields(getTableColumns(field), path);
    return orderedFields(field as Record<string, unknown>, path);
  });
}

// As drizzle's node-postgres driver reads them: date and time types as PostgreSQL's text, which
// each column's own reader turns into what its mode says (a Date, a string).
const RAW_TYPES = new Set([1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
const raw = (value: unknown) => value;
const types = {
  getTypeParser: (id: number, format?: string) =>
    RAW_TYPES.has(id) ? raw : pg.types.getTypeParser(id, format as 'text'),
};

/**
 * `selection` and the rest of the query (`from`, `where` with `sql.placeholder(name)` for each
 * value): a function that runs it with the values, giving what drizzle would give.
 */
export function compiledSelect<Row, Values extends Record<string, unknown> = Record<string, unknown>>(
  selection: SelectedFields,
  rest: (select: Select) => Built,
): (db: Executor, values: Values) => Promise<Row[]> {
  let compiled: { text: string; params: unknown[]; read: (row: unknown[]) => Row } | undefined;
  const compile = () => {
    const { sql: text, params } = rest(new QueryBuilder().select(selection) as Select).toSQL();
    const fields = orderedFields(selection);
    const read = (row: unknown[]): Row => {
      const result: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i++) {
        const { path, decoder } = fields[i]!;
        const value = row[i] === null ? null : decoder.mapFromDriverValue(row[i]);
        let node = result;
        for (let p = 0; p < path.length - 1; p++) {
          node[path[p]!] ??= {};
          node = node[path[p]!] as Record<string, unknown>;
        }
        node[path.at(-1)!] = value;
      }
      return result as Row;
    };
    return { text, params, read };
  };
  return async (db, values) => {
    const client = connectionOf(db);
    if (!client)
      return (await (rest(db.select(selection) as unknown as Select) as unknown as Runnable).execute(values)) as Row[];
    compiled ??= compile();
    const result = await client.query<unknown[]>(
      { text: compiled.text, rowMode: 'array', types },
      fillPlaceholders(compiled.params, values),
    );
    return result.rows.map(compiled.read);
  };
}
