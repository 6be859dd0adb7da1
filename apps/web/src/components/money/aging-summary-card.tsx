import { AGING_BUCKET_LABELS, AGING_BUCKETS, type Aging, P } from '@atelier/contracts';
import { Button, Card, Collapse, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/permissions';
import { ScrollTable } from '../scroll-table';

/** The figures of an aging (receivables or payables alike): the buckets, open, credit and balance. */
export type AgingFigures = Aging['totals'];

/** The figures of a row of the aging, in the order of its columns: the buckets, then credit and balance. */
export const AGING_FIGURES: { key: keyof AgingFigures; label: string }[] = [
  ...AGING_BUCKETS.map((b) => ({ key: b, label: AGING_BUCKET_LABELS[b] })),
  { key: 'creditCents', label: 'Credit' },
  { key: 'balanceCents', label: 'Balance' },
];

/** One of the totals: past-due money in red, the balance in bold. */
export function AgingFigure({
  figure,
  cents,
  currency,
}: {
  figure: keyof AgingFigures;
  cents: number;
  currency?: string;
}) {
  const late = figure !== 'current' && AGING_BUCKETS.includes(figure as never) && cents > 0;
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {AGING_FIGURES.find((f) => f.key === figure)!.label}
      </Text>
      <Text fw={figure === 'balanceCents' ? 700 : 500} c={late ? 'red' : undefined}>
        {formatMoney(cents, currency)}
      </Text>
    </Stack>
  );
}

/**
 * An aging by days past due, with credit and balance: the totals, and a row per customer or
 * vendor on demand. Exported as CSV with code 41.
 */
export function AgingSummaryCard<R extends AgingFigures>(props: {
  aging: UseQueryResult<{ asOf: string; rows: R[]; totals: AgingFigures }>;
  /** "Receivables aging": the title, and what could not be loaded. */
  title: string;
  /** While it loads: "Loading what customers owe…". */
  loading: string;
  /** With no row: "Nobody owes anything: no invoice is open.". */
  empty: string;
  /** Whose rows: the first column ("Customer"), and the button that shows and hides them. */
  party: { column: string; show: string; hide: string };
  /** A row's key, and its first cell (who). */
  rowKey: (row: R) => string;
  who: (row: R) => ReactNode;
  /** Where the CSV comes from. */
  exportHref: string;
  currency?: string;
}) {
  const { aging, party, currency } = props;
  const { can } = useCan();
  const [open, { toggle }] = useDisclosure(false);
  if (aging.isPending)
    return (
      <Card withBorder padding="md">
        <Text size="sm" c="dimmed">
          {props.loading}
        </Text>
      </Card>
    );
  if (aging.isError)
    return (
      <Card withBorder padding="md">
        <Text size="sm" c="red">
          The {props.title.toLowerCase()} could not be loaded: {aging.error.message}
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
              {props.title}
            </Title>
            <Text size="xs" c="dimmed">
              As of {formatDate(asOf)}, by days past due
            </Text>
          </Stack>
          <Group gap="xs">
            {rows.length > 0 && (
              <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={open}>
                {open ? party.hide : `${party.show} (${rows.length})`}
              </Button>
            )}
            {can(P.EXPORT_ANALYTICS) && (
              <Button
                component="a"
                href={props.exportHref}
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
          {AGING_FIGURES.map((f) => (
            <AgingFigure key={f.key} figure={f.key} cents={totals[f.key]} currency={currency} />
          ))}
        </SimpleGrid>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {props.empty}
          </Text>
        )}
        <Collapse expanded={open}>
          <div style={{ maxHeight: 360, overflowY: 'auto' }}>
            <ScrollTable
              minWidth={880}
              head={[party.column, ...AGING_FIGURES.map((f) => f.label)]}
              rows={rows.map((r) => ({
                key: props.rowKey(r),
                cells: [
                  props.who(r),
                  ...AGING_FIGURES.map((f) => (
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
