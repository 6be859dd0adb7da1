import { KINDS, STOCK_COUNT_STATUS_LABELS, type StockCount } from '@atelier/contracts';
import { Badge, Button, Card, Group, Loader, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { NoAccess } from '../../../components/no-access';
import { PageHeader } from '../../../components/page-header';
import { formatQuantity } from '../../../lib/format';
import { showSubmitError } from '../../../lib/forms';
import { useCan } from '../../../lib/permissions';
import { toastSuccess } from '../../../lib/toast';
import { useCount, useFinishCount, useSaveCount } from '../api';

const keyOf = (l: StockCount['lines'][number]) => `${l.item.type}:${l.item._id}`;
const signed = (n: number) => (n > 0 ? `+${formatQuantity(n)}` : formatQuantity(n));

function Sheet({ sheet }: { sheet: StockCount }) {
  const [entered, setEntered] = useState<Record<string, number | ''>>({});
  const [find, setFind] = useState('');
  const [confirm, setConfirm] = useState<'post' | 'cancel' | null>(null);
  const save = useSaveCount(sheet._id);
  const finish = useFinishCount(sheet._id);
  const open = sheet.status === 'open';
  const q = find.trim().toLowerCase();
  const shown = sheet.lines.filter(
    (l) => !q || l.item.name.toLowerCase().includes(q) || l.item.sku.toLowerCase().includes(q),
  );
  const changed = Object.entries(entered);
  const submit = async () => {
    try {
      await save.mutateAsync(
        changed.map(([key, counted]) => {
          const line = sheet.lines.find((l) => keyOf(l) === key)!;
          return { item: { type: line.item.type, id: line.item._id }, counted: counted === '' ? null : counted };
        }),
      );
      setEntered({});
      toastSuccess('Counts saved.');
    } catch (error) {
      showSubmitError(error);
    }
  };
  const differing = sheet.lines.filter((l) => l.difference !== null && l.difference !== 0).length;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge variant="light" color={open ? 'blue' : sheet.status === 'posted' ? 'green' : 'gray'}>
            {STOCK_COUNT_STATUS_LABELS[sheet.status]}
          </Badge>
          <Text size="sm">
            {sheet.counted} of {sheet.lines.length} counted
            {differing ? ` · ${differing} differ from the books` : ''}
          </Text>
        </Group>
        {open && (
          <Group gap="xs">
            <Button variant="default" onClick={() => setConfirm('cancel')}>
              Cancel the count
            </Button>
            <Button variant="default" onClick={submit} disabled={!changed.length} loading={save.isPending}>
              Save {changed.length || ''} count{changed.length === 1 ? '' : 's'}
            </Button>
            <Button onClick={() => setConfirm('post')} disabled={changed.length > 0 || !sheet.counted}>
              Post the differences
            </Button>
          </Group>
        )}
      </Group>
      <TextInput label="Find an item" value={find} onChange={(e) => setFind(e.currentTarget.value)} maw={320} />
      <Card withBorder padding="sm">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">When the sheet was made</Table.Th>
                <Table.Th ta="right">On the books now</Table.Th>
                <Table.Th w={150}>Counted</Table.Th>
                <Table.Th ta="right">Difference</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.slice(0, 300).map((l) => (
                <Table.Tr key={keyOf(l)}>
                  <Table.Td>
                    <Text size="sm">{l.item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {l.item.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.expected)}</Table.Td>
                  <Table.Td ta="right">{formatQuantity(l.onHand)}</Table.Td>
                  <Table.Td>
                    {open ? (
                      <NumberInput
                        size="xs"
                        aria-label={`${l.item.name} counted`}
                        min={0}
                        decimalScale={4}
                        value={entered[keyOf(l)] ?? l.counted ?? ''}
                        onChange={(v) => setEntered((all) => ({ ...all, [keyOf(l)]: typeof v === 'number' ? v : '' }))}
                      />
                    ) : l.counted === null ? (
                      '—'
                    ) : (
                      formatQuantity(l.counted)
                    )}
                  </Table.Td>
                  <Table.Td ta="right" fw={l.difference ? 600 : undefined}>
                    {l.difference === null ? '—' : signed(l.difference)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {shown.length > 300 && (
          <Text size="sm" c="dimmed">
            Showing 300 of {shown.length}: find an item to narrow them.
          </Text>
        )}
      </Card>
      <ConfirmDialog
        opened={confirm !== null}
        title={confirm === 'post' ? `Post count ${sheet.number}?` : `Cancel count ${sheet.number}?`}
        text={
          confirm === 'post'
            ? 'Each counted item is set to what was counted: the difference from the books is posted as a count movement. Items not counted stay as they are.'
            : 'The sheet is closed and nothing moves.'
        }
        confirm={confirm === 'post' ? 'Post' : 'Cancel the count'}
        color={confirm === 'cancel' ? 'red' : undefined}
        done={confirm === 'post' ? `Count ${sheet.number} posted.` : `Count ${sheet.number} cancelled.`}
        run={() => finish.mutateAsync(confirm!)}
        loading={finish.isPending}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

/** /p/stock-counts/{id}: the sheet: enter what was counted, review the differences, post them. */
export default function StockCountPage() {
  const { id = '' } = useParams();
  const { can } = useCan();
  const sheet = useCount(id);
  if (!can(KINDS.product.codes.modify)) return <NoAccess />;
  return (
    <Stack>
      <BackLink to="/p/stock-counts">Stock counts</BackLink>
      {sheet.error ? (
        <Text c="red.8">{sheet.error.message}</Text>
      ) : !sheet.data ? (
        <Loader aria-label="Loading the count" />
      ) : (
        <>
          <PageHeader
            title={`Count ${sheet.data.number} · ${sheet.data.warehouse.name}`}
            description={sheet.data.note || 'Enter what is on the shelves; the difference from the books is posted.'}
          />
          <Sheet sheet={sheet.data} />
        </>
      )}
    </Stack>
  );
}
