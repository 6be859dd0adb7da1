import { EXPENSE_BILLING_LABELS, type Expense, type ExpenseBillingState, KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Badge, Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Fact } from '../../../components/money/fact';
import { formatDate, formatMoney } from '../../../lib/format';

export const BILLING_COLORS: Record<ExpenseBillingState, string> = {
  not_billable: 'gray',
  unbilled: 'orange',
  billed: 'teal',
};

/** What was spent, when and from where; the job it is for and where its billing stands. */
export function ExpenseSummary({ expense, currency }: { expense: Expense; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Fact label="Total">
          <Text fw={700}>{money(expense.totalCents)}</Text>
        </Fact>
        <Fact label="Amount · tax">
          {money(expense.amountCents)} · {money(expense.taxCents)}
        </Fact>
        <Fact label="Spent on">{formatDate(expense.date)}</Fact>
        <Fact label="Paid from">{expense.paidFrom.name}</Fact>
        <Fact label="Paid to">
          {expense.vendor ? (
            <Anchor component={Link} to={recordHref(KINDS.vendor, expense.vendor._id)} size="sm">
              {expense.vendor.name}
            </Anchor>
          ) : (
            expense.paidTo
          )}
        </Fact>
        <Fact label="Job">
          {expense.customerJob ? (
            <Anchor component={Link} to={recordHref(KINDS.customer_job, expense.customerJob._id)} size="sm">
              {expense.customerJob.name}
            </Anchor>
          ) : (
            '—'
          )}
        </Fact>
        <Fact label="Billing">
          <Badge color={BILLING_COLORS[expense.billing]} variant="light">
            {EXPENSE_BILLING_LABELS[expense.billing]}
          </Badge>
          {expense.invoice && (
            <>
              {' '}
              <Anchor component={Link} to={recordHref(KINDS.invoice, expense.invoice._id)} size="sm">
                {expense.invoice.name}
              </Anchor>
            </>
          )}
        </Fact>
        {expense.commissionPayout && (
          <Fact label="Commission payout to">
            <Anchor component={Link} to={recordHref(KINDS.ambassador, expense.commissionPayout._id)} size="sm">
              {expense.commissionPayout.name}
            </Anchor>
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  );
}
