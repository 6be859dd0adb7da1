import {
  type BillableExpense,
  type Expense,
  type ExpenseInput,
  type JobCosts,
  KINDS,
  recordApiPath,
} from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { recordKeys } from '../../components/record/api';
import { recordResource } from '../../components/record/resource';
import { api } from '../../lib/api';

export const expenses = recordResource<Expense, ExpenseInput>(KINDS.expense);

export const expenseKeys = {
  // Under the job's record key: its tab's queries refresh with the job.
  jobCosts: (job: string) => [...recordKeys.all(recordApiPath(KINDS.customer_job, job)), 'costs'] as const,
  billable: (customer: string) => ['list', KINDS.expense.apiPath, 'billable', customer] as const,
};

/** GET /customer-jobs/{id}/costs: the job's real cost and revenue against its budget. */
export function useJobCosts(job: string, enabled = true) {
  return useQuery({
    queryKey: expenseKeys.jobCosts(job),
    queryFn: () => api<JobCosts>('GET', `${recordApiPath(KINDS.customer_job, job)}/costs`),
    enabled,
  });
}

/** GET /expenses/billable?customer=: what a new invoice for the customer may bill of their expenses. */
export function useBillableExpenses(customer: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: expenseKeys.billable(customer ?? ''),
    queryFn: () => api<BillableExpense[]>('GET', `${KINDS.expense.apiPath}/billable`, undefined, { customer }),
    enabled: enabled && Boolean(customer),
  });
}
