// The payments module's public entry: other modules and the wiring import it from here only
// (decision 0018).
export { applyMoney, unapplyMoney } from './applications';
export { creditMemoType } from './credit-memos.service';
export * from './payments.module';
export { paymentType } from './payments.service';
export * from './payments.table';
export { receivablesAging } from './receivables';
export { statementPdf } from './statement';
