import { csvLine } from '../../../platform/lists/csv';
import { type Adapter, decimal, type ExportEntry } from './adapter';

/** The headings of the journal CSV, in order. */
export const JOURNAL_CSV_HEADINGS = [
  'Date',
  'Entry',
  'Document',
  'Type',
  'Account',
  'Debit',
  'Credit',
  'Name',
  'Memo',
  'Change',
] as const;

/** What the Change column says: a first sending, the undoing of what was sent, or the document as it is now. */
const CHANGE_WORDS: Record<ExportEntry['change'], string> = { new: 'new', reversal: 'reversal', change: 'replacement' };

/**
 * A generic journal as CSV (UTF-8 with a byte-order mark, for spreadsheets): one row per line,
 * entries numbered within the file so an importer can group them, debits and credits as positive
 * amounts in their own columns. Cells go through the platform's CSV writer, which quotes and
 * neutralises formula-like cells as every export of the app does.
 */
export const journalCsvAdapter: Adapter = {
  key: 'journal_csv',
  contentType: 'text/csv; charset=utf-8',
  render: (entries: ExportEntry[]) => {
    let out = `\uFEFF${csvLine([...JOURNAL_CSV_HEADINGS])}`;
    entries.forEach((e, n) => {
      for (const l of e.lines)
        out += csvLine([
          e.date,
          n + 1,
          e.number,
          e.sourceLabel,
          l.account,
          l.debitCents ? decimal(l.debitCents) : '',
          l.creditCents ? decimal(l.creditCents) : '',
          e.name,
          l.memo ? `${e.memo}: ${l.memo}` : e.memo,
          CHANGE_WORDS[e.change],
        ]);
    });
    return Buffer.from(out, 'utf8');
  },
};
