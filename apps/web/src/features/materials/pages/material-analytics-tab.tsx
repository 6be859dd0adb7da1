import type { Material, MaterialAnalytics } from '@atelier/contracts';
import { Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MonthlyBars } from '../../../components/monthly-bars';
import { useRecord } from '../../../components/record/record-outlet';
import { api } from '../../../lib/api';
import { formatQuantity } from '../../../lib/format';
import { unitWords } from '../../../lib/unit-words';

/** /p/materials/{id}/analytics: what was used and bought each month, from the material's ledger. */
export default function MaterialAnalyticsTab() {
  const { record } = useRecord<Material>();
  const figures = useQuery({
    queryKey: ['stock', 'material', record._id, 'analytics'],
    queryFn: () => api<MaterialAnalytics>('GET', `/stock/materials/${record._id}/analytics`),
  });
  if (!figures.data) return <Loader aria-label="Loading the analytics" />;
  const unit = unitWords(record.unit, 2);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Use and purchases
        </Title>
        <Text size="sm" c="dimmed">
          Per month, in {unit}: used is what left the shelves other than by transfer; bought is what was received.
        </Text>
        <MonthlyBars
          rows={figures.data.months}
          series={[
            { key: 'used', label: 'Used', format: formatQuantity, color: 'orange' },
            { key: 'purchased', label: 'Bought', format: formatQuantity, color: 'teal' },
          ]}
        />
      </Stack>
    </Card>
  );
}
