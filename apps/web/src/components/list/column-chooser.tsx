import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from './types';

type Props<Row> = { columns: Column<Row>[]; visible: string[]; onChange: (visible: string[]) => void };

/** Which columns the list shows; the first column always stays. */
export function ColumnChooser<Row>({ columns, visible, onChange }: Props<Row>) {
  // The hint stays out of the way of what it opens.
  const [opened, setOpened] = useState(false);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        <Tooltip label="Columns" disabled={opened}>
          <ActionIcon variant="default" size="lg" aria-label="Choose columns" onClick={() => setOpened((o) => !o)}>
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
