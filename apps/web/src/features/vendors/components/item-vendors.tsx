import { P } from '@atelier/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useCan } from '../../../lib/permissions';
import { useVendorItems } from '../api';
import { VendorItemsTable } from './vendor-items-table';

/** Who sells the firm a product (its variants too) or a material: for holders of the vendors code (29). */
export function ItemVendors(props: { product?: string; material?: string }) {
  const { can } = useCan();
  const items = useVendorItems(props);
  if (!can(P.MODIFY_VENDORS) || !items.data) return null;
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Bought from
        </Title>
        {items.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No vendor yet: add it on the vendor’s Items tab.
          </Text>
        ) : (
          <VendorItemsTable items={items.data} by="vendor" />
        )}
      </Stack>
    </Card>
  );
}
