import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
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
          workbookXml = new Promise((done) =>
            zip.openReadStream(entry, (e, stream) => {
              const damaged = () => fail(refuse('The file is damaged: it cannot be opened as an Excel workbook.'));
              if (e || !stream) return damaged();
              const chunks: Buffer[] = [];
              stream.on('data', (c: Buffer) => chunks.push(c));
              stream.on('end', () => {
                done(Buffer.concat(chunks).toString('utf8'));
                zip.readEntry();
              });
              stream.on('error', damaged);
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

/**
 * The workbook as exceljs may read it: the parts its directory lists (what `inspectWorkbook`
 * checked), each unpacked by yauzl (which holds every part to the size the directory gives) and
 * packed again, in order, as they are read. exceljs unpacks by the parts' own headers as they
 * stream past; given the file itself, it would also read parts the directory does not list.
 */
function checkedArchive(path: string): Readable {
  const out = new yazl.ZipFile();
  const stream = new PassThrough();
  const fail = () => stream.destroy(refuse('The file is damaged: it cannot be opened as an Excel workbook.'));
  out.outputStream.on('error', fail).pipe(stream);
  yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (error, zip) => {
    if (error || !zip) return fail();
    zip.on('error', fail);
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (e, part) => {
        if (e || !part) return fail();
        part.on('error', fail);
        // The next part is opened once this one has gone through: one part unpacked at a time.
        part.on('end', () => zip.readEntry());
        // Packed lightly: exceljs unpacks it again straight away.
        out.addReadStream(part, entry.fileName, { compressionLevel: 1 });
      });
    });
    zip.on('end', () => out.end());
    zip.readEntry();
  });
  return stream;
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
 * The rows of one sheet of a workbook (by its name, or by its place when the workbook's parts do
 * not name it), read as the archive streams past: each cell's value as text (see `cellText`),
 * the row's number in the sheet, and which cells were numbers (their text is 1234.5 whatever
 * the file's number format). The other sheets are skipped; the archive was checked first
 * (`inspectWorkbook`).
 */
export async function* xlsxRows(path: string, sheet: { name: string; index: number }): AsyncGenerator<TableRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(checkedArchive(path), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const sheets = reader[Symbol.asyncIterator]();
  let place = 0;
  try {
    for (let next = await sheets.next(); !next.done; next = await sheets.next(), place++) {
      const worksheet = next.value as unknown as AsyncIterable<ExcelJS.Row> & { id: string; name: string };
      const unnamed = worksheet.name === `Sheet${worksheet.id}`;
      if (!(worksheet.name === sheet.name || (unnamed && place === sheet.index))) {
        for await (const _ of worksheet) {
          // Not this one: its rows go by unread.
        }
        continue;
      }
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (values.length - 1 > MAX_COLUMNS) throw tooManyColumns(values.length - 1, row.number);
        const cells: string[] = [];
        const numbers: number[] = [];
        for (let i = 1; i < values.length; i++) {
          const value = values[i] ?? null;
          cells.push(cellText(value));
          const result = value !== null && typeof value === 'object' && 'result' in value ? value.result : value;
          if (typeof result === 'number') numbers.push(i - 1);
        }
        if (cells.some((c) => c.length > MAX_CELL_CHARS))
          throw refuse(
            `A cell in row ${row.number} is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters.`,
          );
        if (cells.every((c) => c.trim() === '')) continue;
        yield numbers.length ? { row: row.number, cells, numbers } : { row: row.number, cells };
      }
    }
  } finally {
    // exceljs removes a sheet's temporary copy only when it is asked for what comes next: ask to
    // the end, whatever stopped the reading (a refusal, a cancelled import).
    for (let next = await sheets.next(); !next.done; next = await sheets.next())
      for await (const _ of next.value as unknown as AsyncIterable<unknown>) {
        // Skipped.
      }
  }
}
