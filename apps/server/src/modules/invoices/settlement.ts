import type { Executor } from '../../db/client';

/**
 * What another module does when money moved on invoices (decision 0045): given the invoices
 * whose paid state may have changed, in the transaction that changed it, with their rows locked.
 * Commissions are earned when a referred customer's invoice is paid, and go when it no longer is.
 */
export type SettlementListener = (db: Executor, invoiceIds: readonly string[]) => Promise<void>;

const listeners: SettlementListener[] = [];

/** Registers a listener once (the module that listens calls it where it loads). */
export function onInvoicesSettled(listener: SettlementListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Tells the listeners, one after another, in the caller's transaction. */
export async function invoicesSettled(db: Executor, invoiceIds: readonly string[]): Promise<void> {
  if (!invoiceIds.length) return;
  const ids = [...new Set(invoiceIds)].sort();
  for (const listener of listeners) await listener(db, ids);
}
