import { RETURN_STATUS_LABELS, type Return } from '@atelier/contracts';
import { Badge } from '@mantine/core';

export const RETURN_STATUS_COLORS: Record<Return['status'], string> = {
  requested: 'blue',
  approved: 'yellow',
  received: 'grape',
  resolved: 'green',
  rejected: 'gray',
};

export function ReturnStatusBadge({ status }: { status: Return['status'] }) {
  return (
    <Badge color={RETURN_STATUS_COLORS[status]} variant="light">
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}
