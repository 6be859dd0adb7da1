import type { Collection } from '@atelier/contracts';
import { ActionIcon, Anchor, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ProductSelect } from '../../../components/form/pickers';
import { useRecord } from '../../../components/record/record-outlet';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCollectionMembers, useSetMembers } from '../api';

/** Who is in the collection now: a hand-picked one's products added, ordered and removed here. */
export default function CollectionProductsTab() {
  const { record } = useRecord<Collection>();
  const members = useCollectionMembers(record._id);
  const set = useSetMembers(record._id);
  const [adding, setAdding] = useState<string | null>(null);
  const manual = record.kind === 'manual';
  const ids = (members.data ?? []).map((m) => m._id);
  const save = (products: string[]) =>
    set.mutateAsync({ products, version: record.version }).catch((error) => showSubmitError(error));
  const move = (i: number, by: -1 | 1) => {
    const next = [...ids];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    return save(next);
  };
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h4">
          Products ({members.data?.length ?? 0})
        </Title>
        {manual ? (
          <ProductSelect
            label="Add a product"
            value={adding}
            onChange={(id) => {
              setAdding(null);
              if (id && !ids.includes(id)) void save([...ids, id]);
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            Made by its rules: products join and leave as they change. Change the rules on the Details tab.
          </Text>
        )}
        {!members.data ? (
          <Loader aria-label="Loading the products" />
        ) : members.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No product is in it yet.
          </Text>
        ) : (
          <ScrollTable
            minWidth={480}
            head={['Product', 'SKU', 'Price', ...(manual ? ['Order'] : [])]}
            rows={members.data.map((m, i) => ({
              key: m._id,
              cells: [
                <Anchor key="p" component={Link} to={`/p/products/${m._id}`}>
                  {m.name}
                </Anchor>,
                m.sku,
                formatMoney(m.priceCents),
                ...(manual
                  ? [
                      <Group key="o" gap={2} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${m.name} up`}
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move ${m.name} down`}
                          disabled={i === ids.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Take ${m.name} out`}
                          onClick={() => save(ids.filter((id) => id !== m._id))}
                        >
                          <IconX size={16} />
                        </ActionIcon>
                      </Group>,
                    ]
                  : []),
              ],
            }))}
          />
        )}
      </Stack>
    </Card>
  );
}
