import type { AccountingAdapter } from '@atelier/contracts';
import type { Adapter } from './adapter';
import { iifAdapter } from './iif';
import { journalCsvAdapter } from './journal-csv';

export type { Adapter, ExportEntry } from './adapter';

/** Every adapter, by its key; a new accounting system adds one here (decision 0047). */
export const ADAPTERS: Record<AccountingAdapter, Adapter> = {
  quickbooks_iif: iifAdapter,
  journal_csv: journalCsvAdapter,
};
