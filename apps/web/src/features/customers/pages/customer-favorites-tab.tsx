import { type Customer, type CustomerFavorites, KINDS, P } from '@atelier/contracts';
import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useRecord } from '../../../components/record/record-outlet';
import { api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';

/**
 * /u/customers/{id}/favorites (spec section 2): what the customer keeps in the firm's store, at
 * their prices, and a draft quote or proposal of them in one step (with those modules and codes).
 */
export default function CustomerFavoritesTab() {
  const { record } = useRecord<Customer>();
  const { can, hasFeature } = useCan();
  const navigate = useNavigate();
  const favorites = useQuery({
    queryKey: ['customer-favorites', record._id],
    queryFn: () => api<CustomerFavorites>('GET', `/customers/${record._id}/favorites`),
  });
  // A draft quote or proposal of them, opened at once.
  const draft = useMutation({
    mutationFn: (kind: 'quote' | 'proposal') =>
      api<{ _id: string; number: string }>('POST', `/customers/${record._id}/favorites/${kind}`).then((made) => ({
        kind,
        made,
      })),
    onSuccess: ({ kind, made }) => {
      toastSuccess(
        `${kind === 'quote' ? 'Quote' : 'Proposal'} ${made.number} drafted from ${record.name}’s favorites.`,
      );
      navigate(`${KINDS[kind].webPath}/${made._id}`);
    },
    onError: (error) => showSubmitError(error),
  });
  if (favorites.isPending) return <Loader />;
  if (favorites.error) return <Text c="red">{favorites.error.message}</Text>;
  const items = favorites.data.items;
  const some = items.some((i) => i.inStore);
  const canQuote = some && can(P.MODIFY_QUOTES) && hasFeature('quotes');
  const canPropose = some && can(P.MODIFY_PROPOSALS) && hasFeature('proposals');
  return (
    <Stack>
      <Group justify="space-between">
        <Text>
          {items.length
            ? `${record.name} keeps ${items.length} product${items.length === 1 ? '' : 's'} in your store.`
            : `${record.name} keeps no favorites in your store yet.`}
        </Text>
        <Group gap="xs">
          {canQuote && (
            <Button onClick={() => draft.mutate('quote')} loading={draft.isPending && draft.variables === 'quote'}>
              Make a draft quote of them
            </Button>
          )}
          {canPropose && (
            <Button
              variant="default"
              onClick={() => draft.mutate('proposal')}
              loading={draft.isPending && draft.variables === 'proposal'}
            >
              Make a draft proposal of them
            </Button>
          )}
        </Group>
      </Group>
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th ta="right">Their price</Table.Th>
                <Table.Th>Kept</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={`${f.productId}-${f.variantId ?? ''}`}>
                  <Table.Td>
                    <Link to={`${KINDS.product.webPath}/${f.productId}`}>{f.name}</Link>
                    {f.variant && <Text size="sm">{f.variant}</Text>}
                    {!f.inStore && (
                      <Badge color="gray" variant="light" ml="xs">
                        Not in the store now
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{f.sku}</Table.Td>
                  <Table.Td ta="right">{f.priceCents === null ? '—' : formatMoney(f.priceCents)}</Table.Td>
                  <Table.Td>{new Date(f.addedAt).toLocaleDateString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
