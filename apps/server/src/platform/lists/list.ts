import { LIST_TOTAL_CAP, LIST_TOTAL_CAPPED, type ListPage, type ListQuery } from '@atelier/contracts';
import { and, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { badRequest, HttpError } from '../http/errors';
import { decodeCursor, encodeCursor, invalidCursor } from '../http/list';

/**
 * A sort a list allows: the column (matching an index on (firm_id, column, id)), its SQL type,
 * and (for types other than text and timestamps) which cursor values are valid. A plain column
 * of a type with leakproof comparisons, never an expression or an enum: under row-level security
 * only leakproof comparisons become index conditions, and the keyset `(key, id) > (...)` must
 * be one for a deep page to cost what the first does (decision 0006).
 */
export type SortDef = { expr: AnyPgColumn; type: string; valid?: (value: string) => boolean };

const TIMESTAMP =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor's sort value must be of the sort's type before it goes near SQL. */
function validCursorValue(def: SortDef, value: string): boolean {
  if (def.valid) return def.valid(value);
  // PostgreSQL's own text form of a timestamptz, e.g. 2026-11-21 16:00:00.123456+00.
  if (def.type === 'timestamptz') return TIMESTAMP.test(value);
  return true;
}
/** A filter a list allows: the values of `filter[key][]` as a condition, or a 400 for bad values. */
export type FilterDef = (values: string[]) => SQL | undefined;

export type ListSpec<Row extends { _id: string }> = {
  /** What the list calls its rows, in messages ("accounts"). */
  noun: string;
  table: PgTable;
  id: AnyPgColumn;
  /** The firm scope: every list filters on it explicitly, on top of row-level security. */
  scope: SQL;
  sorts: Record<string, SortDef>;
  defaultSort: string;
  filters: Record<string, FilterDef>;
  /** Filters applied when the query names none for that key (archived rows hidden by default). */
  defaultFilters?: Record<string, string[]>;
  /** The condition for `q`. */
  search: (q: string) => SQL;
  /**
   * The rows for a page's ids, in any order, with whatever they join. The page itself is chosen
   * on the list's own table first, so joins cost 50 rows, never every row a search matched.
   */
  fetch: (db: Executor, ids: string[]) => Promise<Row[]>;
};

/** A list cursor: [sort value, id, sort key], so a cursor from another sort is refused. */
function decode(cursor: string, sortKey: string): [string, string] {
  const [value, id, key] = decodeCursor(cursor, 3);
  if (key === sortKey && typeof value === 'string' && isUuid(id)) return [value, id];
  throw invalidCursor();
}

/** The condition of a query without paging: filters (or their defaults) and search. */
export function listCondition<Row extends { _id: string }>(
  spec: ListSpec<Row>,
  query: Pick<ListQuery, 'q' | 'filter'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [spec.scope];
  const given = query.filter ?? {};
  for (const key of Object.keys(given)) {
    // Own keys only: "toString" or "constructor" must not find the prototype's.
    if (!Object.hasOwn(spec.filters, key))
      throw badRequest(`You cannot filter ${spec.noun} by "${key}".`, {
        [`filter.${key}`]: 'Not a filter of this list.',
      });
  }
  for (const [key, filter] of Object.entries(spec.filters)) {
    const values = (Object.hasOwn(given, key) ? given[key] : undefined) ?? spec.defaultFilters?.[key];
    if (values && values.length > 0) conditions.push(withFieldKey(key, () => filter(values)));
  }
  if (query.q) conditions.push(spec.search(query.q));
  return and(...conditions);
}

/** A filter's complaint, filed under the query key the client sent: filter.{key}. */
function withFieldKey(key: string, build: () => SQL | undefined): SQL | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) {
      throw badRequest(error.message, { [`filter.${key}`]: Object.values(error.fields ?? {})[0] ?? error.message });
    }
    throw error;
  }
}

export function parseSort<Row extends { _id: string }>(spec: ListSpec<Row>, sort: string | undefined) {
  const key = sort || spec.defaultSort;
  const desc = key.startsWith('-');
  const field = desc ? key.slice(1) : key;
  const def = Object.hasOwn(spec.sorts, field) ? spec.sorts[field] : undefined;
  if (!def) {
    const allowed = Object.keys(spec.sorts).join(', ');
    throw badRequest(`You cannot sort ${spec.noun} by "${field}". Sort by ${allowed}.`, {
      sort: `Sort by ${allowed}.`,
    });
  }
  return { key, desc, def };
}

/**
 * One page of a list, by keyset: rows after the cursor's (sort value, id), in (sort, id) order,
 * so a deep page costs what the first one does. The total is counted within the firm up to
 * 10,000, then reported as "10,000+".
 */
export async function listPage<Row extends { _id: string }>(
  db: Executor,
  spec: ListSpec<Row>,
  query: ListQuery,
  options: { count?: boolean } = {},
): Promise<ListPage<Row>> {
  const { key, desc, def } = parseSort(spec, query.sort);
  const where = listCondition(spec, query);
  let paged = where;
  if (query.cursor) {
    const [value, id] = decode(query.cursor, key);
    if (!validCursorValue(def, value)) throw invalidCursor();
    // constant SQL: a sort key's type comes from the list's own definition, never from the request.
    const type = sql.raw(def.type);
    const after = desc
      ? sql`(${def.expr}, ${spec.id}) < (${value}::${type}, ${id}::uuid)`
      : sql`(${def.expr}, ${spec.id}) > (${value}::${type}, ${id}::uuid)`;
    paged = and(where, after);
  }
  const direction = desc ? sql`DESC` : sql`ASC`;
  // A substring search visits every match to sort them, so on the first page the same pass
  // counts them too, rather than a second search for the total.
  const countInPage = options.count !== false && !query.cursor && isSubstringSearch(query.q);
  const keys = await db.execute<{ id: string; sort: string | null; total?: number }>(
    sql`SELECT ${spec.id} AS id, (${def.expr})::text AS sort${countInPage ? sql`, count(*) OVER ()::int AS total` : sql``}
        FROM ${spec.table} WHERE ${paged ?? sql`true`}
        ORDER BY ${def.expr} ${direction}, ${spec.id} ${direction} LIMIT ${query.limit + 1}`,
  );
  const page = keys.rows.slice(0, query.limit);
  const byId = new Map(
    (page.length
      ? await spec.fetch(
          db,
          page.map((k) => k.id),
        )
      : []
    ).map((r) => [r._id, r]),
  );
  // A row deleted between the two statements is simply left out.
  const items = page.flatMap((k) => byId.get(k.id) ?? []);
  const last = page.at(-1);
  const n =
    options.count === false
      ? 0
      : countInPage
        ? (keys.rows[0]?.total ?? 0)
        : ((
            await db.execute<{ n: number }>(
              sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${spec.table} WHERE ${where ?? sql`true`} LIMIT ${LIST_TOTAL_CAP + 1}) capped`,
            )
          ).rows[0]?.n ?? 0);
  return {
    items,
    total: n > LIST_TOTAL_CAP ? LIST_TOTAL_CAPPED : n,
    next: keys.rows.length > query.limit && last ? encodeCursor([last.sort, last.id, key]) : null,
  };
}

// ---- Filters and searches most lists share ----

export function oneOf<T extends string>(column: AnyPgColumn, allowed: readonly T[], what: string): FilterDef {
  return (values) => {
    const bad = values.filter((v) => !(allowed as readonly string[]).includes(v));
    if (bad.length)
      throw badRequest(`"${bad[0]}" is not a ${what}.`, { [`filter.${what}`]: `Choose from: ${allowed.join(', ')}.` });
    return sql`${column} IN (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
  };
}

export function idsIn(column: AnyPgColumn, what: string, allowNone = false): FilterDef {
  return (values) => {
    const none = allowNone && values.includes('none');
    const ids = values.filter((v) => v !== 'none');
    if (ids.some((v) => !isUuid(v)))
      throw badRequest(`Not a valid ${what}.`, { [`filter.${what}`]: `Not a valid ${what}.` });
    const parts: SQL[] = [];
    if (ids.length)
      parts.push(
        sql`${column} IN (${sql.join(
          ids.map((v) => sql`${v}::uuid`),
          sql`, `,
        )})`,
      );
    if (none) parts.push(sql`${column} IS NULL`);
    return sql`(${sql.join(parts, sql` OR `)})`;
  };
}

/**
 * `filter[what][]=true|false`: the rows where `condition` holds, or where it does not; both (or
 * neither) leave the list as it is. `what` names the filter in the message of a bad value.
 */
export function yesNo(condition: SQL, what: string): FilterDef {
  return (values) => {
    if (values.some((v) => v !== 'true' && v !== 'false'))
      throw badRequest(`${what[0]!.toUpperCase()}${what.slice(1)} is true or false.`, {
        [`filter.${what}`]: 'Use true or false.',
      });
    if (values.length !== 1) return undefined;
    return values[0] === 'true' ? condition : sql`NOT (${condition})`;
  };
}

/**
 * `filter[what][]=YYYY-MM-DD`: the rows whose date `column` is on or after it (`from`), or on or
 * before it (`to`); with several, the widest. Rows without a date are left out.
 */
export function dateBound(column: AnyPgColumn, bound: 'from' | 'to', what: string): FilterDef {
  return (values) => {
    if (values.some((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))))
      throw badRequest(`${what[0]!.toUpperCase()}${what.slice(1)} is a date like 2026-11-30.`, {
        [`filter.${what}`]: 'Enter a date like 2026-11-30.',
      });
    const sorted = [...values].sort();
    return bound === 'from' ? sql`${column} >= ${sorted[0]}::date` : sql`${column} <= ${sorted.at(-1)}::date`;
  };
}

export function anyTag(column: AnyPgColumn): FilterDef {
  return (values) => sql`${column} && ${sql.param(values)}::text[]`;
}

export function textIn(column: AnyPgColumn): FilterDef {
  return (values) =>
    sql`${column} IN (${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )})`;
}

/** `filter[status][]=active|archived`; archived rows are hidden unless asked for. */
export function archiveStatus(column: AnyPgColumn): FilterDef {
  return (values) => {
    const bad = values.find((v) => v !== 'active' && v !== 'archived');
    if (bad) throw badRequest(`"${bad}" is not a status.`, { 'filter.status': 'Choose active or archived.' });
    if (values.includes('active') && values.includes('archived')) return undefined;
    return values.includes('archived') ? sql`${column} IS NOT NULL` : sql`${column} IS NULL`;
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `q`: three characters or more match anywhere in the search text (a trigram index that leads
 * with firm_id); one or two match the start of the name (the name-sort index).
 */
/**
 * Rows of `table` (in the current firm) whose search text matches any of the LIKE patterns
 * (and, for the search index, whose entity type is one of `kinds`).
 * LIKE is not leakproof, so under row-level security it would read every row of the firm; the
 * owner-side function uses the trigram index and returns ids only (decision 0006).
 */
export function textMatches(table: PgTable, id: AnyPgColumn, patterns: string[], kinds?: string[]): SQL {
  const only = kinds ? sql`${sql.param(kinds)}::text[]` : sql`NULL`;
  return sql`${id} IN (SELECT m.id FROM firm_rows_matching(${getTableName(table)}::regclass, ${sql.param(patterns)}::text[], ${only}) AS m(id))`;
}

/**
 * The same rows as `textMatches`, as the row versions the search found (a TID scan), for a
 * condition that is ANDed with the rest: the list reads each match once instead of finding it
 * by the trigram index and looking it up again by id (migration 0027). Not for an OR with other
 * conditions, which a TID scan cannot join: use `textMatches` there.
 */
export function textMatchRows(table: PgTable, patterns: string[], kinds?: string[]): SQL {
  const only = kinds ? sql`${sql.param(kinds)}::text[]` : sql`NULL`;
  const name = getTableName(table);
  // constant SQL: the name of a table defined in our code.
  return sql`${sql.identifier(name)}.ctid = ANY((SELECT firm_tids_matching(${name}::regclass, ${sql.param(patterns)}::text[], ${only}))::tid[])`;
}

export const likePattern = (text: string) => `%${escapeLike(text)}%`;

const isSubstringSearch = (q: string | undefined) => (q?.trim().length ?? 0) >= 3;

/**
 * `q` for a list: three characters or more match anywhere in the search text (phone numbers
 * whatever their punctuation); one or two
 * characters match the start of the name, on the name key's index.
 */
export function searchText(table: PgTable, nameKey: AnyPgColumn): (q: string) => SQL {
  return (q) => {
    const needle = q.toLowerCase().trim();
    if (isSubstringSearch(needle)) {
      const digits = needle.replace(/\D/g, '');
      // A phone number is searched by its digits alone (the search text holds them), which is
      // also cheaper: punctuation such as "555-" makes trigrams that match nearly every row.
      const phone = digits.length >= 4 && digits.length >= needle.replace(/[\s().+-]/g, '').length;
      return textMatchRows(table, [likePattern(phone ? digits : needle)]);
    }
    return sql`${nameKey} >= ${needle} AND ${nameKey} < ${`${needle}\u{10FFFF}`}`;
  };
}

/** Builds the lower-cased text `q` searches: the parts, and phone numbers also as bare digits. */
export function buildSearchText(parts: (string | null | undefined)[], phones: string[] = []): string {
  // Numbers written with separators (postcodes like 100-0001, "1234 5678") are also kept as bare
  // digits, because a search that looks like a number is run on its digits (see searchText).
  const numbers = parts.flatMap((p) => (p ?? '').match(/\d[\d\s().+-]*\d/g) ?? []).filter((n) => /\D/.test(n));
  const digits = [...phones, ...numbers].map((p) => p.replace(/\D/g, '')).filter(Boolean);
  return [...parts, ...phones, ...digits]
    .filter((p): p is string => Boolean(p))
    .join(' ')
    .toLowerCase()
    .slice(0, 4000);
}

/**
 * Every row of a list query, a batch at a time, each batch in its own short transaction (for
 * exports, which can be far longer than one request should hold a connection).
 */
export async function* allRows<Row extends { _id: string }>(
  scoped: <T>(fn: (tx: import('../../db/client').Tx) => Promise<T>) => Promise<T>,
  spec: ListSpec<Row>,
  query: ListQuery,
  batch = 1000,
): AsyncGenerator<Row> {
  let cursor: string | undefined;
  do {
    const page = await scoped((tx) => listPage(tx, spec, { ...query, limit: batch, cursor }, { count: false }));
    yield* page.items;
    cursor = page.next ?? undefined;
  } while (cursor);
}
