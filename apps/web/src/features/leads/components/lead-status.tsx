import { LEAD_STATUS_LABELS, type LeadStatus } from '@atelier/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format';

export const STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'teal',
  proposal: 'violet',
  won: 'green',
  lost: 'gray',
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The next follow-up date; red with an "Overdue" badge once it has passed on an open lead. */
export function FollowUp({ date, overdue, size = 'sm' }: { date: string | null; overdue: boolean; size?: string }) {
  if (!date) return null;
  return (
    <Group gap={4} wrap="wrap">
      <Text size={size} c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
        Follow up {formatDate(date)}
      </Text>
      {overdue && (
        <Badge color="red" size="xs" variant="filled">
          Overdue
        </Badge>
      )}
    </Group>
  );
}
