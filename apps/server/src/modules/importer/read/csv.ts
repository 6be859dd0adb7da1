import fs from 'node:fs';
import { CsvError, parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { badRequest } from '../../../platform/http/errors';
import { MAX_CELL_CHARS, MAX_COLUMNS, type TableRow, tooManyColumns } from './limits';
import type { TextEncoding } from './sniff';

const ICONV: Record<TextEncoding, string> = {
  utf8: 'utf8',
  utf16le: 'utf16le',
  utf16be: 'utf16be',
  windows1252: 'win1252',
};

/** A parser's fault as a person reads it, with the line it is on. */
function explain(error: unknown): Error {
  if (!(error instanceof CsvError)) return error as Error;
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line.toLocaleString('en-US')})` : '';
  const message =
    error.code === 'CSV_MAX_RECORD_SIZE'
      ? `A row is longer than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters${at}: is a quote left open?`
      : error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? `A quoted cell is never closed${at}: check its quotes.`
        : error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
          ? `A quote inside a cell is not doubled${at}: write "" for a quote within quotes.`
          : `The CSV cannot be read${at}: ${error.message}`;
  return badRequest(message, { file: message });
}

/**
 * The rows of a CSV file, decoded and split as they stream past (memory stays flat whatever
 * the file's size): any of the common delimiters, quoted cells over several lines, quotes inside
 * a cell that is not quoted (an inch mark), line ends of any kind and mixed, empty lines skipped. Every cell is text, exactly as written: a cell that
 * starts with "=" is the text "=…", never a formula. `row` is the line the row is on (its last,
 * for a cell over several lines).
 */
export async function* csvRows(
  path: string,
  options: { encoding: TextEncoding; skip: number; delimiter: string },
): AsyncGenerator<TableRow> {
  const parser = parse({
    delimiter: options.delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // An inch mark in a cell that is not quoted (Bar pull 3") is part of the text.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_CELL_CHARS,
    info: true,
  });
  const file = fs.createReadStream(path, { start: options.skip }).on('error', (error) => parser.destroy(error));
  file
    .pipe(iconv.decodeStream(ICONV[options.encoding]))
    .on('error', (error: Error) => parser.destroy(error))
    .pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (record.length > MAX_COLUMNS) throw tooManyColumns(record.length, info.lines);
      yield { row: info.lines, cells: record };
    }
  } catch (error) {
    throw explain(error);
  } finally {
    file.destroy();
  }
}
