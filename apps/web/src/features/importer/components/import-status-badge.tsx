import { IMPORT_STATUS_LABELS, type ImportStatus } from '@atelier/contracts';
import { Badge, type MantineColor } from '@mantine/core';

const COLORS: Record<ImportStatus, MantineColor> = {
  uploaded: 'gray',
  checking: 'blue',
  checked: 'teal',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
