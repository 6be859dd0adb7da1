import type { TaskRow } from '@atelier/contracts';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { TaskCard } from './task-card';

/** A card's height before it is measured, and the gap between cards. */
const CARD_ESTIMATE = 88;
const GAP = 8;

type Props = {
  status: string;
  color: string;
  tasks: TaskRow[];
  today: string;
  /** The firm's last column: its tasks are done, never late. */
  finished: boolean;
  phone: boolean;
  pending: ReadonlySet<string>;
  onOpen: (task: TaskRow) => void;
};

/** The droppable id of a column (a card's is its task's id). */
export const columnId = (status: string) => `column:${status}`;

/**
 * One column of the board: its colour, name and count, and its cards, of which only those in
 * view are rendered, so a column of thousands scrolls smoothly.
 */
export function TaskColumn({ status, color, tasks, today, finished, phone, pending, onOpen }: Props) {
  const drop = useDroppable({ id: columnId(status), data: { status } });
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE + GAP,
    overscan: 6,
    getItemKey: (index) => tasks[index]!._id,
  });
  return (
    <Box
      component="section"
      aria-label={status}
      data-column={status}
      p="xs"
      style={{
        flex: phone ? '0 0 82vw' : '1 0 240px',
        maxWidth: phone ? undefined : 340,
        minWidth: 0,
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-default-hover)',
        borderTop: `4px solid ${color}`,
        outline: drop.isOver ? '2px dashed var(--mantine-color-blue-filled)' : undefined,
        outlineOffset: -2,
        scrollSnapAlign: 'start',
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} truncate>
          {status}
        </Text>
        <Badge variant="light" color="gray" aria-label={`${tasks.length} tasks`}>
          {tasks.length}
        </Badge>
      </Group>
      <div
        ref={(node) => {
          scroller.current = node;
          drop.setNodeRef(node);
        }}
        style={{ maxHeight: 'calc(100dvh - 260px)', minHeight: 80, overflowY: 'auto', overflowX: 'hidden' }}
      >
        {tasks.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No tasks here
          </Text>
        )}
        <SortableContext id={columnId(status)} items={tasks.map((t) => t._id)} strategy={verticalListSortingStrategy}>
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const task = tasks[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtual.measureElement}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    transform: `translateY(${item.start}px)`,
                    paddingBottom: GAP,
                  }}
                >
                  <TaskCard
                    task={task}
                    today={today}
                    finished={finished}
                    moving={pending.has(task._id)}
                    onOpen={onOpen}
                  />
                </div>
              );
            })}
          </div>
        </SortableContext>
      </div>
    </Box>
  );
}
