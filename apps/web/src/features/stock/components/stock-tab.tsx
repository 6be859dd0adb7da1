import { type ItemStock, KINDS, P, STOCK_REASON_LABELS, type StockMovement } from '@atelier/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import {
  MOVEMENTS_PER_PAGE,
  type StockOwner,
  useFinishTransfer,
  useItemStock,
  useMovements,
  useSetStockPolicy,
  useTransfersInTransit,
} from '../api';
import { AdjustModal, type StockChoice } from './adjust-modal';
import { TransferModal } from './transfer-modal';

const POLICY_LABELS: Record<ItemStock['policy'], string> = {
  firm: 'As the firm’s inventory policy',
  allow: 'May go below zero (sold on backorder)',
  forbid: 'Never below zero',
};

/** Where a movement's document lives, when it has a page of its own. */
const sourceHref = (type: string, id: string) => {
  const kind = Object.values(KINDS).find((k) => k.key === type);
  return kind ? `${kind.webPath}/${id}` : null;
};

const signed = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : formatQuantity(n));

/**
 * A product's or material's stock tab: on hand per warehouse (and variant), what is in transit
 * towards each, the moving-average cost, the inventory policy, and the ledger that explains it.
 */
export function StockTab({ owner, items, unitLabel }: { owner: StockOwner; items: StockChoice[]; unitLabel: string }) {
  const stock = useItemStock(owner);
  if (!stock.data) return <Loader aria-label="Loading the stock" />;
  return (
    <Stack>
      <LevelsCard owner={owner} stock={stock.data} items={items} unitLabel={unitLabel} />
      <InTransit items={items} />
      <History owner={owner} byItem={items.length > 1} />
    </Stack>
  );
}

function LevelsCard({
  owner,
  stock,
  items,
  unitLabel,
}: {
  owner: StockOwner;
  stock: ItemStock;
  items: StockChoice[];
  unitLabel: string;
}) {
  const { can } = useCan();
  const [open, setOpen] = useState<'adjust' | 'transfer' | null>(null);
  const policy = useSetStockPolicy(owner);
  const byItem = items.length > 1;
  const total = stock.levels.reduce((sum, l) => sum + l.onHand, 0);
  const value = stock.levels.reduce((sum, l) => sum + l.onHand * l.averageCost, 0);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Stock
          </Title>
          <Group gap="xs">
            <Button variant="default" onClick={() => setOpen('transfer')} disabled={stock.warehouses.length < 2}>
              Transfer
            </Button>
            <Button onClick={() => setOpen('adjust')}>Adjust stock</Button>
          </Group>
        </Group>
        {stock.levels.length === 0 ? (
          <Text c="dimmed" size="sm">
            None in stock yet: receiving a purchase order or adjusting stock puts it on the shelf.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  {byItem && <Table.Th>Variant</Table.Th>}
                  <Table.Th>Warehouse</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th ta="right">Committed</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">In transit</Table.Th>
                  <Table.Th ta="right">On order</Table.Th>
                  <Table.Th ta="right">Forecast</Table.Th>
                  <Table.Th ta="right">Reorder point</Table.Th>
                  <Table.Th ta="right">Average cost</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stock.levels.map((l) => (
                  <Table.Tr key={`${l.item._id}:${l.warehouse._id}`}>
                    {byItem && <Table.Td>{l.item.name}</Table.Td>}
                    <Table.Td>{l.warehouse.name}</Table.Td>
                    <Table.Td ta="right">
                      <Group gap={6} justify="flex-end" wrap="nowrap">
                        {l.reorderPoint !== null && l.forecast <= l.reorderPoint && (
                          <Badge color="orange" variant="light" size="sm">
                            Low
                          </Badge>
                        )}
                        <Text size="sm" fw={l.onHand < 0 ? 700 : undefined}>
                          {formatQuantity(l.onHand)}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{l.committed ? formatQuantity(l.committed) : '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(l.available)}</Table.Td>
                    <Table.Td ta="right">{l.inTransit ? formatQuantity(l.inTransit) : '—'}</Table.Td>
                    <Table.Td ta="right">{l.incoming ? formatQuantity(l.incoming) : '—'}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(l.forecast)}</Table.Td>
                    <Table.Td ta="right">{l.reorderPoint === null ? '—' : formatQuantity(l.reorderPoint)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(Math.round(l.averageCost))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {stock.levels.length > 0 && (
          <Text size="sm" c="dimmed">
            {formatQuantity(total)} {unitLabel} on hand in all, worth {formatMoney(Math.round(value))} at average cost.
          </Text>
        )}
        {can(P.INVENTORY_POLICIES) ? (
          <Select
            label="Inventory policy"
            description={`The firm’s policy: ${stock.policy === 'firm' && stock.allowNegative ? 'may go below zero' : 'never below zero'} unless this item has its own.`}
            data={Object.entries(POLICY_LABELS).map(([value, label]) => ({ value, label }))}
            value={stock.policy}
            allowDeselect={false}
            maw={420}
            onChange={async (v) => {
              if (!v || v === stock.policy) return;
              await policy.mutateAsync(v as ItemStock['policy']);
              toastSuccess('Inventory policy saved.');
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {stock.allowNegative ? 'May go below zero (sold on backorder).' : 'Stock never goes below zero.'}
          </Text>
        )}
      </Stack>
      <AdjustModal opened={open === 'adjust'} onClose={() => setOpen(null)} items={items} stock={stock} />
      <TransferModal opened={open === 'transfer'} onClose={() => setOpen(null)} items={items} stock={stock} />
    </Card>
  );
}

/** Transfers on the road carrying these items, each to be received where it arrives (or cancelled back). */
function InTransit({ items }: { items: StockChoice[] }) {
  const transfers = useTransfersInTransit();
  const finish = useFinishTransfer();
  const mine = new Set(items.map((i) => i.id));
  const shown = (transfers.data ?? []).filter((t) => t.lines.some((l) => mine.has(l.item._id)));
  if (!shown.length) return null;
  return (
    <Alert color="blue" title="In transit">
      <Stack gap="xs">
        {shown.map((t) => (
          <Group key={t._id} justify="space-between" wrap="wrap">
            <Text size="sm">
              Transfer {t.number}: {t.from.name} → {t.to.name},{' '}
              {t.lines
                .filter((l) => mine.has(l.item._id))
                .map((l) => `${formatQuantity(l.quantity)} × ${l.item.name}`)
                .join(', ')}
              {t.note ? ` (${t.note})` : ''}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                loading={finish.isPending}
                onClick={async () => {
                  await finish.mutateAsync({ id: t._id, step: 'cancel' });
                  toastSuccess(`Transfer ${t.number} cancelled: the stock is back at ${t.from.name}.`);
                }}
              >
                Cancel
              </Button>
              <Button
                size="xs"
                loading={finish.isPending}
                onClick={async () => {
                  await finish.mutateAsync({ id: t._id, step: 'receive' });
                  toastSuccess(`Transfer ${t.number} received at ${t.to.name}.`);
                }}
              >
                Receive at {t.to.name}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}

function Source({ m }: { m: StockMovement }) {
  if (!m.source) return <>—</>;
  const href = sourceHref(m.source.type, m.source._id);
  return href ? (
    <Anchor component={Link} to={href} size="sm">
      {m.source.label}
    </Anchor>
  ) : (
    m.source.label
  );
}

/** The ledger of these items, newest first: every change of their stock and why. */
function History({ owner, byItem }: { owner: StockOwner; byItem: boolean }) {
  const [page, setPage] = useState(1);
  const movements = useMovements(owner, page);
  const data = movements.data;
  const pages = data ? Math.ceil((typeof data.total === 'number' ? data.total : 10_000) / MOVEMENTS_PER_PAGE) : 1;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Movements
        </Title>
        {!data ? (
          <Loader aria-label="Loading the movements" />
        ) : data.items.length === 0 ? (
          <Text c="dimmed" size="sm">
            No movements yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  {byItem && <Table.Th>Variant</Table.Th>}
                  <Table.Th>Warehouse</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Document</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((m) => (
                  <Table.Tr key={m._id}>
                    <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
                    {byItem && <Table.Td>{m.item.name}</Table.Td>}
                    <Table.Td>{m.warehouse.name}</Table.Td>
                    <Table.Td ta="right" fw={500}>
                      {signed(m.quantity)}
                    </Table.Td>
                    <Table.Td>{STOCK_REASON_LABELS[m.reason]}</Table.Td>
                    <Table.Td>
                      <Source m={m} />
                    </Table.Td>
                    <Table.Td>{m.note || '—'}</Table.Td>
                    <Table.Td>{m.by?.name ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      </Stack>
    </Card>
  );
}
