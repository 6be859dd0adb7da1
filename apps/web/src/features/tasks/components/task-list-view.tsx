import { TASK_PRIORITY_LABELS, type TaskRow } from '@atelier/contracts';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { formatDate } from '../../../lib/format';
import { columnColor, groupBoard } from '../board';

const ROW = 44;
const GRID = 'minmax(160px, 2fr) minmax(110px, 1fr) minmax(110px, 1fr) 110px 90px minmax(140px, 1.5fr)';

type Props = {
  tasks: TaskRow[];
  statuses: string[];
  colors: Record<string, string> | undefined;
  onOpen: (task: TaskRow) => void;
};

/** The list view (spec section 4): every task in one table, column by column, only the rows in view rendered. */
export function TaskListView({ tasks, statuses, colors, onOpen }: Props) {
  const rows = groupBoard(tasks, statuses).flatMap((c) => c.tasks);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 10,
  });
  const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box miw={760} role="table" aria-label="Tasks" aria-rowcount={rows.length + 1}>
        <Box
          role="row"
          px="sm"
          py={6}
          style={{
            display: 'grid',
            gridTemplateColumns: GRID,
            gap: 8,
            borderBottom: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {['Task', 'Status', 'Assignee', 'Due', 'Priority', 'Job'].map((h) => (
            <Text key={h} role="columnheader" size="sm" fw={700}>
              {h}
            </Text>
          ))}
        </Box>
        {rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No tasks
          </Text>
        )}
        <div ref={scroller} style={{ maxHeight: 'calc(100dvh - 280px)', overflowY: 'auto' }}>
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const task = rows[item.index]!;
              return (
                <UnstyledButton
                  key={task._id}
                  role="row"
                  aria-rowindex={item.index + 2}
                  onClick={() => onOpen(task)}
                  px="sm"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: GRID,
                    gap: 8,
                    alignItems: 'center',
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  <Text role="cell" size="sm" fw={500} style={cell}>
                    {task.name}
                  </Text>
                  <Text role="cell" size="sm" style={cell}>
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        width: 8,
                        height: 8,
                        borderRadius: 4,
                        marginRight: 6,
                        background: columnColor(colors, task.status),
                      }}
                    />
                    {task.status}
                  </Text>
                  <Text role="cell" size="sm" style={cell}>
                    {task.assignee?.name ?? 'Nobody'}
                  </Text>
                  <Text role="cell" size="sm">
                    {task.dueDate ? formatDate(task.dueDate) : '—'}
                  </Text>
                  <Text role="cell" size="sm">
                    {TASK_PRIORITY_LABELS[task.priority]}
                  </Text>
                  <Text role="cell" size="sm" c="dimmed" style={cell}>
                    {task.customerJob?.name ?? ''}
                  </Text>
                </UnstyledButton>
              );
            })}
          </div>
        </div>
      </Box>
    </Box>
  );
}
