import { LEAD_STATUS_LABELS, type LeadRow, type LeadStatus } from '@atelier/contracts';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { type BoardFilters, useStage } from '../api';
import { LeadCard } from './lead-card';
import { STATUS_COLORS } from './lead-status';
import type { PendingMove } from './use-board-moves';

type Props = {
  status: LeadStatus;
  filters: BoardFilters;
  /** Won and lost: the latest few first, and the column can be folded away. */
  closed: boolean;
  collapsed: boolean;
  /** Below 768 px a column takes most of the screen and the board swipes sideways. */
  phone: boolean;
  onCollapse: (collapsed: boolean) => void;
  currency: string;
  /** The stage's exact value under the filters (all its leads, not only the loaded cards). */
  valueCents: number | undefined;
  pending: Record<string, PendingMove>;
  onMove: (row: LeadRow, to: LeadStatus) => void;
  /** The card being dragged, if any. */
  dragging: LeadRow | null;
  onDrag: (row: LeadRow | null) => void;
};

/** One stage of the pipeline: its count and value, its cards, and "Show more". */
export function BoardColumn(props: Props) {
  const { status, pending, dragging } = props;
  const stage = useStage(status, props.filters, props.closed);
  const [over, setOver] = useState(false);
  const label = LEAD_STATUS_LABELS[status];
  const loaded = stage.data?.pages.flatMap((p) => p.items) ?? [];
  // Cards on their way in are shown here already; cards on their way out are gone already.
  const arriving = Object.values(pending).filter((m) => m.to === status);
  const rows = [...arriving.map((m) => m.row), ...loaded.filter((r) => !pending[r._id])];
  const total = stage.data?.pages[0]?.total;
  const count =
    typeof total === 'number'
      ? total -
        loaded.filter((r) => pending[r._id]).length +
        arriving.filter((m) => !loaded.some((r) => r._id === m.row._id)).length
      : total;
  // Moves on their way count already, like the cards: in here, and out of where they came from.
  const sum = (list: LeadRow[]) => list.reduce((total, r) => total + r.estimatedValueCents, 0);
  const value =
    props.valueCents === undefined
      ? sum(rows)
      : props.valueCents -
        sum(loaded.filter((r) => pending[r._id])) +
        sum(arriving.filter((m) => !loaded.some((r) => r._id === m.row._id)).map((m) => m.row));
  const acceptsDrop = dragging !== null && dragging.status !== status;
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!acceptsDrop) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      if (acceptsDrop) props.onMove(dragging, status);
      props.onDrag(null);
    },
  };
  const frame = {
    borderRadius: 'var(--mantine-radius-md)',
    background: 'var(--mantine-color-gray-light)',
    outline: over ? '2px dashed var(--mantine-color-blue-filled)' : undefined,
    outlineOffset: -2,
    scrollSnapAlign: 'start',
  };

  if (props.collapsed) {
    return (
      <Box component="section" aria-label={label} p={6} style={{ ...frame, flex: '0 0 48px' }} {...dropProps}>
        <Stack align="center" gap="xs">
          <Tooltip label={`Show ${label}`}>
            <ActionIcon
              variant="subtle"
              aria-label={`Show ${label}`}
              aria-expanded={false}
              onClick={() => props.onCollapse(false)}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Tooltip>
          <Badge color={STATUS_COLORS[status]} variant="light" px={6}>
            {count ?? '…'}
          </Badge>
          <Text fw={600} size="sm" style={{ writingMode: 'vertical-rl' }}>
            {label}
          </Text>
        </Stack>
      </Box>
    );
  }

  return (
    <Box
      component="section"
      aria-label={label}
      p="xs"
      style={{
        ...frame,
        flex: props.phone ? '0 0 82vw' : '1 0 190px',
        minWidth: 0,
        maxWidth: props.phone ? undefined : 360,
      }}
      {...dropProps}
    >
      <Group justify="space-between" wrap="nowrap" mb="xs" gap={4}>
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700}>{label}</Text>
            <Badge color={STATUS_COLORS[status]} variant="light" aria-label={`${count ?? 'loading'} leads`}>
              {count ?? '…'}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatMoney(value, props.currency)}
            {props.closed ? ' · latest first' : ''}
          </Text>
        </div>
        {props.closed && (
          <Tooltip label={`Fold ${label} away`}>
            <ActionIcon
              variant="subtle"
              aria-label={`Hide ${label}`}
              aria-expanded
              onClick={() => props.onCollapse(true)}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Stack gap="xs">
        {stage.isPending && ['a', 'b', 'c'].map((k) => <Skeleton key={k} h={88} radius="md" />)}
        {stage.isError && (
          <Alert color="red" p="xs">
            {stage.error.message}{' '}
            <Anchor component="button" size="sm" onClick={() => stage.refetch()}>
              Try again
            </Anchor>
          </Alert>
        )}
        {stage.isSuccess && rows.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No leads here
          </Text>
        )}
        {rows.map((row) => (
          <LeadCard
            key={row._id}
            lead={row}
            currency={props.currency}
            moving={Boolean(pending[row._id])}
            onMove={(to) => props.onMove(row, to)}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', row.name);
              props.onDrag(row);
            }}
            onDragEnd={() => props.onDrag(null)}
          />
        ))}
        {stage.hasNextPage && (
          <Button variant="subtle" size="xs" loading={stage.isFetchingNextPage} onClick={() => stage.fetchNextPage()}>
            Show more {label.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
