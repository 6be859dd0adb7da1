import { type Employee, type EmployeeAnalytics, KINDS, QUOTE_STATUS_LABELS } from '@atelier/contracts';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate } from '../../../lib/format';
import { useEmployeeAnalytics, useMaySeeSales } from '../../sales-analytics/api';
import { NotYet, SalesByMonth, SalesFigureCards, useMoney } from '../../sales-analytics/components/sales-by-month';

function OpenQuotes({ quotes, name }: { quotes: NonNullable<EmployeeAnalytics['openQuotes']>; name: string }) {
  const money = useMoney();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Open quotes
          </Title>
          {quotes.count > 0 && (
            <Text size="sm" c="dimmed">
              {quotes.count} open · {money(quotes.totalCents)}
              {quotes.items.length < quotes.count ? ` · the ${quotes.items.length} soonest to lapse shown` : ''}
            </Text>
          )}
        </Group>
        {quotes.count === 0 ? (
          <Text size="sm" c="dimmed">
            {name} has no open quotes.
          </Text>
        ) : (
          <ScrollTable
            head={['Number', 'Customer', 'Status', 'Total', 'Valid until']}
            rows={quotes.items.map((q) => ({
              key: q._id,
              cells: [
                <Anchor key="n" component={Link} to={`${KINDS.quote.webPath}/${q._id}`} size="sm">
                  {q.number}
                </Anchor>,
                <Anchor key="c" component={Link} to={`${KINDS.customer.webPath}/${q.customer._id}`} size="sm">
                  {q.customer.name}
                </Anchor>,
                QUOTE_STATUS_LABELS[q.status],
                money(q.totalCents),
                formatDate(q.validUntil),
              ],
            }))}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * /u/employees/{id}/analytics: the orders they took (those they made), by month, and the quotes
 * they have open; the quotes only where the firm has the module and the viewer may see quotes.
 */
export default function EmployeeAnalyticsTab() {
  const { record } = useRecord<Employee>();
  const allowed = useMaySeeSales().employee;
  const analytics = useEmployeeAnalytics(record._id);
  if (!allowed) return <NoAccess />;
  if (!analytics.data) return <NotYet error={analytics.error} label="analytics" />;
  const { sales, figures, openQuotes } = analytics.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        An order or quote counts as {record.name}’s when they made it.
      </Text>
      <SalesFigureCards figures={figures} show={['orders', 'year', 'average']} />
      <SalesByMonth months={sales} />
      {openQuotes && <OpenQuotes quotes={openQuotes} name={record.name} />}
    </Stack>
  );
}
