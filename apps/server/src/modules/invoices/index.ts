// The invoices module's public entry: other modules and the wiring import it from here only
// (decision 0018).

export { remindOverdue, runInvoiceJobsEverywhere, runRecurring } from './invoice-jobs';
export { invoicePdf } from './invoice-send';
export * from './invoices.module';
export { INVOICE_LINES, invoiceNumber, invoiceType } from './invoices.service';
export * from './invoices.table';
export { orderBilling } from './order-billing';
export { recurringInvoiceType } from './recurring.service';
export * from './recurring.table';
export { invoicesSettled, onInvoicesSettled, type SettlementListener } from './settlement';
