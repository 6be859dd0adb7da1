import { type Employee, formatMinutes, KINDS } from '@atelier/contracts';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { Figure } from '../../../components/figure';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';
import { useSettings } from '../../settings/api';
import { useEmployeeTime } from '../api';

const pad = (n: number) => String(n).padStart(2, '0');

/** This month's first and last days, as the browser's calendar says. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  const y = now.getFullYear();
  const m = now.getMonth();
  const last = new Date(y, m + 1, 0).getDate();
  return { from: `${y}-${pad(m + 1)}-01`, to: `${y}-${pad(m + 1)}-${pad(last)}` };
}

/**
 * /u/employees/{id}/accounting: the hours they worked by job between two dates (this month
 * unless the address says otherwise), and what that labour cost; the rate and costs only when
 * the answer has them (53).
 */
export default function EmployeeAccountingTab() {
  const { record } = useRecord<Employee>();
  const [params, setParams] = useSearchParams();
  const month = thisMonth();
  const from = params.get('from') || month.from;
  const to = params.get('to') || month.to;
  const time = useEmployeeTime(record._id, from, to);
  const currency = useSettings().data?.firmSettings.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const set = (key: 'from' | 'to', value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const data = time.data;
  const withCost = data?.costCents != null;
  return (
    <Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label="From" type="date" value={from} onChange={(e) => set('from', e.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} onChange={(e) => set('to', e.currentTarget.value)} />
        <Anchor component={Link} to={`${KINDS.time_entry.webPath}?person=${record._id}`} size="sm" pb={8}>
          Open {record.name}’s timesheet
        </Anchor>
      </Group>
      {time.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : time.isError ? (
        <Text c="red">{time.error.message}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: withCost ? 3 : 1 }} maw={withCost ? undefined : 320}>
            <Figure label="Hours" value={formatMinutes(time.data.minutes)} hint="Rounded as the firm counts them" />
            {withCost && <Figure label="Labour cost" value={money(time.data.costCents!)} />}
            {time.data.costRateCents != null && (
              <Figure label="Cost per hour" value={money(time.data.costRateCents)} hint="Set on their details" />
            )}
          </SimpleGrid>
          <Card withBorder padding="lg">
            <Title order={2} size="h4" mb="sm">
              By job
            </Title>
            {time.data.byJob.length === 0 ? (
              <Text size="sm" c="dimmed">
                {record.name} has no time recorded between these dates.
              </Text>
            ) : (
              <ScrollTable
                minWidth={withCost ? 420 : 300}
                head={['Job', 'Hours', ...(withCost ? ['Labour cost'] : [])]}
                rows={time.data.byJob.map((row) => ({
                  key: row.customerJob?._id ?? 'none',
                  cells: [
                    row.customerJob ? (
                      <Anchor
                        key="j"
                        inherit
                        component={Link}
                        to={`${KINDS.customer_job.webPath}/${row.customerJob._id}/time`}
                      >
                        {row.customerJob.name}
                      </Anchor>
                    ) : (
                      <Text key="j" span c="dimmed" inherit>
                        No job
                      </Text>
                    ),
                    formatMinutes(row.minutes),
                    ...(withCost ? [row.costCents == null ? '–' : money(row.costCents)] : []),
                  ],
                }))}
              />
            )}
          </Card>
        </>
      )}
    </Stack>
  );
}
