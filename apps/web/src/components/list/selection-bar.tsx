import type { ExportFormat } from '@atelier/contracts';
import { Button, Card, Group, Select, Text } from '@mantine/core';
import type { Person } from '../people';
import { ExportMenu } from './export-menu';

export type SelectionBarProps = {
  count: number;
  /** Archive (or restore, when the list shows archived records); left out without the permission. */
  archive?: 'archive' | 'restore';
  /** People to assign the selected rows to; left out where rows are not assigned in bulk. */
  people?: Person[];
  /** The chosen assignee ('none' for nobody), kept by the list while rows come and go. */
  assignee: string | null;
  onAssignee: (assignee: string | null) => void;
  /** Where the selected rows' export is in each format; left out without the export permission. */
  exportHref?: (format: ExportFormat) => string;
  onBulk: (body: Record<string, unknown>, done: string) => void;
  onClear: () => void;
};

/**
 * What can be done to the selected rows: archive or restore, assign, export, clear. Loaded with
 * the first selection (its assignee picker needs the positioning code, decision 0024).
 */
export function SelectionBar({
  count,
  archive,
  people,
  assignee,
  onAssignee,
  exportHref,
  onBulk,
  onClear,
}: SelectionBarProps) {
  return (
    <Card withBorder padding="sm" role="region" aria-label="Selected rows">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        {archive === 'restore' && (
          <Button size="xs" variant="light" onClick={() => onBulk({ action: 'restore' }, 'restored')}>
            Restore
          </Button>
        )}
        {archive === 'archive' && (
          <Button size="xs" variant="light" color="red" onClick={() => onBulk({ action: 'archive' }, 'archived')}>
            Archive
          </Button>
        )}
        {people && (
          <Group gap={4} wrap="nowrap">
            <Select
              size="xs"
              aria-label="Assign to"
              placeholder="Assign to…"
              data={[{ value: 'none', label: 'Nobody' }, ...people.map((p) => ({ value: p._id, label: p.name }))]}
              value={assignee}
              onChange={onAssignee}
              w={180}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!assignee}
              onClick={() => onBulk({ action: 'assign', assignee: assignee === 'none' ? null : assignee }, 'assigned')}
            >
              Assign
            </Button>
          </Group>
        )}
        {exportHref && <ExportMenu label="Export selected" size="xs" variant="light" href={exportHref} />}
        <Button size="xs" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Card>
  );
}
