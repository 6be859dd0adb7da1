import { KINDS, type Vendor, type VendorAnalytics } from '@atelier/contracts';
import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Figure } from '../../../components/figure';
import { MonthlyBars } from '../../../components/monthly-bars';
import { useRecord } from '../../../components/record/record-outlet';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';

/** /p/vendors/{id}/analytics: spend per month, on-time rate and lead time, from what was really received. */
export default function VendorAnalyticsTab() {
  const { record } = useRecord<Vendor>();
  const { can } = useCan();
  const allowed = can(KINDS.purchase_order.codes.modify);
  const figures = useQuery({
    queryKey: ['vendor-analytics', record._id],
    queryFn: () => api<VendorAnalytics>('GET', `${KINDS.vendor.apiPath}/${record._id}/analytics`),
    enabled: allowed,
  });
  if (!allowed)
    return (
      <Text size="sm" c="dimmed">
        A vendor’s analytics need the purchase-orders permission.
      </Text>
    );
  if (!figures.data) return <Loader aria-label="Loading the analytics" />;
  const f = figures.data;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="On time"
          value={f.onTimeRate === null ? 'No orders received in full yet' : `${Math.round(f.onTimeRate * 100)} %`}
        />
        <Figure
          label="Average lead time"
          value={f.averageLeadDays === null ? 'No deliveries yet' : `${f.averageLeadDays} days`}
        />
        <Figure label="Open orders" value={String(f.openOrders)} />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Spend per month
            </Title>
            <Text size="sm" c="dimmed">
              What was received, at landed cost
            </Text>
          </Group>
          <MonthlyBars
            rows={f.spend}
            series={[{ key: 'cents', label: 'Received', format: formatMoney, color: 'blue' }]}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
