import { Readable } from 'node:stream';
import { type ExportFormat, hasCode, type ListQuery, type PermissionCode } from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client';
import type { Actor } from '../http/access';
import { attachment } from '../http/content-disposition';
import { forbidden } from '../http/errors';
import { csvLine } from './csv';
import { allRows, type ListSpec, listCondition, parseSort } from './list';
import { xlsxStream } from './xlsx';

/** A column of an export: its heading, its value, and the field it shows when that field may be hidden. */
export type CsvColumn<Row> = [label: string, value: (row: Row) => unknown, field?: string];

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Streams every row of a list query (the current view of a list page, not just the page shown)
 * as CSV or as an XLSX workbook of one sheet. The query is checked before the first byte, so a
 * bad one is still a 400. The headings are the list's, which the importer maps back.
 */
export function exportList<Row extends { _id: string }>(input: {
  actor: Actor;
  /** Exports need the list's own permission as well as the export one. */
  viewPermission: PermissionCode;
  spec: ListSpec<Row>;
  query: ListQuery;
  columns: CsvColumn<Row>[];
  /** Fields the exporter may not see (the kind's field codes): their columns are left out. */
  hidden?: readonly string[];
  fileName: string;
  format: ExportFormat;
  scoped: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  reply: FastifyReply;
}): Readable {
  const { spec, query, format } = input;
  const columns = input.columns.filter(([, , field]) => !field || !input.hidden?.includes(field));
  if (!hasCode(input.actor.codes, input.viewPermission)) throw forbidden();
  parseSort(spec, query.sort);
  listCondition(spec, query);
  const date = new Date().toISOString().slice(0, 10);
  input.reply
    .header('content-type', EXPORT_TYPES[format])
    .header('content-disposition', attachment(`${input.fileName}-${date}.${format}`));
  const headings = columns.map(([label]) => label);
  const rows = (async function* () {
    for await (const row of allRows(input.scoped, spec, query)) yield columns.map(([, value]) => value(row));
  })();
  if (format === 'xlsx') return xlsxStream(input.fileName, headings, rows);
  async function* lines() {
    yield `\uFEFF${csvLine(headings)}`; // the BOM makes Excel read UTF-8
    for await (const values of rows) yield csvLine(values);
  }
  return Readable.from(lines());
}
