import { KINDS, STOCK_COUNT_STATUS_LABELS } from '@atelier/contracts';
import { Anchor, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { api } from '../../../lib/api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useCounts, useRunStockCheck, useStartCount, useStockCheck, useStockValue } from '../api';

/** What the stock is worth per warehouse, and the latest proof that the books add up (run one now). */
function InventoryCard() {
  const value = useStockValue();
  const check = useStockCheck();
  const run = useRunStockCheck();
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Inventory value
          </Title>
          <Text size="sm" fw={700}>
            {value.data ? formatMoney(value.data.totalCents) : ''}
          </Text>
        </Group>
        {value.data && (
          <ScrollTable
            head={['Warehouse', 'Items in stock', 'Value at average cost']}
            rows={value.data.warehouses.map((w) => ({
              key: w._id,
              cells: [w.name, String(w.items), formatMoney(w.valueCents)],
            }))}
          />
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c={check.data?.drift ? 'red.8' : 'dimmed'}>
            {!check.data
              ? 'The books have not been checked against the ledger yet.'
              : check.data.drift
                ? `The last check (${formatDateTime(check.data.checkedAt)}) found ${check.data.drift} totals that differ from the ledger.`
                : `The last check (${formatDateTime(check.data.checkedAt)}) found all ${check.data.levels} totals equal to the ledger.`}
          </Text>
          <Button
            variant="default"
            size="xs"
            loading={run.isPending}
            onClick={async () => {
              const result = await run.mutateAsync(undefined);
              toastSuccess(
                result.drift.length
                  ? `${result.drift.length} totals differ from the ledger.`
                  : `All ${result.levels} totals equal the ledger.`,
              );
            }}
          >
            Check now
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /p/stock-counts: count sheets per warehouse; a new one lists what the warehouse holds, to count. */
export default function StockCountsPage() {
  const { can } = useCan();
  const counts = useCounts();
  const start = useStartCount();
  const navigate = useNavigate();
  const places = useQuery({
    queryKey: ['stock', 'warehouses'],
    queryFn: () => api<{ _id: string; name: string }[]>('GET', '/stock/warehouses'),
  });
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [note, setNote] = useState('');
  if (!can(KINDS.product.codes.modify)) return <NoAccess />;
  return (
    <Stack>
      <PageHeader
        title="Stock counts"
        description="What your stock is worth, and counting it: a sheet per warehouse, the differences reviewed and posted."
      />
      <InventoryCard />
      <Card withBorder padding="lg" maw={760}>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Warehouse"
            placeholder="Choose a warehouse"
            data={(places.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
            value={warehouse}
            onChange={setWarehouse}
          />
          <TextInput
            label="Note"
            placeholder="Month-end count"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button
            disabled={!warehouse}
            loading={start.isPending}
            onClick={async () => {
              try {
                const sheet = await start.mutateAsync({ warehouse: warehouse!, note });
                navigate(`/p/stock-counts/${sheet._id}`);
              } catch (error) {
                showSubmitError(error);
              }
            }}
          >
            Start a count
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="sm">
        {!counts.data ? (
          <Loader aria-label="Loading the counts" />
        ) : counts.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No warehouse has been counted yet.
          </Text>
        ) : (
          <ScrollTable
            head={['Count', 'Warehouse', 'Status', 'Counted', 'Started', 'Note']}
            rows={counts.data.map((c) => ({
              key: c._id,
              cells: [
                <Anchor key="n" component={Link} to={`/p/stock-counts/${c._id}`} size="sm">
                  Count {c.number}
                </Anchor>,
                c.warehouse.name,
                STOCK_COUNT_STATUS_LABELS[c.status],
                `${c.counted} of ${c.lineCount}`,
                formatDateTime(c.createdAt),
                c.note || '—',
              ],
            }))}
          />
        )}
      </Card>
    </Stack>
  );
}
