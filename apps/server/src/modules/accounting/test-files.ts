import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { JOURNAL_CSV_HEADINGS } from './adapters/journal-csv';

/** Tests only: the files an export writes, read back as an accounting program would. */

const cents = (text: string) => {
  if (text === '') return 0;
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!m) throw new Error(`Not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

export type IifLine = { account: string; name: string; cents: number; docnum: string; memo: string; date: string };

/** An IIF file: its declared accounts (name → type) and its transactions, each line's amount signed. */
export function parseIif(bytes: Buffer) {
  const text = iconv.decode(bytes, 'win1252');
  const rows = text.split('\r\n').filter(Boolean);
  if (rows.some((r) => r.includes('\n'))) throw new Error('Lines end with CRLF only.');
  const accounts = new Map<string, string>();
  const entries: { docnum: string; lines: IifLine[]; sum: number }[] = [];
  let headers: Record<string, string[]> = {};
  let current: IifLine[] | null = null;
  for (const row of rows) {
    const cells = row.split('\t');
    const tag = cells[0]!;
    if (tag.startsWith('!')) {
      headers = { ...headers, [tag.slice(1)]: cells.slice(1) };
      continue;
    }
    const get = (name: string) => cells[headers[tag]!.indexOf(name) + 1] ?? '';
    if (tag === 'ACCNT') accounts.set(get('NAME'), get('ACCNTTYPE'));
    else if (tag === 'TRNS') {
      if (current) throw new Error('TRNS inside a transaction');
      current = [];
    }
    if (tag === 'TRNS' || tag === 'SPL') {
      if (!current) throw new Error('SPL outside a transaction');
      if (get('TRNSTYPE') !== 'GENERAL JOURNAL') throw new Error('Not a journal entry');
      if (!/^\d{2}\/\d{2}\/\d{4}$/.test(get('DATE'))) throw new Error(`Not a US date: ${get('DATE')}`);
      current.push({
        account: get('ACCNT'),
        name: get('NAME'),
        cents: cents(get('AMOUNT')),
        docnum: get('DOCNUM'),
        memo: get('MEMO'),
        date: get('DATE'),
      });
    }
    if (tag === 'ENDTRNS') {
      if (!current?.length) throw new Error('An empty transaction');
      entries.push({ docnum: current[0]!.docnum, lines: current, sum: current.reduce((s, l) => s + l.cents, 0) });
      current = null;
    }
  }
  if (current) throw new Error('A transaction without ENDTRNS');
  return { accounts, entries };
}

export type CsvRow = {
  date: string;
  entry: number;
  document: string;
  type: string;
  account: string;
  debit: number;
  credit: number;
  name: string;
  memo: string;
  change: string;
};

/** A journal CSV, its headings checked, amounts in cents. */
export function parseCsv(bytes: Buffer): CsvRow[] {
  const text = bytes.toString('utf8');
  if (!text.startsWith('\uFEFF')) throw new Error('No byte-order mark');
  const [head, ...records] = parse(text.slice(1), { relax_column_count: false }) as string[][];
  if (head!.join(',') !== JOURNAL_CSV_HEADINGS.join(',')) throw new Error(`Headings: ${head}`);
  return records.map((r) => ({
    date: r[0]!,
    entry: Number(r[1]),
    document: r[2]!,
    type: r[3]!,
    account: r[4]!,
    debit: cents(r[5]!),
    credit: cents(r[6]!),
    name: r[7]!,
    memo: r[8]!,
    change: r[9]!,
  }));
}

/** The CSV's rows grouped into its entries, with their totals. */
export function byEntry(rows: CsvRow[]) {
  const entries = new Map<number, CsvRow[]>();
  for (const r of rows) entries.set(r.entry, [...(entries.get(r.entry) ?? []), r]);
  return [...entries.values()].map((lines) => ({
    document: lines[0]!.document,
    change: lines[0]!.change,
    rows: lines,
    debit: lines.reduce((s, l) => s + l.debit, 0),
    credit: lines.reduce((s, l) => s + l.credit, 0),
  }));
}
