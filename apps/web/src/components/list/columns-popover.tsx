import { Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import type { ColumnChooserProps } from './columns-button';
import { ColumnsButton } from './columns-button';

/** The column chooser's popover: a checkbox per column, the first always checked. */
export function ColumnsPopover<Row>({ columns, visible, onChange }: ColumnChooserProps<Row>) {
  // The hint stays out of the way of what it opens.
  const [opened, setOpened] = useState(false);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label="Columns" disabled={opened}>
          <ColumnsButton onClick={() => setOpened((o) => !o)} />
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
