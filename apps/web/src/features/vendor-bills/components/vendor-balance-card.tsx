import { KINDS, recordHref } from '@atelier/contracts';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCan } from '../../../lib/permissions';
import { useSettings } from '../../settings/api';
import { usePayablesAging } from '../api';
import { AGING_FIGURES, AgingFigure } from './payables-aging-card';

/**
 * What the firm owes a vendor: their open bills by days past due, less their credit (vendor
 * credits and advances not on a bill) = the balance. For those who keep bills (57).
 */
export function VendorBalanceCard({ vendor }: { vendor: string }) {
  const { can } = useCan();
  const allowed = can(KINDS.vendor_bill.codes.modify);
  const aging = usePayablesAging(vendor, allowed);
  const currency = useSettings().data?.firmSettings.currency;
  if (!allowed || !aging.data) return null;
  const totals = aging.data.totals;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            Balance owed
          </Title>
          <Anchor component={Link} to={`${recordHref(KINDS.vendor, vendor)}/bills`} size="sm">
            Bills
          </Anchor>
        </Group>
        {totals.openCents === 0 && totals.creditCents === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is owed to this vendor, and they owe the firm no credit.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm" verticalSpacing="xs">
            {AGING_FIGURES.map((f) => (
              <AgingFigure key={f.key} figure={f.key} cents={totals[f.key]} currency={currency} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
