import type { AccountRole, PermissionCode, RecordKind } from '@atelier/contracts';
import type { Executor } from '../../db/client';

/**
 * Journal sources (decision 0047): how a module tells the accounting export what its documents
 * put in the books, without the export importing the module. A module lists its sources in its
 * manifest (`journal: [...]`); the export reads them all through `journalSources()`.
 *
 * A source gives, for a period or for some of its records by id, each document's journal entry:
 * lines that each debit or credit an account *role* (accounts receivable, sales income…), which
 * the firm's mapping turns into its ledger accounts. Rules every source keeps:
 * - amounts are integer cents, never negative; a line debits or credits, not both (zero lines
 *   are dropped);
 * - each document balances: its debits equal its credits (the export refuses, with a 409 naming
 *   the document, to write one that does not);
 * - only documents that are in the books are given (an issued invoice, not a draft or a void
 *   one): a document sent before and no longer given is reversed by the next export;
 * - asked by ids, it gives those of the ids still in the books, whatever their date (that is how
 *   a change to a document sent before is found);
 * - it reads only the firm's rows (`firmId`; row-level security holds it too), in the caller's
 *   transaction, and it is deterministic: the same rows give the same lines in the same order
 *   (the export compares what it would send with what it sent).
 */
export type JournalLine = {
  role: AccountRole;
  /** The role's key, where the role is mapped per something (a payment method, a category). */
  key?: string;
  debitCents: number;
  creditCents: number;
  memo?: string;
};

/** Who a document is with: a customer or a vendor (the vendor's sync tab lists these), or none. */
export type JournalParty = { type: 'customer' | 'vendor' | 'employee' | 'other'; id: string | null; name: string };

export type JournalDocument = {
  /** The record's id. */
  id: string;
  /** The record's version, recorded with what was sent. */
  version: number;
  /** As people know it: "INV-1042", "Payment 17". */
  number: string;
  /** The day it counts in the books (YYYY-MM-DD): the export's period is read against it. */
  date: string;
  party: JournalParty | null;
  memo: string;
  lines: JournalLine[];
};

export type JournalPeriod = { from: string; to: string };

export type JournalSource = {
  /** The document type, unique across sources: "invoice", "refund". Sync state and logs name it. */
  key: string;
  /** Its plural label: "Invoices". */
  label: string;
  /** One of them, in words: "invoice", "refund". */
  noun: string;
  /** The record kind its documents are (links, logs); refunds are payments. */
  kind: RecordKind;
  /** The "sync to accounting" code (144–158) needed to send them. */
  syncCode: PermissionCode;
  /** The documents dated in the period, or those of `ids` still in the books. */
  documents: (db: Executor, firmId: string, which: JournalPeriod | { ids: string[] }) => Promise<JournalDocument[]>;
  /**
   * The keys its lines use for roles mapped per something (a money account, a category), with
   * labels, so the mapping form can offer them before any export.
   */
  accountKeys?: (db: Executor, firmId: string) => Promise<{ role: AccountRole; key: string; label: string }[]>;
};

export const defineJournalSource = (source: JournalSource): JournalSource => source;

const sources = new Map<string, JournalSource>();

/** Registers the sources of the modules installed (installModules); a key given twice is refused. */
export function installJournalSources(moduleName: string, given: readonly JournalSource[]): void {
  for (const source of given) {
    const other = sources.get(source.key);
    if (other && other !== source) throw new Error(`${moduleName}: journal source ${source.key} is declared twice`);
    sources.set(source.key, source);
  }
}

/** Every registered source, in the order the modules were installed. */
export function journalSources(): readonly JournalSource[] {
  return [...sources.values()];
}

/** Whether a source's documents are given by period (rather than by ids). */
export const byPeriod = (which: JournalPeriod | { ids: string[] }): which is JournalPeriod => 'from' in which;
