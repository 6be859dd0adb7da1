// The expenses module's public entry: other modules and the wiring import it from here only
// (decision 0018). Payments to vendors pay from a money account (`checkMoneyAccount`, and
// `registerMoneyAccountUse` so a used account is not removed); the accounting export maps each
// account to a ledger account; invoices bill billable expenses (`expenseLines`).
export { billableExpenses, expenseLines } from './billing';
export * from './expenses.module';
export { expenseNameSql, expenseType, paidToSql } from './expenses.service';
export * from './expenses.table';
export { jobCosts } from './job-costs';
export * from './money-accounts.service';
export * from './money-accounts.table';
