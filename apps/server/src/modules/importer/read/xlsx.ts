import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { badRequest } from '../../../platform/http/errors';
import { MAX_CELL_CHARS, MAX_COLUMNS, type TableRow, tooManyColumns } from './limits';

/** What a workbook's archive may hold before it is opened: a real one is far inside these. */
export const ZIP_LIMITS = {
  entries: 10_000,
  /** All its parts unpacked. */
  unpackedBytes: 1024 * 1024 * 1024,
  /** A part that unpacks to more than 10 MB may be at most this many times its packed size. */
  ratio: 200,
};

const refuse = (message: string) => badRequest(message, { file: message });

/** The sheets of a workbook, in its order, as `xl/workbook.xml` names them. */
function sheetNames(xml: string): string[] {
  const decode = (s: string) =>
    s
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&');
  return [...xml.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)].map((m) => decode(m[1]!));
}

/**
 * Checks a workbook's archive from its directory before anything is unpacked: a ZIP bomb (too
 * many parts, too much unpacked, a part packed too tightly), links to other files (external
 * links, which Excel would follow) and macros are refused with what was found; a ZIP that is
 * not a workbook too. Gives the sheets' names.
 */
export function inspectWorkbook(path: string): Promise<{ sheets: string[] }> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) return reject(refuse('The file is damaged: it cannot be opened as an Excel workbook.'));
      let entries = 0;
      let unpacked = 0;
      let workbookXml: Promise<string> | undefined;
      const fail = (e: Error) => {
        zip.close();
        reject(e);
      };
      zip.on('error', () => fail(refuse('The file is damaged: it cannot be opened as an Excel workbook.')));
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        unpacked += entry.uncompressedSize;
        const name = entry.fileName;
        if (entries > ZIP_LIMITS.entries) return fail(refuse('The workbook has too many parts to be a real one.'));
        if (unpacked > ZIP_LIMITS.unpackedBytes)
          return fail(refuse('The workbook unpacks to more than 1 GB: save it again, or as CSV.'));
        if (
          entry.uncompressedSize > 10 * 1024 * 1024 &&
          entry.uncompressedSize > entry.compressedSize * ZIP_LIMITS.ratio
        )
          return fail(refuse('The workbook is packed suspiciously tightly (a ZIP bomb?): it is refused.'));
        if (/^xl\/externalLinks\//i.test(name))
          return fail(
            refuse('The workbook links to other files: copy the values in, remove the links, and try again.'),
          );
        if (/vbaProject\.bin$/i.test(name) || /^xl\/macrosheets\//i.test(name))
          return fail(refuse('The workbook has macros: save it as .xlsx (without macros) and try again.'));
        if (name === 'xl/workbook.xml' && entry.uncompressedSize < 10 * 1024 * 1024)
          workbookXml = new Promise((done, failed) =>
            zip.openReadStream(entry, (e, stream) => {
              if (e || !stream) return failed(e);
              const chunks: Buffer[] = [];
              stream.on('data', (c: Buffer) => chunks.push(c));
              stream.on('end', () => {
                done(Buffer.concat(chunks).toString('utf8'));
                zip.readEntry();
              });
              stream.on('error', failed);
            }),
          );
        else zip.readEntry();
      });
      zip.on('end', async () => {
        if (!workbookXml) return reject(refuse('The file is a ZIP archive, not an Excel workbook.'));
        try {
          resolve({ sheets: sheetNames(await workbookXml) });
        } catch {
          reject(refuse('The file is damaged: it cannot be opened as an Excel workbook.'));
        }
      });
      zip.readEntry();
    });
  });
}

/** A cell as text: a formula's cached result (never worked out again), a date as YYYY-MM-DD (with its time if it has one). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('error' in value) return '';
  if ('text' in value) return cellText((value as { text: ExcelJS.CellValue }).text);
  return '';
}

/**
 * The rows of one sheet of a workbook (by name; the first if none), read as the archive streams
 * past: each cell's value as text (see `cellText`), the row's number in the sheet. A sheet not
 * asked for is skipped; the archive was checked first (`inspectWorkbook`).
 */
export async function* xlsxRows(path: string, sheet: string | undefined): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let first = true;
  for await (const worksheet of reader) {
    const wanted = sheet === undefined ? first : (worksheet as unknown as { name: string }).name === sheet;
    first = false;
    if (!wanted) {
      for await (const _ of worksheet) {
        // Not this one: its rows go by unread.
      }
      continue;
    }
    for await (const row of worksheet) {
      const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
      if (values.length - 1 > MAX_COLUMNS) throw tooManyColumns(values.length - 1, (row as ExcelJS.Row).number);
      const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1] ?? null));
      if (cells.some((c) => c.length > MAX_CELL_CHARS))
        throw refuse(
          `A cell in row ${(row as ExcelJS.Row).number} is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters.`,
        );
      if (cells.every((c) => c.trim() === '')) continue;
      yield { row: (row as ExcelJS.Row).number, cells };
    }
    return;
  }
}
