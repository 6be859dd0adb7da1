import { type CalendarKind, hasCode, KINDS, type PersonRef } from '@atelier/contracts';
import { and, asc, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';
import { personColumn, type RecordTable } from '../../platform/records/lifecycle';

/** Which rows a source reads: a span of days (both included), some people's, or some records by id. */
export type Window = { from?: string; to?: string; people: readonly string[]; ids?: readonly string[] };

/** A dated record as every source reads it; `end` is its last day (included). */
export type SourceRow = {
  id: string;
  title: string;
  subtitle: string;
  start: string;
  end: string;
  person: PersonRef | null;
  /** Its status as stored, and in words. */
  state: string;
  status: string;
  version: number;
};

/**
 * One kind of dated record on the calendar, declared once: whether a viewer sees it, its rows,
 * and, for kinds dragged to another day, whether this viewer may move this one and how (always
 * through the kind's own record update, so its checks, version, history and live updates hold).
 */
export type CalendarSource = {
  kind: CalendarKind;
  visible: (actor: Actor) => boolean;
  rows: (db: Executor, actor: Actor, window: Window) => Promise<SourceRow[]>;
  move?: {
    allowed: (actor: Actor, row: SourceRow) => boolean;
    /** Why this one stays where it is (a 409), or null. */
    refuse?: (row: SourceRow) => string | null;
    run: (db: Executor, actor: Actor, id: string, version: number, date: string) => Promise<void>;
  };
};

/** Whether the actor may open a kind's records: its modify code, and its module for the firm. */
export const maySeeKind = (actor: Pick<Actor, 'codes' | 'features'>, key: CalendarKind) => {
  const kind = KINDS[key];
  return hasCode(actor.codes, kind.codes.modify) && (!('feature' in kind) || actor.features.includes(kind.feature));
};

// A busy span of one kind is cut here: the calendar is for seeing days, not for exporting.
const MOST_PER_KIND = 2000;

/** What a source reads from its table: the dated columns, whose it is, its words and its own conditions. */
export type DatedSpec = {
  table: RecordTable;
  /** Its first and last days (the same for a one-day item). */
  start: AnyPgColumn | SQL;
  end?: AnyPgColumn | SQL;
  person: AnyPgColumn;
  /** Others whose item it is too, as a uuid[] column (a job's crew): filtering by person finds them. */
  crew?: AnyPgColumn;
  title: SQL<string>;
  subtitle: SQL<string>;
  status: AnyPgColumn | SQL<string>;
  /** The status in words, where it is stored as a code. */
  statusLabels?: Readonly<Record<string, string>>;
  /** Which rows count (not archived, still open…) and which this viewer sees. */
  where?: SQL;
};

/** Items of these people: theirs, or with one of them on the crew. */
function ofPeople(spec: DatedSpec, people: readonly string[]): SQL | undefined {
  const theirs = inArray(spec.person, [...people]);
  return spec.crew ? or(theirs, sql`${spec.crew} && ${sql.param([...people])}::uuid[]`) : theirs;
}

/** The rows of a dated table in a window, the firm's only (row-level security says so too). */
export async function datedRows(db: Executor, actor: Actor, spec: DatedSpec, window: Window): Promise<SourceRow[]> {
  const { table, start } = spec;
  const end = spec.end ?? start;
  const rows = await db
    .select({
      id: sql<string>`${table.id}`,
      title: spec.title,
      subtitle: spec.subtitle,
      start: sql<string>`(${start})::text`,
      end: sql<string>`(${end})::text`,
      person: personColumn(spec.person),
      status: sql<string>`${spec.status}`,
      version: sql<number>`${table.version}`,
    })
    .from(table)
    .where(
      and(
        sql`${table.firmId} = ${actor.firmId}`,
        isNotNull(start),
        window.from ? sql`(${end}) >= ${window.from}::date` : undefined,
        window.to ? sql`(${start}) <= ${window.to}::date` : undefined,
        window.people.length ? ofPeople(spec, window.people) : undefined,
        window.ids ? inArray(table.id, [...window.ids]) : undefined,
        spec.where,
      ),
    )
    .orderBy(asc(start), asc(table.id))
    .limit(MOST_PER_KIND);
  return rows.map((r) => ({
    ...r,
    state: r.status,
    status: spec.statusLabels?.[r.status] ?? r.status,
    version: Number(r.version),
  }));
}
