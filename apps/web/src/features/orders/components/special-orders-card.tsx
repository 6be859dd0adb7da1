import { KINDS, type Order, type PurchaseSuggestions } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toast } from '../../../lib/toast';
import { useSettings } from '../../settings/api';
import { useBuySpecialOrders, usePurchaseSuggestions } from '../api';

const poHref = (id: string) => `${KINDS.purchase_order.webPath}/${id}`;

function VendorLines({ group, currency }: { group: PurchaseSuggestions['toBuy'][number]; currency?: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {group.vendor.name}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={4} aria-label={`To buy from ${group.vendor.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Vendor’s SKU</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Unit cost</Table.Th>
              <Table.Th ta="right">Expected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.lines.map((l) => (
              <Table.Tr key={l.line}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{l.vendorSku || '—'}</Table.Td>
                <Table.Td ta="right">{formatQuantity(l.quantity)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.unitCost, currency)}</Table.Td>
                <Table.Td ta="right">
                  {formatDate(l.expectedDate)}
                  <Text size="xs" c="dimmed">
                    {l.leadTimeDays === 1 ? '1 day' : `${l.leadTimeDays} days`} lead time
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * A confirmed order's special-order lines (never stocked: bought from their vendor for this
 * customer): those left to buy, by vendor, made into draft purchase orders in one press; and
 * those bought, with their purchase order. For people who keep both orders and purchase orders.
 */
export function SpecialOrdersCard({ order }: { order: Order }) {
  const { can } = useCan();
  const currency = useSettings().data?.firmSettings.currency;
  const allowed = can(KINDS.order.codes.modify) && can(KINDS.purchase_order.codes.modify);
  const special = order.status !== 'draft' && order.lines.some((l) => l.kind === 'special');
  const suggestions = usePurchaseSuggestions(order._id, allowed && special);
  const buy = useBuySpecialOrders(order._id);
  if (!allowed || !special || !suggestions.data) return null;
  const { toBuy, bought } = suggestions.data;
  if (!toBuy.length && !bought.length) return null;

  const create = async () => {
    try {
      const made = await buy.mutateAsync({});
      toast({
        type: 'success',
        message: `${made.length === 1 ? 'Draft purchase order' : `${made.length} draft purchase orders`} made: ${made
          .map((m) => `${m.number} (${m.vendor.name})`)
          .join(', ')}.`,
        link: { href: poHref(made[0]!._id), label: `Open ${made[0]!.number}` },
      });
    } catch (error) {
      showSubmitError(error);
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {toBuy.length ? 'Special orders to buy' : 'Special orders'}
        </Title>
        {toBuy.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              Not stocked: bought from each vendor for this order, one purchase order per vendor.
            </Text>
            {toBuy.map((group) => (
              <VendorLines key={group.vendor._id} group={group} currency={currency} />
            ))}
            <Group>
              <Button loading={buy.isPending} onClick={create}>
                Create purchase orders
              </Button>
            </Group>
          </>
        )}
        {bought.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Bought
            </Text>
            <Table verticalSpacing={4} aria-label="Special orders bought">
              <Table.Tbody>
                {bought.map((b) => (
                  <Table.Tr key={b.line}>
                    <Table.Td>{b.name}</Table.Td>
                    <Table.Td>{b.vendor.name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(b.quantity)}</Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={poHref(b.purchaseOrder._id)} size="sm">
                        {b.purchaseOrder.name}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
