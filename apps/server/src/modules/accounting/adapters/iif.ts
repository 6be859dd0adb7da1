import iconv from 'iconv-lite';
import { type Adapter, decimal, type ExportEntry } from './adapter';

/** A value in a tab-separated IIF field: no tabs, line breaks or double quotes (QuickBooks reads quotes as delimiters). */
const field = (value: string) => value.replace(/[\t\r\n]+/g, ' ').replaceAll('"', "'");

/** 2026-01-31 → 01/31/2026, the date QuickBooks reads. */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const row = (values: string[]) => `${values.map(field).join('\t')}\r\n`;

/**
 * QuickBooks Desktop's Intuit Interchange Format: tab-separated, CRLF lines, Windows-1252 text.
 * First the accounts the file uses (`!ACCNT`: QuickBooks creates those it lacks, with their type),
 * then one GENERAL JOURNAL transaction per entry: a TRNS line, SPL lines, ENDTRNS; amounts are
 * positive for a debit and negative for a credit, and each transaction's sum is zero.
 */
export const iifAdapter: Adapter = {
  key: 'quickbooks_iif',
  contentType: 'application/octet-stream',
  render: (entries: ExportEntry[]) => {
    let out = '';
    // An account named by two roles is declared once, with the type of the first line using it.
    const accounts = new Map<string, string>();
    for (const e of entries) for (const l of e.lines) if (!accounts.has(l.account)) accounts.set(l.account, l.type);
    if (accounts.size) {
      out += row(['!ACCNT', 'NAME', 'ACCNTTYPE']);
      for (const [name, type] of [...accounts].sort(([a], [b]) => a.localeCompare(b)))
        out += row(['ACCNT', name, type]);
    }
    const columns = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'];
    out += row(['!TRNS', ...columns]);
    out += row(['!SPL', ...columns]);
    out += row(['!ENDTRNS']);
    for (const e of entries) {
      e.lines.forEach((l, i) => {
        out += row([
          i === 0 ? 'TRNS' : 'SPL',
          'GENERAL JOURNAL',
          usDate(e.date),
          l.account,
          e.name,
          decimal(l.debitCents - l.creditCents),
          e.number,
          i === 0 ? e.memo : l.memo,
        ]);
      });
      out += row(['ENDTRNS']);
    }
    return iconv.encode(out, 'win1252');
  },
};
