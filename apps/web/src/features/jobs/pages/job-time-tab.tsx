import { type CustomerJob, formatMinutes, type JobLabour } from '@atelier/contracts';
import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Figure } from '../../../components/figure';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { useJobLabour } from '../api';

/** The hours worked against the hours budgeted: a bar, red once over. */
export function HoursAgainstBudget({ labour }: { labour: JobLabour }) {
  const { minutes, budgetMinutes } = labour;
  if (budgetMinutes <= 0)
    return (
      <Text size="sm" c="dimmed">
        No hours are budgeted for this job: {formatMinutes(minutes)} worked.
      </Text>
    );
  const share = Math.round((minutes / budgetMinutes) * 100);
  const over = minutes > budgetMinutes;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {formatMinutes(minutes)} of {formatMinutes(budgetMinutes)} budgeted hours
        </Text>
        <Text size="sm" fw={600} c={over ? 'red' : undefined}>
          {over ? `${formatMinutes(minutes - budgetMinutes)} over budget` : `${share}%`}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, share)}
        color={over ? 'red' : share >= 90 ? 'orange' : 'teal'}
        size="lg"
        aria-label={`Hours used: ${share}% of the budget`}
      />
    </Stack>
  );
}

/**
 * /u/customer-jobs/{id}/time: the hours worked on the job against its budget, their labour cost,
 * and each person's hours and cost (never their rates).
 */
export default function JobTimeTab() {
  const { record } = useRecord<CustomerJob>();
  const labour = useJobLabour(record._id);
  const currency = useSettings().data?.firmSettings.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  if (labour.isPending) return <Text c="dimmed">Loading…</Text>;
  if (labour.isError) return <Text c="red">{labour.error.message}</Text>;
  const data = labour.data;
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Hours
          </Title>
          <HoursAgainstBudget labour={data} />
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Figure label="Hours worked" value={formatMinutes(data.minutes)} hint="Running entries count once they end" />
        <Figure label="Labour cost" value={money(data.costCents)} hint="What these hours cost the firm" />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          By person
        </Title>
        {data.byPerson.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has recorded time on {record.name} yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={360}
            head={['Person', 'Hours', 'Labour cost']}
            rows={data.byPerson.map((row) => ({
              key: row.person._id,
              cells: [row.person.name, formatMinutes(row.minutes), money(row.costCents)],
            }))}
          />
        )}
      </Card>
    </Stack>
  );
}
