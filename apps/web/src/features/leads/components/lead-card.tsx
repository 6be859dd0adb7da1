import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadRow, type LeadStatus } from '@atelier/contracts';
import { ActionIcon, Anchor, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import type { DragEvent } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { FollowUp, STATUS_COLORS } from './lead-status';

type Props = {
  lead: LeadRow;
  currency: string;
  /** Waiting for the server to confirm a move. */
  moving: boolean;
  onMove: (to: LeadStatus) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
};

/** "Move to…": the board's moves for keyboards, phones and screen readers. */
function MoveMenu({ lead, onMove }: Pick<Props, 'lead' | 'onMove'>) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Move ${lead.name}`}>
          <IconArrowsRightLeft size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move to…</Menu.Label>
        {LEAD_STATUSES.filter((s) => s !== lead.status).map((s) => (
          <Menu.Item key={s} color={s === 'lost' ? 'red' : undefined} onClick={() => onMove(s)}>
            {LEAD_STATUS_LABELS[s]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One lead on the board: who, what it is worth, who has it and when to call back. */
export function LeadCard({ lead, currency, moving, onMove, onDragStart, onDragEnd }: Props) {
  return (
    <Card
      withBorder
      padding="sm"
      draggable
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      aria-busy={moving || undefined}
      data-lead={lead._id}
      style={{
        cursor: 'grab',
        opacity: moving ? 0.6 : 1,
        borderLeft: `3px solid var(--mantine-color-${lead.overdue ? 'red' : STATUS_COLORS[lead.status]}-filled)`,
      }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap={4}>
          <Anchor component={Link} to={`/u/leads/${lead._id}`} fw={600} c="inherit" lineClamp={2} draggable={false}>
            {lead.name}
          </Anchor>
          <MoveMenu lead={lead} onMove={onMove} />
        </Group>
        {lead.companyName && (
          <Text size="sm" c="dimmed" truncate>
            {lead.companyName}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap={4}>
          <Text size="sm" fw={500}>
            {lead.estimatedValueCents > 0 ? formatMoney(lead.estimatedValueCents, currency) : '—'}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {lead.assignedTo?.name ?? 'Unassigned'}
          </Text>
        </Group>
        <FollowUp date={lead.nextFollowUp} overdue={lead.overdue} size="xs" />
      </Stack>
    </Card>
  );
}
