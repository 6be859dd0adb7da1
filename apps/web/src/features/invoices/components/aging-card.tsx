import { AGING_BUCKET_LABELS, AGING_BUCKETS, type Aging, KINDS, P, recordHref } from '@atelier/contracts';
import { Anchor, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { useAging } from '../api';

type Figures = Aging['totals'];

/** The figures of a row of the aging, in the order of its columns: the buckets, then credit and balance. */
const FIGURES: { key: keyof Figures; label: string }[] = [
  ...AGING_BUCKETS.map((b) => ({ key: b, label: AGING_BUCKET_LABELS[b] })),
  { key: 'creditCents', label: 'Credit' },
  { key: 'balanceCents', label: 'Balance' },
];

/** One of the firm's totals: past-due money in red, the balance in bold. */
function Total({ figure, cents, currency }: { figure: keyof Figures; cents: number; currency?: string }) {
  const late = figure !== 'current' && AGING_BUCKETS.includes(figure as never) && cents > 0;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {FIGURES.find((f) => f.key === figure)!.label}
      </Text>
      <Text fw={figure === 'balanceCents' ? 700 : 500} c={late ? 'red' : undefined}>
        {formatMoney(cents, currency)}
      </Text>
    </Stack>
  );
}

/**
 * What customers owe, by days past due, with their credit (money not yet on an invoice) and their
 * balance: the firm's totals, and each customer's row on demand. Exported as CSV with code 41.
 */
export function AgingCard({ currency }: { currency?: string }) {
  const { can } = useCan();
  const aging = useAging();
  const [open, { toggle }] = useDisclosure(false);
  if (aging.isPending)
    return (
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          Loading what customers owe…
        </Text>
      </Card>
    );
  if (aging.isError)
    return (
      <Card withBorder padding="md">
        <Text size="sm" c="red">
          The receivables aging could not be loaded: {aging.error.message}
        </Text>
      </Card>
    );
  const { totals, rows, asOf } = aging.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h5">
              Receivables aging
            </Title>
            <Text size="xs" c="dimmed">
              As of {formatDate(asOf)}, by days past due
            </Text>
          </Stack>
          <Group gap="xs">
            {rows.length > 0 && (
              <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={open}>
                {open ? 'Hide customers' : `By customer (${rows.length})`}
              </Button>
            )}
            {can(P.EXPORT_ANALYTICS) && (
              <Button
                component="a"
                href="/api/v1/receivables/aging/export"
                download
                variant="default"
                size="compact-sm"
                leftSection={<IconDownload size={14} />}
              >
                Export aging
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="sm" verticalSpacing="xs">
          {FIGURES.map((f) => (
            <Total key={f.key} figure={f.key} cents={totals[f.key]} currency={currency} />
          ))}
        </SimpleGrid>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Nobody owes anything: no invoice is open.
          </Text>
        )}
        <Collapse expanded={open}>
          <div style={{ maxHeight: 360, overflowY: 'auto' }}>
            <ScrollTable
              minWidth={880}
              head={['Customer', ...FIGURES.map((f) => f.label)]}
              rows={rows.map((r) => ({
                key: r.customer._id,
                cells: [
                  <Stack key="c" gap={0}>
                    <Anchor component={Link} to={recordHref(KINDS.customer, r.customer._id)} size="sm">
                      {r.customer.name}
                    </Anchor>
                    {r.company && (
                      <Text size="xs" c="dimmed">
                        {r.company.name}
                      </Text>
                    )}
                  </Stack>,
                  ...FIGURES.map((f) => (
                    <Text key={f.key} size="sm" fw={f.key === 'balanceCents' ? 700 : undefined}>
                      {r[f.key] ? formatMoney(r[f.key], currency) : '—'}
                    </Text>
                  )),
                ],
              }))}
            />
          </div>
        </Collapse>
      </Stack>
    </Card>
  );
}
