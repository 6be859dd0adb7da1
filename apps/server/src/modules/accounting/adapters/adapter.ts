import type { AccountingAdapter, ExportChange } from '@atelier/contracts';
import type { SentLine } from '../accounting.table';

/**
 * One journal entry of an export, its accounts already the firm's: a document's entry as it is
 * now, or the reversal of what an earlier export sent of it (decision 0047).
 */
export type ExportEntry = {
  /** The document type ("invoice") and its label ("Invoice"). */
  source: string;
  sourceLabel: string;
  recordId: string;
  date: string;
  number: string;
  /** The customer or vendor, for the lines' NAME. */
  name: string;
  memo: string;
  /** new: first sent; change: sent again as it is now; reversal: what was sent before, undone. */
  change: ExportChange;
  lines: SentLine[];
};

/** What an export writes for the accounting software; a local file, as every adapter here is. */
export type Adapter = {
  key: AccountingAdapter;
  /** The downloaded file's media type. */
  contentType: string;
  render: (entries: ExportEntry[]) => Buffer;
};

/** Cents as the files write them: 1234.56, -0.05. */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
