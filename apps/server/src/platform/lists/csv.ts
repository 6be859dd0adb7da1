import { CSV_FORMULA_PREFIXES } from '@atelier/contracts';

/**
 * One CSV cell. Cells a spreadsheet would run as a formula (starting with = + - @, tab or
 * carriage return) get a leading apostrophe, so opening an export never runs anything.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (CSV_FORMULA_PREFIXES.some((p) => text.startsWith(p))) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
