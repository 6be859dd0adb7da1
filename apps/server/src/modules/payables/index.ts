// The payables module's public entry: other modules and the wiring import it from here only
// (decision 0018). The returns module credits a vendor for a claim with `issueVendorCredit`, in
// its own transaction.

export { applyToBills, type BillSource, unapplyFromBills } from './applications';
export { billPaymentType } from './bill-payments.service';
export * from './payables.module';
export * from './payables.table';
export { payablesAging } from './payables-aging';
export { vendorBillType } from './vendor-bills.service';
export { issueVendorCredit, vendorCreditType } from './vendor-credits.service';
