import {
  type BulkAction,
  type DuplicateMatch,
  hasCode,
  kindHas,
  type RecordKind,
  type RecordMeta,
} from '@atelier/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { compiledSelect } from '../../db/compiled';
import { isUuid } from '../../db/ids';
import { type AuditActor, type AuditEntry, recordAudit } from '../audit/audit.service';
import type { Actor } from '../http/access';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { CsvColumn } from '../lists/export';
import type { FilterDef, ListSpec } from '../lists/list';
import { type Assignable, assignRows, registerAssignable } from './assignables';
import { type DeclaredListSpec, declaredCsv, declaredList } from './declared-list';
import { type DuplicateQuery, findSimpleDuplicates } from './duplicates';
import { type EntityKind, type EntityParts, registerEntity } from './entities';
import { type OwnRecordTable, personColumn, type RecordTable } from './record-table';
import { archiveRefusal, archiveRows, assertAssignee, peopleNames, updateVersioned } from './records';
import { type Reference, referencesTo } from './references';

export { type OwnRecordTable, personColumn, type RecordTable, refColumn, rowColumns } from './record-table';
export type { Reference } from './references';

type RowOf<T extends RecordTable> = T['$inferSelect'] & {
  id: string;
  version: number;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};
type Values<T extends RecordTable> = PgUpdateSetSource<T>;

/**
 * A change of state beyond editing (`POST /{kind}/{id}/{name}`): what the record's state must
 * be for it, and what it sets. Archive and restore are two every kind that archives has.
 */
export type Transition<T extends RecordTable> = {
  /** Why the record's current state does not allow it (a 409), or null when it does. */
  refuse: (row: RowOf<T>, actor: Actor) => string | null;
  /** The columns it sets; `body` is the request's (checked by `body` and `check`). */
  set: (row: RowOf<T>, body: unknown, actor: Actor) => Values<T>;
  /** Which of the kind's codes it needs: its modify code unless said. */
  code?: 'modify' | 'remove';
  /**
   * What the request says beyond the record (who takes over a deactivated employee's records),
   * checked by the route; `check` adds the domain's checks of it (400 per field).
   */
  body?: z.ZodObject;
  check?: (db: Executor, actor: Actor, row: RowOf<T>, body: unknown) => Promise<void>;
  /**
   * What else the step does in its transaction, after the record changed (sessions end, records
   * handed over). What it gives joins the history entry's "after" and the answer.
   */
  effects?: (db: Executor, actor: Actor, row: RowOf<T>, body: unknown) => Promise<Record<string, unknown>>;
  /** The answer, when it is more than the record. */
  answer?: { schema: z.ZodType; of: (record: unknown, effects: Record<string, unknown>) => unknown };
};

/**
 * What a module says about a kind whose lifecycle the platform runs: its table and its domain
 * logic. Create, read, list, export, update, archive and restore, bulk actions, transitions and
 * delete, with audit, search, followers and realtime events, are the platform's.
 */
export type RecordTypeSpec<
  T extends RecordTable,
  S extends z.ZodObject,
  Detail extends RecordMeta,
  Row extends { _id: string },
> = {
  kind: RecordKind;
  table: T;
  /** The body of create and edit (edits add the version they were made on). */
  input: S;
  /** The record's name in messages, links and notifications. */
  title: (row: RowOf<T>) => string;
  /**
   * What global search shows of a record (searchable kinds): its title, a line under it, and
   * the column holding its search text.
   */
  search?: {
    title: AnyPgColumn | SQL<string>;
    subtitle: SQL<string>;
    text: AnyPgColumn;
    /**
     * Records filed under another search category of the spec's than the kind's own, where
     * `when` holds (a payment paying money back is a Refund).
     */
    filedAs?: { type: string; when: SQL<boolean> };
  };
  /**
   * The columns an input sets, on create (`before` null) and on edit alike: the domain's checks
   * beyond the schema (400 or 409 with per-field messages) and what it derives.
   */
  columns: (
    db: Executor,
    actor: Actor,
    input: z.output<S>,
    before: RowOf<T> | null,
    options: CreateOptions,
  ) => Promise<Values<T>> | Values<T>;
  /**
   * The fields a history entry shows, by their API names; those named in `people` (user ids) and
   * in `names` (ids of other records) are shown by name. Unless said: the input's fields, read
   * from the row's columns of the same names, with `derived` over them.
   */
  audited?: (row: RowOf<T>) => Record<string, unknown>;
  /** Input fields stored otherwise than as given (hundredths of a percent): how they read back. */
  derived?: (row: RowOf<T>) => Record<string, unknown>;
  people?: readonly string[];
  names?: Record<string, { table: PgTable; id: AnyPgColumn; name: AnyPgColumn }>;
  /** Further values read with the record (counts, joined names), by name. */
  extra?: Record<string, SQL>;
  /**
   * The record as its page reads it, beyond what every record has (RecordMeta). Unless said:
   * its audited fields and the extra values.
   */
  detail?: (row: RowOf<T>, extra: Record<string, unknown>, actor: Actor) => Omit<Detail, keyof RecordMeta>;
  /**
   * What the record's page reads beyond its row and `extra`, worked out after (an order's lines
   * with what the warehouse can give them and when the rest can be there).
   */
  enrich?: (db: Executor, detail: Detail) => Promise<Detail>;
  /**
   * For kinds assigned to a staff member (`assigned_to`): bulk assign, and handing over a
   * deactivated colleague's open records.
   */
  assignable?: Omit<Assignable, 'type' | 'label' | 'table'>;
  /**
   * The list: its sorts, filters, search and rows; the firm scope
   * is the platform's. A kind that declares its columns gets them from the declaration and says
   * only what it adds (`declaredList`). Conditions that depend on the firm read its scope.
   */
  list?: KindList<Row> | DeclaredListSpec<Row>;
  /** The CSV export's columns: the declared columns unless said. */
  csv?: CsvColumn<Row>[];
  /**
   * What refers to a record; deleting one is refused (409) while anything does: the references
   * given in `by` and those other modules registered for the kind (`registerReference`).
   */
  references?: { verb: string; by?: Reference[]; advice?: string };
  /** Why the record's own state keeps it from being deleted (a 409), or null. */
  refuseDelete?: (row: RowOf<T>) => string | null;
  /**
   * How "looks like one you have" is found, for kinds whose declaration says `duplicates`: the
   * table's `nameKey`, `name`, `email` and `phone` columns unless given here, or the kind's own
   * finder (customers have several emails).
   */
  duplicates?:
    | Omit<Parameters<typeof findSimpleDuplicates>[1], 'table' | 'id'>
    | ((db: Executor, query: DuplicateQuery) => Promise<DuplicateMatch[]>);
  transitions?: Record<string, Transition<T>>;
  /**
   * For a kind that is some rows of a shared table (staff among the users, not deleted): the
   * condition that picks them. Every read, list, search and write of the kind keeps to it.
   */
  rows?: SQL;
  /**
   * For a kind whose declaration says `narrowed`: which of its records an actor with its code
   * sees (tasks: only their own without view-all-tasks), as a condition for lists and exports and
   * as a test of one row for reads and writes by id. Whoever does not see a record gets the 404
   * of one that does not exist, on its sub-routes too.
   */
  narrow?: { where: (actor: Actor) => SQL | undefined; sees: (actor: Actor, row: RowOf<T>) => boolean };
  /**
   * For a kind whose declaration names its list's rows (`listRows`): what else its list answers
   * (the task list's `statuses`), and the whole answer's schema.
   */
  listAnswer?: { schema: z.ZodType; extra: (db: Executor, actor: Actor) => Promise<Record<string, unknown>> };
  /** How one of its records reads as archived, in a table without `archived_at` (deactivated staff). */
  archived?: { sql: SQL<boolean>; of: (row: RowOf<T>) => boolean };
  /**
   * Locks taken before the record's own on every write, so two writes never wait on each other
   * in opposite orders (the firm, then the person: deactivation and role changes).
   */
  lockFirst?: (db: Executor, actor: Actor) => Promise<unknown>;
  /**
   * Whether this actor may change this record at all, beyond the kind's code (nobody changes a
   * colleague who holds a code they lack): throws when not. `action` is update, delete or a
   * transition's name.
   */
  mayChange?: (db: Executor, actor: Actor, row: RowOf<T>, action: string) => Promise<void>;
  /**
   * A deleted record whose row stays for the history that names it (a withdrawn invitation):
   * what deleting sets instead of removing the row. `rows` must leave it out from then on.
   */
  softDelete?: (row: RowOf<T>) => Values<T>;
  /**
   * What else a create or an edit writes in its transaction, once the row is written (a
   * product's SKU claimed in the firm's SKU registry, which refers to the row; a purchase
   * order's lines, from the input). `input` is absent for rows written without one (sample data).
   */
  afterWrite?: (db: Executor, row: RowOf<T>, before: RowOf<T> | null, input?: z.output<S>) => Promise<void>;
  /**
   * What a create someone asked for does besides, in its transaction, once the record is written
   * and audited (a job made from a template announces it, and its tasks are made).
   */
  afterCreate?: (db: Executor, actor: Actor, id: string, input: z.output<S>) => Promise<void>;
  /** What deleting does first, in its transaction, while what hangs off the row is still there. */
  beforeDelete?: (db: Executor, actor: Actor, row: RowOf<T>) => Promise<void>;
  /** What else deleting does in its transaction (a deleted person's sessions end). */
  afterDelete?: (db: Executor, actor: Actor, row: RowOf<T>) => Promise<void>;
  /** Other audit entity types whose entries belong in its logs (an employee's account: 'user'). */
  alsoAuditedAs?: string[];
};

type KindList<Row extends { _id: string }> = Omit<ListSpec<Row>, 'noun' | 'table' | 'id' | 'scope'>;

export type RecordType<
  T extends RecordTable,
  S extends z.ZodObject,
  Detail extends RecordMeta,
  Row extends { _id: string },
  Input = z.output<S>,
> = {
  spec: RecordTypeSpec<T, S, Detail, Row>;
  /** The CSV export's columns. */
  csv: CsvColumn<Row>[];
  entity: EntityKind;
  /**
   * The row itself (locked for the rest of the transaction with `lock`), or 404; with an actor,
   * 404 too for a row the kind's narrowing keeps from them.
   */
  findRow: (db: Executor, id: string, lock?: boolean, actor?: Actor) => Promise<RowOf<T>>;
  listFor: (actor: Actor) => ListSpec<Row>;
  /**
   * Gives the kind's list a filter another module knows how to answer (the products list's
   * collection and vendor filters), once per key, when that module loads.
   */
  addListFilter: (key: string, filter: FilterDef) => void;
  create: (db: Executor, actor: Actor, input: Input, options?: CreateOptions) => Promise<Detail>;
  /**
   * Writes a new record from values the caller has checked, with its history: for records no
   * staff member enters (the website's enquiry form). Gives its id.
   */
  insert: (db: Executor, writer: AuditActor, values: Values<T>) => Promise<string>;
  /** Versions of records as their history shows them (people and other records by name). */
  audited: (db: Executor, ...rows: RowOf<T>[]) => Promise<Record<string, unknown>[]>;
  get: (db: Executor, actor: Actor, id: string) => Promise<Detail>;
  update: (db: Executor, actor: Actor, id: string, input: Input & { version: number }) => Promise<Detail>;
  /** A change of state, with its effects (what they give joins the history entry). */
  transition: (
    db: Executor,
    actor: Actor,
    id: string,
    name: string,
    body?: unknown,
  ) => Promise<{ record: Detail; effects: Record<string, unknown> }>;
  transitions: Record<string, Transition<T>>;
  remove: (db: Executor, actor: Actor, id: string) => Promise<void>;
  bulk: (db: Executor, actor: Actor, action: BulkAction) => Promise<{ updated: number }>;
  duplicates?: (db: Executor, query: DuplicateQuery) => Promise<DuplicateMatch[]>;
};

/**
 * What the code creating a record (not the request) may tell the kind: a lead converted to a
 * customer keeps the ambassador the lead had, which needs no ambassadors code.
 */
export type CreateOptions = { keptReferral?: string | null };

const plural = (n: number, ref: Reference) => `${n} ${n === 1 ? ref.noun : (ref.plural ?? `${ref.noun}s`)}`;

type SearchSpec = NonNullable<RecordTypeSpec<RecordTable, z.ZodObject, RecordMeta, { _id: string }>['search']>;

/** The search category each record is filed under: the kind's, or the one `filedAs` gives it. */
const searchTypeOf = (kind: RecordKind, search: SearchSpec) =>
  search.filedAs
    ? sql<string>`(CASE WHEN ${search.filedAs.when} THEN ${search.filedAs.type} ELSE ${kind.key} END)`
    : sql<string>`${kind.key}`;

function searchDocsOf(
  kind: RecordKind,
  table: RecordTable,
  search: SearchSpec,
  archived: SQL<boolean>,
  rows: SQL | undefined,
): NonNullable<EntityParts['searchDocs']> {
  return (db, ids) =>
    db
      .select({
        id: sql<string>`${table.id}`,
        type: searchTypeOf(kind, search),
        title: sql<string>`${search.title}`,
        subtitle: search.subtitle,
        searchText: sql<string>`${search.text}`,
        archived,
      })
      .from(table as PgTable)
      .where(and(inArray(table.id, ids), rows));
}

function searchSqlOf(
  kind: RecordKind,
  table: RecordTable,
  search: SearchSpec,
  archived: SQL<boolean>,
  rows: SQL | undefined,
): NonNullable<EntityParts['searchSql']> {
  return (ids) =>
    sql`SELECT ${table.id} AS id, ${searchTypeOf(kind, search)} AS type, ${search.title} AS title, ${search.subtitle} AS subtitle,
      ${search.text} AS search_text, ${archived} AS archived
      FROM ${table} WHERE ${table.id} IN (${ids})${rows ? sql` AND ${rows}` : sql``}`;
}

/** How a kind's record reads as archived: as its spec says, or by its table's `archived_at`. */
function archivedOf<T extends RecordTable>(
  kind: RecordKind,
  table: T,
  given: { sql: SQL<boolean>; of: (row: RowOf<T>) => boolean } | undefined,
) {
  if (given) return given;
  const column = (table as RecordTable).archivedAt;
  if (!column) throw new Error(`${kind.key}: its table has no archived_at; say how a record reads as archived`);
  return { sql: sql<boolean>`${column} IS NOT NULL`, of: (row: RowOf<T>) => row.archivedAt !== null };
}

/** Registers a kind whose lifecycle the platform runs, and gives its service functions. */
export function defineRecordType<
  T extends RecordTable,
  S extends z.ZodObject,
  Detail extends RecordMeta,
  Row extends { _id: string },
>(spec: RecordTypeSpec<T, S, Detail, Row>): RecordType<T, S, Detail, Row> {
  type Input = z.output<S>;
  const { kind, table } = spec;
  const { noun } = kind;
  const gone = () => notFound(`This ${noun} does not exist.`);
  const { rows } = spec;
  const archived = archivedOf(kind, table, spec.archived);

  // The reads every request of the kind makes, built once (db/compiled.ts).
  const byId = and(eq(table.id, sql.placeholder('id')), rows);
  const selectRow = compiledSelect<{ row: RowOf<T> }>({ row: table as PgTable }, (q) =>
    q.from(table as PgTable).where(byId),
  );
  const lockRow = compiledSelect<{ row: RowOf<T> }>({ row: table as PgTable }, (q) =>
    q
      .from(table as PgTable)
      .where(byId)
      .for('update'),
  );
  const selectDetail = compiledSelect<{ row: RowOf<T>; updatedByPerson: RecordMeta['updatedBy'] }>(
    { row: table as PgTable, updatedByPerson: personColumn(table.updatedBy), ...spec.extra },
    (q) => q.from(table as PgTable).where(byId),
  );

  if (Boolean(kind.narrowed) !== Boolean(spec.narrow))
    throw new Error(`${kind.key}: its declaration and its spec disagree on whether it is narrowed`);
  if (Boolean(kind.listRows) !== Boolean(spec.listAnswer))
    throw new Error(`${kind.key}: a list whose rows are named otherwise says what else it answers`);
  /** Whether this actor sees the row at all (every row, unless the kind narrows). */
  const sees = (actor: Actor | undefined, row: RowOf<T>) => !actor || !spec.narrow || spec.narrow.sees(actor, row);

  async function findRow(db: Executor, id: string, lock = false, actor?: Actor): Promise<RowOf<T>> {
    if (!isUuid(id)) throw gone();
    const [found] = await (lock ? lockRow : selectRow)(db, { id });
    if (!found || !sees(actor, found.row)) throw gone();
    return found.row;
  }

  const entity = registerEntity(kind, {
    find: async (db, id, actor) => {
      const [row] = (await db
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), rows))) as RowOf<T>[];
      return row && sees(actor, row) ? { name: spec.title(row) } : null;
    },
    ...(spec.search
      ? {
          searchDocs: searchDocsOf(kind, table, spec.search, archived.sql, rows),
          searchSql: searchSqlOf(kind, table, spec.search, archived.sql, rows),
          ...(spec.search.filedAs ? { filedAs: [spec.search.filedAs.type] } : {}),
        }
      : {}),
    ...(spec.alsoAuditedAs ? { alsoAuditedAs: spec.alsoAuditedAs } : {}),
  });

  /** A version of the record as its history shows it, people by name. */
  const inputKeys = Object.keys(spec.input.shape);
  const auditedOf =
    spec.audited ??
    ((row: RowOf<T>) => ({
      ...Object.fromEntries(inputKeys.filter((k) => k in row).map((k) => [k, row[k as keyof typeof row]])),
      ...spec.derived?.(row),
    }));

  async function audited(db: Executor, ...rows: RowOf<T>[]) {
    const shown = rows.map(auditedOf);
    // A field may hold one id or a list of them (a product's filter values).
    const idsOf = (field: string) => [
      ...new Set(
        shown.flatMap((s) => s[field] as unknown).filter((v): v is string => typeof v === 'string' && v !== ''),
      ),
    ];
    const lookups: [string, Map<string, string>][] = [];
    for (const field of spec.people ?? []) lookups.push([field, await peopleNames(db, idsOf(field))]);
    for (const [field, ref] of Object.entries(spec.names ?? {})) {
      const ids = idsOf(field);
      const rows = ids.length
        ? ((await db.select({ id: ref.id, name: ref.name }).from(ref.table).where(inArray(ref.id, ids))) as {
            id: string;
            name: string;
          }[])
        : [];
      lookups.push([field, new Map(rows.map((r) => [r.id, r.name]))]);
    }
    if (lookups.length === 0) return shown;
    return shown.map((s) => ({
      ...s,
      ...Object.fromEntries(
        lookups.map(([field, names]) => {
          const value = s[field];
          if (Array.isArray(value)) return [field, value.map((id: string) => names.get(id) ?? id).join(', ')];
          return [field, value ? (names.get(value as string) ?? value) : null];
        }),
      ),
    }));
  }

  const audit = (db: Executor, actor: Actor, id: string, entry: Omit<AuditEntry, 'entityType' | 'entityId'>) =>
    recordAudit(db, actor, { entityType: kind.key, entityId: id, ...entry });

  async function get(db: Executor, actor: Actor, id: string): Promise<Detail> {
    const [found] = isUuid(id) ? await selectDetail(db, { id }) : [];
    if (!found || !sees(actor, found.row)) throw gone();
    const { row, updatedByPerson, ...extra } = found;
    const detail = {
      _id: row.id,
      version: row.version,
      archived: archived.of(row),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: updatedByPerson,
      ...(spec.detail ? spec.detail(row, extra, actor) : { ...auditedOf(row), ...extra }),
    } as Detail;
    return spec.enrich ? spec.enrich(db, detail) : detail;
  }

  async function insert(db: Executor, writer: AuditActor, values: Values<T>, input?: z.output<S>): Promise<string> {
    const [row] = (await db
      .insert(table as PgTable)
      .values({
        ...values,
        firmId: writer.firmId,
        ...(table.createdBy ? { createdBy: writer.userId } : {}),
        updatedBy: writer.userId,
      } as never)
      .returning()) as RowOf<T>[];
    await spec.afterWrite?.(db, row!, null, input);
    const [after] = await audited(db, row!);
    await recordAudit(db, writer, { entityType: kind.key, entityId: row!.id, action: 'create', after });
    return row!.id;
  }

  async function create(db: Executor, actor: Actor, input: Input, options: CreateOptions = {}): Promise<Detail> {
    const values = await spec.columns(db, actor, input, null, options);
    const id = await insert(db, actor, values, input);
    await spec.afterCreate?.(db, actor, id, input);
    return get(db, actor, id);
  }

  /** The record locked for a write, after the locks taken before it, and whether this actor may change it. */
  async function lockForWrite(db: Executor, actor: Actor, id: string, action: string): Promise<RowOf<T>> {
    await spec.lockFirst?.(db, actor);
    const row = await findRow(db, id, true, actor);
    await spec.mayChange?.(db, actor, row, action);
    return row;
  }

  async function update(db: Executor, actor: Actor, id: string, input: Input & { version: number }) {
    const before = await lockForWrite(db, actor, id, 'update');
    const values = await spec.columns(db, actor, input, before, {});
    const after = (await updateVersioned(db, actor, table, id, input.version, noun, values)) as RowOf<T>;
    await spec.afterWrite?.(db, after, before, input);
    const [b, a] = await audited(db, before, after);
    await audit(db, actor, id, { action: 'update', version: after.version, before: b, after: a });
    return get(db, actor, id);
  }

  const transitions: Record<string, Transition<T>> = {
    ...(kindHas(kind, 'archive')
      ? {
          archive: {
            code: 'remove',
            refuse: (row) => (archived.of(row) ? archiveRefusal(noun, true) : null),
            set: () => ({ archivedAt: sql`now()` }) as Values<T>,
          },
          restore: {
            code: 'remove',
            refuse: (row) => (archived.of(row) ? null : archiveRefusal(noun, false)),
            set: () => ({ archivedAt: null }) as Values<T>,
          },
        }
      : {}),
    ...spec.transitions,
  };

  /**
   * A transition on one record: allowed by its state (under a row lock), or 409 saying why not;
   * then its effects, in the same transaction.
   */
  async function transition(db: Executor, actor: Actor, id: string, name: string, body?: unknown) {
    const step = Object.hasOwn(transitions, name) ? transitions[name]! : undefined;
    if (!step) throw notFound(`A ${noun} cannot be given "${name}".`);
    const before = await lockForWrite(db, actor, id, name);
    const refused = step.refuse(before, actor);
    if (refused) throw conflict(refused);
    await step.check?.(db, actor, before, body);
    const after = (await updateVersioned(
      db,
      actor,
      table,
      id,
      before.version,
      noun,
      step.set(before, body, actor),
    )) as RowOf<T>;
    const effects = (await step.effects?.(db, actor, after, body)) ?? {};
    const [b, a] = await audited(db, before, after);
    // Archive and restore change no audited field: the action alone says what happened.
    const changes =
      JSON.stringify(b) === JSON.stringify(a) && Object.keys(effects).length === 0
        ? {}
        : { before: b, after: { ...a, ...effects } };
    await audit(db, actor, id, { action: name, version: after.version, ...changes });
    return { record: await get(db, actor, id), effects };
  }

  /** Deletes a record nothing refers to; its interactions, files and followers go with it (audit). */
  async function remove(db: Executor, actor: Actor, id: string): Promise<void> {
    const before = await lockForWrite(db, actor, id, 'delete');
    const refused = spec.refuseDelete?.(before);
    if (refused) throw conflict(refused);
    // Other modules' references (`registerReference`) hold whether or not the kind names its own.
    const refs = spec.references ?? { verb: 'has' };
    {
      // One after another: they share the transaction's connection.
      const counts: { ref: Reference; n: number }[] = [];
      for (const ref of [...(refs.by ?? []), ...referencesTo(kind.key)]) {
        const [{ n }] = (await db
          .select({ n: sql<number>`count(*)::int` })
          .from(ref.table)
          .where(eq(ref.column, id))) as [{ n: number }];
        counts.push({ ref, n });
      }
      const found = counts.filter((c) => c.n > 0).map((c) => plural(c.n, c.ref));
      if (found.length)
        throw conflict(
          `${spec.title(before)} ${refs.verb} ${found.join(' and ')}. ${refs.advice ?? `Archive the ${noun} instead.`}`,
        );
    }
    await spec.beforeDelete?.(db, actor, before);
    if (spec.softDelete) await updateVersioned(db, actor, table, id, before.version, noun, spec.softDelete(before));
    else await db.delete(table as PgTable).where(eq(table.id, id));
    await spec.afterDelete?.(db, actor, before);
    const [gone] = await audited(db, before);
    await audit(db, actor, id, { action: 'delete', before: gone });
  }

  const assignable = spec.assignable
    ? registerAssignable({ type: kind.key, label: kind.plural, table, ...spec.assignable })
    : undefined;

  async function bulk(db: Executor, actor: Actor, action: BulkAction): Promise<{ updated: number }> {
    const ids = [...new Set(action.ids)];
    if (action.action === 'assign') {
      if (!assignable)
        throw badRequest(`${kind.labelPlural} are not assigned to anyone.`, {
          action: `Archive or restore ${kind.plural}.`,
        });
      await assertAssignee(db, action.assignee, 'assignee');
      return { updated: await assignRows(db, actor, assignable, inArray(table.id, ids), action.assignee) };
    }
    if (!hasCode(actor.codes, kind.codes.remove))
      throw forbidden(`You do not have permission to archive ${kind.plural}.`);
    if (!table.archivedAt) throw new Error(`${kind.key}: bulk archive needs archived_at`);
    return { updated: await archiveRows(db, actor, table, kind.key, ids, action.action === 'archive') };
  }

  if (!kind.columns && !spec.list) throw new Error(`${kind.key}: declare its columns or its list`);
  // Built once: what the kind adds to its declared columns, or its own list.
  const list = kind.columns
    ? declaredList<Row>(kind, table as OwnRecordTable, (spec.list ?? {}) as DeclaredListSpec<Row>)
    : (spec.list as KindList<Row>);
  const listFor = (actor: Actor): ListSpec<Row> => ({
    ...list,
    noun: kind.plural,
    table,
    id: table.id,
    scope: and(eq(table.firmId, actor.firmId), rows, spec.narrow?.where(actor))!,
  });

  const addListFilter = (key: string, filter: FilterDef) => {
    if (Object.hasOwn(list.filters, key)) throw new Error(`${kind.key}: its list already has a ${key} filter`);
    list.filters[key] = filter;
  };

  // Whether a kind checks for duplicates is its declaration's to say; how, the spec's.
  if (spec.duplicates && !kind.duplicates)
    throw new Error(`The ${kind.noun} spec finds duplicates, but its declaration does not say duplicates.`);
  const dup = kind.duplicates ? (spec.duplicates ?? 'simple') : undefined;
  const simpleColumns = () => {
    const t = table as unknown as Record<'nameKey' | 'name' | 'email' | 'phone', AnyPgColumn>;
    return { nameKey: t.nameKey, name: t.name, email: t.email, phone: t.phone };
  };
  return {
    spec,
    csv: spec.csv ?? declaredCsv<Row>(kind),
    entity,
    findRow,
    insert,
    audited,
    listFor,
    addListFilter,
    create,
    get,
    update,
    transition,
    transitions,
    remove,
    bulk,
    ...(dup
      ? {
          duplicates:
            typeof dup === 'function'
              ? dup
              : (db: Executor, query: DuplicateQuery) =>
                  findSimpleDuplicates(
                    db,
                    { table, id: table.id, ...(dup === 'simple' ? simpleColumns() : dup) },
                    query,
                  ),
        }
      : {}),
  };
}
