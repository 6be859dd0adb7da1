import { type CustomerJob, KINDS } from '@atelier/contracts';
import { Stack, Text } from '@mantine/core';
import { useRecord } from '../../../components/record/record-outlet';
import { useCan } from '../../../lib/permissions';
import { useJobCosts } from '../../expenses/api';
import { ExpensesOf } from '../../expenses/components/expenses-of';
import { JobCostsCard } from '../../expenses/components/job-costs-card';
import { useSettings } from '../../settings/api';

/**
 * /u/customer-jobs/{id}/expenses: the job's cost and profit against its budget (real figures
 * only: what was spent, worked and received, and what was invoiced), then its expenses.
 */
export default function JobExpensesTab() {
  const { record } = useRecord<CustomerJob>();
  const { can } = useCan();
  const costs = useJobCosts(record._id);
  const currency = useSettings().data?.firmSettings.currency;
  return (
    <Stack>
      {costs.isError ? (
        <Text c="red">{costs.error.message}</Text>
      ) : costs.data ? (
        <JobCostsCard costs={costs.data} currency={currency} />
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
      {can(KINDS.expense.codes.modify) && (
        <ExpensesOf
          filter="job"
          id={record._id}
          currency={currency}
          empty={`No expenses recorded for ${record.name} yet.`}
        />
      )}
    </Stack>
  );
}
