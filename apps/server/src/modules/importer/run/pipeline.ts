import {
  IMPORT_KIND_INFO,
  type ImportCounts,
  type ImportKind,
  type ImportOptions,
  importProgressId,
  NUMBER_FORMATS,
} from '@atelier/contracts';
import { sql } from 'drizzle-orm';
import { connectionOf, type Tx } from '../../../db/client';
import { inScope } from '../../../db/tenancy';
import { recordAudit } from '../../../platform/audit/audit.service';
import type { Actor } from '../../../platform/http/access';
import { HttpError, isUniqueViolation } from '../../../platform/http/errors';
import type { AppDeps } from '../../../platform/http/routes';
import { entityKind } from '../../../platform/records/entities';
import { reindexWhere } from '../../../platform/search/search.service';
import type { AnyImportSpec, ImportContext } from '../kinds/spec';
import { openTable } from '../read/table';
import { copyField, copyInto } from './copy';

/** What a check or a run needs to know of its document. */
export type ImportJob = {
  id: string;
  number: number;
  kind: ImportKind;
  fileName: string;
  sha256: string;
  storageKey: string;
  sheet: string | null;
  headings: string[];
  mapping: Record<string, number | null>;
  options: ImportOptions;
  /** Rows the last check read, which a run's progress counts towards. */
  expectedRows: number | null;
  /** The file's size, for the first check's estimate of its rows. */
  fileSize: number;
  /** The document's version once marked checking or running: the work is for that version only. */
  version: number;
};

class Cancelled extends Error {}

const CANCEL_POLL_MS = 500;
/** Errors kept in a document's report; beyond them, only counted. */
export const MAX_KEPT_ERRORS = 100_000;
/** Rows parsed between turns of the event loop given to other requests. */
const YIELD_ROWS = 200;

/** The lock a check or run holds while it works: `imports_fail_interrupted` leaves it alone. */
export const importLock = (id: string) => sql`pg_advisory_xact_lock(hashtextextended(${`import:${id}`}, 0))`;

/**
 * Checks (a dry run) or runs an import, in one transaction: the file is read as it streams,
 * each row parsed and checked with the API's own schemas and copied (COPY) into a temporary
 * table; the rows are then checked against each other and the firm's records by a few
 * statements; a run with no errors writes everything in a few more. Either it all commits or
 * nothing does (a kill -9 included: the transaction dies with the connection). The document
 * and its error report are written in the same transaction, so they always match what landed.
 */
export async function executeImport(
  deps: AppDeps,
  spec: AnyImportSpec,
  actor: Actor,
  job: ImportJob,
  mode: 'check' | 'run',
  signal: AbortSignal,
): Promise<void> {
  const scope = { firmId: actor.firmId, userId: actor.userId };
  const format = NUMBER_FORMATS[job.options.numberFormat];
  const mapped = new Set(
    Object.keys(job.mapping).filter((k) => job.mapping[k] !== null && job.mapping[k] !== undefined),
  );
  const context: ImportContext = { actor, importId: job.id, options: job.options, format, mapped };
  const progress = progressOf(deps, actor, job, mode);
  let cancelled = false;
  let lastPoll = Date.now();
  const stopIfCancelled = async () => {
    if (signal.aborted) throw new Cancelled('The server is stopping.');
    if (Date.now() - lastPoll < CANCEL_POLL_MS) return;
    lastPoll = Date.now();
    const asked = await inScope(deps.db, scope, (tx) =>
      tx.execute<{ cancel: boolean }>(sql`SELECT cancel_requested AS cancel FROM imports WHERE id = ${job.id}`),
    );
    if (asked.rows[0]?.cancel) {
      cancelled = true;
      throw new Cancelled('Cancelled.');
    }
  };

  try {
    await inScope(deps.db, scope, async (tx) => {
      await tx.execute(sql`SELECT ${importLock(job.id)}`);
      // Changed meanwhile (failed by a sweep that saw it before this lock was taken): not this work's any more.
      const now = await tx.execute<{ version: number }>(sql`SELECT version FROM imports WHERE id = ${job.id}`);
      if (now.rows[0]?.version !== job.version) return;
      // The checks and writes sort and join the whole file: in memory rather than on disk
      // (a firm's imports of a kind run one at a time).
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      await stage(tx, spec);
      const prepared = await spec.prepare(tx, context);
      const blank = await copyRows(tx, deps, spec, job, prepared, context, progress, stopIfCancelled);
      await progress.stage(1);
      await tx.execute(sql`ANALYZE import_stage`);
      await spec.check(tx, context);
      const errors = await keepErrors(tx, actor.firmId, job);
      const counted = await tx.execute<{ rows: number; failed: number }>(sql`
        SELECT count(*)::int AS rows,
          (SELECT count(DISTINCT row_no)::int FROM (SELECT row_no FROM import_stage_errors
             UNION ALL SELECT row_no FROM import_stage WHERE errors IS NOT NULL) e) AS failed
        FROM import_stage`);
      const { rows, failed } = counted.rows[0]!;
      const would = await spec.count(tx, context);
      const counts: ImportCounts = { rows, created: would.create, updated: would.update, skipped: blank, failed };
      if (mode === 'check') {
        await finish(tx, actor, job, 'check', { status: 'checked', checked: counts, errorCount: errors });
        return;
      }
      if (errors > 0) {
        const message = `Nothing was imported: ${failed.toLocaleString('en-US')} ${failed === 1 ? 'row has' : 'rows have'} errors. Fix them in the file and upload it again, or change the mapping.`;
        await finish(tx, actor, job, 'fail', { status: 'failed', checked: counts, errorCount: errors, message });
        return;
      }
      await progress.stage(2);
      const written = await spec.write(tx, context);
      await progress.stage(3);
      const kind = entityKind(spec.entityType);
      if (kind)
        await reindexWhere(
          tx,
          actor.firmId,
          kind,
          sql`SELECT entity_id FROM import_records WHERE import_id = ${job.id}`,
        );
      // The last moment a cancel still undoes everything (`finish` refuses to mark it done once asked).
      lastPoll = 0;
      await stopIfCancelled();
      const finished = await finish(tx, actor, job, 'import', {
        status: 'done',
        unlessCancelled: true,
        checked: counts,
        outcome: { rows, created: written.created, updated: written.updated, skipped: blank, failed: 0 },
        errorCount: 0,
      });
      if (!finished) {
        cancelled = true;
        throw new Cancelled('Cancelled.');
      }
    });
  } catch (error) {
    const message =
      error instanceof Cancelled
        ? ''
        : error instanceof HttpError
          ? error.message
          : isUniqueViolation(error)
            ? 'Another record with one of these keys was saved while the import ran: nothing was imported. Check the file again.'
            : mode === 'run'
              ? 'The import failed: nothing was imported. Try again; if it fails again, contact support.'
              : 'The check failed. Try again; if it fails again, contact support.';
    if (!(error instanceof Cancelled) && !(error instanceof HttpError)) deps.background.report(error);
    await inScope(deps.db, scope, (tx) =>
      finish(tx, actor, job, cancelled ? 'cancel' : 'fail', {
        whileBusy: true,
        // A cancelled check leaves the file ready to check again; a cancelled run is over.
        status: cancelled ? (mode === 'check' ? 'uploaded' : 'cancelled') : 'failed',
        message:
          message ||
          (cancelled
            ? mode === 'check'
              ? 'The check was cancelled.'
              : ''
            : 'The server stopped during the import: nothing was imported. Run it again.'),
      }),
    ).catch((e) => deps.background.report(e));
  } finally {
    await progress.done();
  }
}

/** The temporary tables of one import: its rows, and the problems found in them. */
async function stage(tx: Tx, spec: AnyImportSpec) {
  const columns = spec.stage.map((c) => `${c.name} ${c.type}`);
  await tx.execute(
    // constant SQL: the columns are the kind's own constants.
    sql.raw(`CREATE TEMP TABLE import_stage (row_no integer NOT NULL, errors jsonb, ${[...columns, ...spec.extra].join(', ')})
      ON COMMIT DROP`),
  );
  await tx.execute(
    // constant SQL: as above.
    sql.raw(
      'CREATE TEMP TABLE import_stage_errors (row_no integer NOT NULL, field text NOT NULL, value text NOT NULL, message text NOT NULL) ON COMMIT DROP',
    ),
  );
}

/** Streams the file's rows through `parse` into the staging table; gives how many rows were blank. */
async function copyRows(
  tx: Tx,
  deps: AppDeps,
  spec: AnyImportSpec,
  job: ImportJob,
  prepared: unknown,
  context: ImportContext,
  progress: ReturnType<typeof progressOf>,
  stopIfCancelled: () => Promise<void>,
): Promise<number> {
  const client = connectionOf(tx);
  if (!client) throw new Error('An import runs in a transaction of its own.');
  const table = await openTable(deps.storage.localPath(job.storageKey), job.sheet ? { sheet: job.sheet } : {});
  const names = spec.stage.map((c) => c.name).join(', ');
  // constant SQL: the columns are the kind's own constants.
  const copy = copyInto(client, `COPY import_stage (row_no, errors, ${names}) FROM STDIN`);
  const fields = Object.entries(job.mapping).filter(([, at]) => at !== null && at !== undefined) as [string, number][];
  const columnOf = new Map(fields);
  let read = 0;
  let blank = 0;
  try {
    for await (const { row, cells, numbers } of table.rows) {
      if (cells.every((c) => c.trim() === '')) {
        blank++;
        continue;
      }
      const cell = (field: string) => {
        const at = columnOf.get(field);
        return at === undefined ? undefined : (cells[at] ?? '');
      };
      const numeric = (field: string) => {
        const at = columnOf.get(field);
        return numbers !== undefined && at !== undefined && numbers.includes(at);
      };
      const parsed = spec.parse(cell, prepared, context, numeric);
      await copy.row([
        String(row),
        parsed.errors.length ? copyField(JSON.stringify(parsed.errors)) : '\\N',
        ...parsed.values.map(copyField),
      ]);
      if (++read % YIELD_ROWS === 0) {
        // Parsing is the server's own work: let other requests in between, or they wait on it.
        await new Promise((resolve) => setImmediate(resolve));
        await stopIfCancelled();
        progress.read(read);
      }
    }
    await copy.end();
  } catch (error) {
    await copy.abort(error as Error);
    throw error;
  } finally {
    await table.rows.return(undefined);
  }
  progress.read(read);
  return blank;
}

/**
 * Keeps the problems found (the cells' own and the checks against the firm's records) as the
 * document's error report, in the file's order, each under its column's heading. Gives how many.
 */
async function keepErrors(tx: Tx, firmId: string, job: ImportJob): Promise<number> {
  const headingOf: Record<string, string> = Object.create(null);
  for (const field of IMPORT_KIND_INFO[job.kind].fields) {
    const at = job.mapping[field.key];
    headingOf[field.key] = at === null || at === undefined ? field.label : (job.headings[at] ?? field.label);
  }
  await tx.execute(sql`DELETE FROM import_errors WHERE import_id = ${job.id}`);
  const result = await tx.execute(sql`
    INSERT INTO import_errors (firm_id, import_id, position, "row", "column", value, message)
    SELECT ${firmId}, ${job.id}, e.position, e.row_no, e.column, e.value, e.message FROM (
    SELECT row_number() OVER (ORDER BY e.row_no, e.source, e.n) AS position, e.row_no,
      left(COALESCE(${JSON.stringify(headingOf)}::jsonb ->> e.field, e.field), 200) AS column,
      left(e.value, 500) AS value, left(e.message, 500) AS message
    FROM (
      SELECT s.row_no, x.e ->> 0 AS field, x.e ->> 1 AS value, x.e ->> 2 AS message, 0 AS source, x.n
      FROM import_stage s, jsonb_array_elements(s.errors) WITH ORDINALITY x(e, n) WHERE s.errors IS NOT NULL
      UNION ALL
      SELECT row_no, field, value, message, 1, 0 FROM import_stage_errors) e) e
    -- The first ones are kept (a file wrong throughout says so soon enough); all are counted.
    WHERE e.position <= ${MAX_KEPT_ERRORS}`);
  if ((result.rowCount ?? 0) < MAX_KEPT_ERRORS) return result.rowCount ?? 0;
  const all = await tx.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM import_stage_errors)
      + (SELECT COALESCE(sum(jsonb_array_length(errors)), 0) FROM import_stage WHERE errors IS NOT NULL) AS n`);
  return Number(all.rows[0]!.n);
}

type Finish = {
  status: 'uploaded' | 'checked' | 'done' | 'failed' | 'cancelled';
  /** Only while still under way and not asked to stop (the end of a run that succeeded). */
  unlessCancelled?: boolean;
  /** Only while still under way (the ends of failures: never over a finished import). */
  whileBusy?: boolean;
  checked?: ImportCounts;
  outcome?: ImportCounts;
  errorCount?: number;
  message?: string;
};

/**
 * Records how the work ended on the document (a new version), with its history entry; false when
 * the document was not in the state `end` asks for (cancelled just now, or already ended).
 */
async function finish(tx: Tx, actor: Actor, job: ImportJob, action: string, end: Finish): Promise<boolean> {
  const result = await tx.execute<{ version: number }>(sql`
    UPDATE imports SET status = ${end.status}, message = ${end.message ?? ''}, cancel_requested = false,
      finished_at = now(), updated_at = now(), updated_by = ${actor.userId}, version = version + 1
      ${end.checked ? sql`, checked = ${JSON.stringify(end.checked)}::jsonb` : sql``}
      ${end.outcome ? sql`, outcome = ${JSON.stringify(end.outcome)}::jsonb` : sql``}
      ${end.errorCount !== undefined ? sql`, error_count = ${end.errorCount}` : sql``}
    WHERE id = ${job.id}
      ${end.whileBusy ? sql`AND status IN ('checking', 'running') AND version = ${job.version}` : sql``}
      ${end.unlessCancelled ? sql`AND NOT cancel_requested` : sql``}
    RETURNING version`);
  const version = result.rows[0]?.version;
  if (version === undefined) return false;
  await recordAudit(tx, actor, {
    entityType: 'import',
    entityId: job.id,
    action,
    ...(version ? { version } : {}),
    after: {
      import: `#${job.number}`,
      status: end.status,
      ...(end.outcome ? { created: end.outcome.created, updated: end.outcome.updated } : {}),
      ...(end.checked && !end.outcome ? { rows: end.checked.rows, errors: end.errorCount ?? 0 } : {}),
      ...(end.message ? { message: end.message } : {}),
    },
  });
  return true;
}

/**
 * The progress its starter sees on every page (spec section 7): rows read against the rows
 * expected (the last check's count, else an estimate from the file's size), then each stage.
 */
function progressOf(deps: AppDeps, actor: Actor, job: ImportJob, mode: 'check' | 'run') {
  const labels = mode === 'check' ? ['Reading', 'Checking'] : ['Reading', 'Checking', 'Writing', 'Indexing'];
  const counts = labels.map(() => 0);
  // A row of a catalog file is about 120 bytes: a guess, corrected as the file is read.
  let total = Math.max(job.expectedRows ?? Math.round(job.fileSize / 120), 1) + labels.length;
  let current = 0;
  let at = 0;
  const publish = () =>
    deps.progress
      .publish(actor.userId, {
        id: importProgressId(job.id),
        current,
        total,
        label: `${mode === 'check' ? 'Checking' : 'Importing'} ${job.fileName}`,
        stages: labels.map((label, i) => ({ label, count: counts[i]! })),
        stage: at,
      })
      // Progress is a courtesy: reporting it never fails the import.
      .catch(() => undefined);
  return {
    read(rows: number) {
      counts[0] = rows;
      current = rows;
      if (current >= total - labels.length) total = current + labels.length + Math.ceil(current / 10);
      void publish();
    },
    async stage(index: number) {
      at = index;
      counts[index] = counts[0]!;
      total = counts[0]! + labels.length;
      current = counts[0]! + index;
      await publish();
    },
    async done() {
      current = total;
      at = labels.length - 1;
      await publish();
    },
  };
}
