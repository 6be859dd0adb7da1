import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { Column } from './types';

type Props<Row> = { columns: Column<Row>[]; visible: string[]; onChange: (visible: string[]) => void };

/** Which columns the list shows; the first column always stays. */
export function ColumnChooser<Row>({ columns, visible, onChange }: Props<Row>) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Columns">
          <ActionIcon variant="default" size="lg" aria-label="Choose columns">
            <IconColumns size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb="xs">
          Columns
        </Text>
        <Stack gap={6}>
          {columns.map((column, i) => (
            <Checkbox
              key={column.key}
              label={column.label}
              disabled={i === 0}
              checked={visible.includes(column.key)}
              onChange={(e) =>
                onChange(
                  e.currentTarget.checked
                    ? columns.map((c) => c.key).filter((k) => k === column.key || visible.includes(k))
                    : visible.filter((k) => k !== column.key),
                )
              }
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
