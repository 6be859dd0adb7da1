import { badRequest } from '../../../platform/http/errors';
import { csvRows } from './csv';
import type { TableRow } from './limits';
import { sniff, sniffDelimiter, type TextEncoding } from './sniff';
import { inspectWorkbook, xlsxRows } from './xlsx';

/** A file opened for import: what it was found to be, its headings, and its rows to come. */
export type Table = {
  format: 'csv' | 'xlsx';
  /** A CSV's encoding and delimiter as found. */
  encoding?: TextEncoding;
  delimiter?: string;
  /** A workbook's sheets, and the one read. */
  sheets?: string[];
  sheet?: string;
  /** The first row that has anything in it, as the columns' names. */
  headings: string[];
  /** The rows after it, read as they are asked for (once). */
  rows: AsyncGenerator<TableRow>;
};

/**
 * Opens an uploaded file as a table, by its content: a CSV (any common delimiter and encoding)
 * or an XLSX workbook (the sheet named, else the first). The headings are read at once; the rows
 * stream. A file with nothing in it, a sheet that is not there, or a file that is neither is
 * refused with a message that says so (400, on the field `file`).
 */
export async function openTable(path: string, options: { sheet?: string } = {}): Promise<Table> {
  const found = await sniff(path);
  let table: Omit<Table, 'headings' | 'rows'>;
  let rows: AsyncGenerator<TableRow>;
  if (found.kind === 'zip') {
    const { sheets } = await inspectWorkbook(path);
    if (options.sheet !== undefined && !sheets.includes(options.sheet))
      throw badRequest(
        `The workbook has no sheet "${options.sheet}": it has ${sheets.map((s) => `"${s}"`).join(', ')}.`,
        {
          sheet: 'Choose one of the workbook’s sheets.',
        },
      );
    const sheet = options.sheet ?? sheets[0] ?? 'Sheet1';
    table = { format: 'xlsx', sheets, sheet };
    rows = xlsxRows(path, { name: sheet, index: Math.max(sheets.indexOf(sheet), 0) });
  } else {
    const delimiter = sniffDelimiter(found.sample);
    table = { format: 'csv', encoding: found.encoding, delimiter };
    rows = csvRows(path, { encoding: found.encoding, skip: found.skip, delimiter });
  }
  const first = await rows.next();
  if (first.done) {
    const message = 'The file has no rows: not even a row of headings.';
    throw badRequest(message, { file: message });
  }
  // A BOM a spreadsheet left on the first heading, and spaces around headings, are not part of the names.
  const headings = first.value.cells.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  return { ...table, headings, rows };
}
