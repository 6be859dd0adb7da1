import { type Company, type CompanyPrices, KINDS, P } from '@atelier/contracts';
import { ActionIcon, Button, Card, Grid, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MoneyInput } from '../../../components/form/fields';
import { ProductSelect } from '../../../components/form/pickers';
import { NoAccess } from '../../../components/no-access';
import { useRecord } from '../../../components/record/record-outlet';
import { ApiError, api } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';

type Row = { product: string | null; name?: string; priceCents: number | undefined };

/**
 * /u/companies/{id}/pricing (the wholesale module): the account's price level and what it takes
 * off, and its own prices of products, which come before the level's. Changing them needs the
 * account financials (15).
 */
export default function CompanyPricingTab() {
  const { record } = useRecord<Company>();
  const { can, hasFeature } = useCan();
  const path = `${KINDS.company.apiPath}/${record._id}/prices`;
  const queryClient = useQueryClient();
  const prices = useQuery({ queryKey: ['company-prices', record._id], queryFn: () => api<CompanyPrices>('GET', path) });
  if (!hasFeature('wholesale'))
    return <NoAccess message="Company pricing is part of the Wholesale module: turn it on in Billing." />;
  if (!prices.data) return <Loader aria-label="Loading the prices" />;
  return (
    <PricesEditor
      key={prices.dataUpdatedAt}
      data={prices.data}
      editable={can(P.COMPANY_FINANCIALS)}
      save={async (rows) => {
        const saved = await api<CompanyPrices>('PUT', path, {
          prices: rows.map((r) => ({ item: { type: 'product', id: r.product }, priceCents: r.priceCents })),
        });
        queryClient.setQueryData(['company-prices', record._id], saved);
      }}
    />
  );
}

function PricesEditor({
  data,
  editable,
  save,
}: {
  data: CompanyPrices;
  editable: boolean;
  save: (rows: Row[]) => Promise<void>;
}) {
  const [rows, setRows] = useState<Row[]>(() =>
    data.prices.map((p) => ({ product: p.item._id, name: p.item.name, priceCents: p.priceCents })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...change } : r)));
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h5">
            Price level: {data.level || 'none (list prices)'}
          </Title>
          {data.rules.length > 0 ? (
            <List size="sm">
              {data.rules.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {data.level
                ? 'This level takes nothing off yet: its discounts are set in Account settings.'
                : 'Choose a level on the Settings tab.'}
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack>
          <Title order={2} size="h5">
            This account’s own prices
          </Title>
          {rows.length === 0 && (
            <Text size="sm" c="dimmed">
              None: the level’s prices apply.
            </Text>
          )}
          {rows.map((r, i) => {
            const list = data.prices.find((p) => p.item._id === r.product)?.listPriceCents;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
              <Grid key={i} gap="xs" align="flex-end">
                <Grid.Col span={{ base: 12, sm: 7 }}>
                  <ProductSelect
                    label="Product"
                    value={r.product}
                    initial={r.product && r.name ? { _id: r.product, name: r.name } : null}
                    onChange={(product) => set(i, { product })}
                    error={errors[`prices.${i}.item`] ?? errors[`prices.${i}.item.id`]}
                  />
                  {r.name && (
                    <Text size="xs" c="dimmed">
                      {r.name}
                      {list !== undefined ? ` · list ${formatMoney(list)}` : ''}
                    </Text>
                  )}
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 5 }}>
                  <Group gap="xs" wrap="nowrap" align="flex-end">
                    <MoneyInput
                      label="Price"
                      flex={1}
                      miw={0}
                      cents={r.priceCents}
                      onChange={(priceCents) => set(i, { priceCents })}
                      error={errors[`prices.${i}.priceCents`]}
                      disabled={!editable}
                    />
                    {editable && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        mb={4}
                        aria-label={`Remove price ${i + 1}`}
                        onClick={() => setRows((all) => all.filter((_, k) => k !== i))}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Group>
                </Grid.Col>
              </Grid>
            );
          })}
          {editable ? (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setRows((all) => [...all, { product: null, priceCents: undefined }])}
              >
                Add a price
              </Button>
              <Button
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await save(rows);
                    setErrors({});
                    toastSuccess('Prices saved.');
                  } catch (error) {
                    if (error instanceof ApiError) setErrors(error.fields);
                    showSubmitError(error);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Save prices
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Changing an account’s prices needs the account financials permission.
            </Text>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
