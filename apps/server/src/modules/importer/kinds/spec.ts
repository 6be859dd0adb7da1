import type { ImportKind, ImportOptions, NumberFormat } from '@atelier/contracts';
import type { Tx } from '../../../db/client';
import type { Actor } from '../../../platform/http/access';

/** A column of the staging table a kind's rows are copied into, with its SQL type. */
export type StageColumn = { name: string; type: 'text' | 'bigint' | 'integer' | 'jsonb' };

/** The values of one row for the staging table (in its columns' order), and its cell errors: [field, value, message]. */
export type ParsedRow = { values: (string | number | null)[]; errors: [string, string, string][] };

/** What a kind's work is told: whose import, what was mapped, how numbers are written. */
export type ImportContext = {
  actor: Actor;
  importId: string;
  options: ImportOptions;
  format: NumberFormat;
  /** The fields mapped to a column. */
  mapped: ReadonlySet<string>;
};

/**
 * An importable kind, set-based: rows are parsed and checked one by one as the file streams
 * (the API's own schemas), copied into the temporary table `import_stage`, then checked against
 * the firm's records and written with a few statements over the whole table. Nothing here runs
 * a statement per row.
 */
export type ImportSpec<P = unknown> = {
  kind: ImportKind;
  /** The audit entity type of the records it writes. */
  entityType: string;
  stage: readonly StageColumn[];
  /** Further columns of the staging table (DDL), which `check` fills: what each row matched. */
  extra: readonly string[];
  /**
   * Reads what rows are checked against (the firm's settings), and refuses a mapping that
   * cannot work (400): a new record's required field left unmapped.
   */
  prepare: (tx: Tx, context: ImportContext) => Promise<P>;
  /**
   * One row's cells by field key (mapped fields only); `numeric` says which were numbers in a
   * workbook (their text is written 1234.5 whatever the file's number format).
   */
  parse: (
    cell: (field: string) => string | undefined,
    prepared: P,
    context: ImportContext,
    numeric: (field: string) => boolean,
  ) => ParsedRow;
  /**
   * Checks the staged rows against each other and the firm's records, adding what it finds to
   * `import_stage_errors (row, field, value, message)`, and marks each row's match for `write`.
   */
  check: (tx: Tx, context: ImportContext) => Promise<void>;
  /** How many rows would create and how many would update (rows with errors aside). */
  count: (tx: Tx, context: ImportContext) => Promise<{ create: number; update: number }>;
  /**
   * Writes every staged row (there are no errors by now): creates and updates, each new version
   * numbered, each record listed in `import_records`, search entries refreshed.
   */
  write: (tx: Tx, context: ImportContext) => Promise<{ created: number; updated: number }>;
};

// biome-ignore lint/suspicious/noExplicitAny: a list holds specs of any prepared value.
export type AnyImportSpec = ImportSpec<any>;
