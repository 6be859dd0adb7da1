import type { Expense, ExpenseValues } from '@atelier/contracts';

/**
 * An expense's values as its form edits them and a save sends them: references by id; a new
 * one's job or vendor from where it was started (a job's or a vendor's Expenses tab).
 */
export const expenseValues = (
  record: Expense | undefined,
  given: { job?: string | null; vendor?: string | null } = {},
): ExpenseValues => ({
  vendor: record ? (record.vendor?._id ?? null) : (given.vendor ?? null),
  payee: record?.payee ?? '',
  category: record?.category ?? '',
  amountCents: record?.amountCents as number,
  taxCents: record?.taxCents ?? 0,
  date: record?.date ?? null,
  paidFrom: record?.paidFrom._id ?? '',
  reference: record?.reference ?? '',
  notes: record?.notes ?? '',
  receipt: record?.receipt?._id ?? null,
  customerJob: record ? (record.customerJob?._id ?? null) : (given.job ?? null),
  billable: record?.billable ?? false,
});
