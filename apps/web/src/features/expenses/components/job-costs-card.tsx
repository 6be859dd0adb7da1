import type { JobCosts } from '@atelier/contracts';
import { Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Figure } from '../../../components/figure';
import { formatMoney } from '../../../lib/format';

/** Actual against budget, as a bar that turns red once over. */
function AgainstBudget({
  label,
  actual,
  budget,
  money,
}: {
  label: string;
  actual: number;
  budget: number;
  money: (c: number) => string;
}) {
  if (budget <= 0)
    return (
      <Text size="sm" c="dimmed">
        No {label} budgeted: {money(actual)} so far.
      </Text>
    );
  const share = Math.round((actual / budget) * 100);
  const over = label === 'cost' && actual > budget;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {money(actual)} of {money(budget)} budgeted {label} ({share}%)
      </Text>
      <Progress
        value={Math.min(100, share)}
        color={over ? 'red' : label === 'cost' ? (share >= 90 ? 'orange' : 'teal') : 'blue'}
        size="lg"
        aria-label={`Actual ${label}: ${share}% of the budget`}
      />
    </Stack>
  );
}

/**
 * A job's real figures beside its budget: its cost (expenses, labour, what arrived on its
 * purchase orders), what its issued invoices billed, and the profit of the two.
 */
export function JobCostsCard({ costs, currency }: { costs: JobCosts; currency?: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          Cost and profit
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AgainstBudget label="cost" actual={costs.actualCostCents} budget={costs.budgetCostCents} money={money} />
          <AgainstBudget
            label="revenue"
            actual={costs.invoicedRevenueCents}
            budget={costs.budgetRevenueCents}
            money={money}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label="Expenses" value={money(costs.expensesCents)} hint="With the tax paid" />
          <Figure label="Labour" value={money(costs.labourCents)} hint="Closed time at cost rates" />
          <Figure label="Purchases" value={money(costs.purchasesCents)} hint="Received on its purchase orders" />
          <Figure
            label="Actual cost"
            value={money(costs.actualCostCents)}
            hint={`Budget ${money(costs.budgetCostCents)}`}
          />
          <Figure
            label="Invoiced"
            value={money(costs.invoicedRevenueCents)}
            hint={`Before tax · budget ${money(costs.budgetRevenueCents)}`}
          />
          <Figure
            label="Profit"
            value={money(costs.profitCents)}
            hint={`Invoiced less cost · budget ${money(costs.budgetProfitCents)}`}
          />
          {costs.unbilledCents > 0 && (
            <Figure label="To bill" value={money(costs.unbilledCents)} hint="Billable expenses on no invoice yet" />
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
