import { TASK_PRIORITY_LABELS, type TaskRow } from '@atelier/contracts';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Card, Group, Text } from '@mantine/core';
import { IconCalendar, IconChecklist } from '@tabler/icons-react';
import { type CSSProperties, memo } from 'react';
import { formatDate } from '../../../lib/format';

const PRIORITY_COLORS = { low: 'gray', normal: 'blue', high: 'orange', urgent: 'red' } as const;

/** A task as a card shows it: its name, priority, due date, checklist, job and assignee. */
export function TaskCardBody({ task, today, finished }: { task: TaskRow; today: string; finished: boolean }) {
  const late = !finished && task.dueDate !== null && task.dueDate < today;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap={6} align="flex-start">
        <Text size="sm" fw={600} lineClamp={2}>
          {task.name}
        </Text>
        {task.priority !== 'normal' && (
          <Badge size="xs" variant="light" color={PRIORITY_COLORS[task.priority]}>
            {TASK_PRIORITY_LABELS[task.priority]}
          </Badge>
        )}
      </Group>
      {task.customerJob && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {task.customerJob.name}
        </Text>
      )}
      <Group gap="xs" mt={4} wrap="nowrap">
        {task.dueDate && (
          <Group gap={2} wrap="nowrap">
            <IconCalendar size={12} aria-hidden />
            <Text size="xs" c={late ? 'red' : 'dimmed'}>
              {late ? 'Late: ' : ''}
              {formatDate(task.dueDate)}
            </Text>
          </Group>
        )}
        {task.checklistTotal > 0 && (
          <Group gap={2} wrap="nowrap">
            <IconChecklist size={12} aria-hidden />
            <Text size="xs" c="dimmed">
              {task.checklistDone}/{task.checklistTotal}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed" ml="auto" lineClamp={1}>
          {task.assignee?.name ?? 'Nobody'}
        </Text>
      </Group>
    </>
  );
}

type Props = { task: TaskRow; today: string; finished: boolean; moving: boolean; onOpen: (task: TaskRow) => void };

/**
 * A card of the board: dragged with the pointer, or picked up with space and moved with the
 * arrows (dnd-kit's keyboard sensor); a click or Enter opens the task. Memoised: a column
 * scrolling re-renders only the cards coming into view.
 */
export const TaskCard = memo(function TaskCard({ task, today, finished, moving, onOpen }: Props) {
  const sortable = useSortable({ id: task._id, data: { task } });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.4 : moving ? 0.7 : 1,
    cursor: 'grab',
    touchAction: 'manipulation',
  };
  return (
    <Card
      ref={sortable.setNodeRef}
      withBorder
      padding="xs"
      radius="md"
      style={style}
      data-task={task.name}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-roledescription="task card"
      aria-label={`${task.name}, ${task.status}`}
      onClick={() => onOpen(task)}
      onKeyDown={(e) => {
        sortable.listeners?.onKeyDown?.(e);
        if (e.key === 'Enter' && !sortable.isDragging) onOpen(task);
      }}
    >
      <TaskCardBody task={task} today={today} finished={finished} />
    </Card>
  );
});
