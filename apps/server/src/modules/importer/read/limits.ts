import { badRequest } from '../../../platform/http/errors';

/**
 * A row of a file being imported: its number in the file (a CSV's line, a sheet's row), its
 * cells as text, and which of them a workbook stored as numbers (written 1234.5, to be read
 * with a dot whatever number format the file's text cells use).
 */
export type TableRow = { row: number; cells: string[]; numbers?: number[] };

/** The most columns a file may have: the widest catalog export has a few dozen. */
export const MAX_COLUMNS = 500;
/** The most characters a row of a CSV may have (a cell of a whole file is a quote left open). */
export const MAX_CELL_CHARS = 1_000_000;

export const tooManyColumns = (columns: number, row: number) => {
  const message = `Row ${row.toLocaleString('en-US')} has ${columns.toLocaleString('en-US')} columns: a file may have at most ${MAX_COLUMNS}.`;
  return badRequest(message, { file: message });
};
