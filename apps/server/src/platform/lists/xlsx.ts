import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The most characters a cell of Excel holds; a longer text is cut there, with an ellipsis. */
export const XLSX_CELL_LIMIT = 32_767;

/**
 * One cell: numbers and booleans as themselves, everything else as text. A text cell is never
 * a formula, whatever it starts with ("=SUM(…)" stays the text "=SUM(…)"), so opening an export
 * runs nothing and the importer reads back exactly what was written.
 */
export function xlsxCell(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  const text = Array.isArray(value) ? value.join('; ') : String(value);
  return text.length > XLSX_CELL_LIMIT ? `${text.slice(0, XLSX_CELL_LIMIT - 1)}…` : text;
}

/**
 * A workbook of one sheet (headings, then a row per item) written as it is read: exceljs's
 * streaming writer without shared strings or styles, so memory stays flat however many rows; a
 * row waits while the reader (the download) is behind. A failure mid-way ends the download with
 * the error rather than a workbook cut short that looks whole.
 */
export function xlsxStream(sheetName: string, headings: string[], rows: AsyncIterable<unknown[]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1');
  (async () => {
    sheet.addRow(headings).commit();
    for await (const values of rows) {
      sheet.addRow(values.map(xlsxCell)).commit();
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return out;
}
