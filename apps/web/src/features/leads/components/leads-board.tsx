import { LEAD_STATUSES, type LeadRow, OPEN_LEAD_STATUSES } from '@atelier/contracts';
import { Box, Stack, Text } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useListState } from '../../../components/list/list-params';
import { type BoardFilters as Filters, useLeadSettings, usePipeline } from '../api';
import { BoardColumn } from './board-column';
import { BoardFilters } from './board-filters';
import { useBoardMoves } from './use-board-moves';

/** The pipeline: a column per stage, cards moved by drag and drop or each card's Move menu. */
export function LeadsBoard() {
  const { state, update } = useListState('followUp');
  const { currency } = useLeadSettings();
  const moves = useBoardMoves();
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [dragging, setDragging] = useState<LeadRow | null>(null);
  const [collapsed, setCollapsed] = useLocalStorage<string[]>({
    key: 'atelier.leads.board.collapsed',
    defaultValue: [],
  });
  const filters: Filters = {
    q: state.q,
    assigned: state.filter.assigned ?? [],
    source: state.filter.source ?? [],
    overdue: state.filter.overdue?.includes('true') ?? false,
  };
  const pipeline = usePipeline(filters);
  const change = (next: Partial<Filters>) => {
    const merged = { ...filters, ...next };
    update({
      q: merged.q,
      filter: { assigned: merged.assigned, source: merged.source, overdue: merged.overdue ? ['true'] : [] },
    });
  };
  return (
    <Stack gap="md">
      <BoardFilters filters={filters} onChange={change} />
      <Text size="sm" c="dimmed" hiddenFrom="sm">
        Swipe sideways for more stages; move a lead with its ⇄ button.
      </Text>
      <Box
        role="group"
        aria-label="Pipeline"
        style={{
          display: 'flex',
          gap: 'var(--mantine-spacing-sm)',
          alignItems: 'flex-start',
          overflowX: 'auto',
          scrollSnapType: 'x proximity',
          paddingBottom: 'var(--mantine-spacing-xs)',
        }}
      >
        {LEAD_STATUSES.map((status) => (
          <BoardColumn
            key={status}
            status={status}
            filters={filters}
            closed={!OPEN_LEAD_STATUSES.includes(status)}
            collapsed={collapsed.includes(status)}
            phone={phone}
            onCollapse={(fold) => setCollapsed((c) => (fold ? [...c, status] : c.filter((s) => s !== status)))}
            currency={currency}
            valueCents={pipeline.data?.find((p) => p.stage === status)?.valueCents}
            pending={moves.pending}
            onMove={moves.request}
            dragging={dragging}
            onDrag={setDragging}
          />
        ))}
      </Box>
      {moves.modal}
    </Stack>
  );
}
