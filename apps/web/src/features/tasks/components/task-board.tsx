import type { TaskRow } from '@atelier/contracts';
import {
  type Announcements,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box, Card } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useMoveTask } from '../api';
import { columnColor, groupBoard, isFinished, placeAt } from '../board';
import { TaskCardBody } from './task-card';
import { TaskColumn } from './task-column';

type Props = {
  tasks: TaskRow[];
  statuses: string[];
  colors: Record<string, string> | undefined;
  onOpen: (task: TaskRow) => void;
};

type Place = { status: string; position: number };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The kanban view (spec section 4): a column per status, cards moved between and within
 * columns by pointer, touch or keyboard. A card lands at once; if the server refuses the move
 * (someone else moved it first: 409) it goes back where it was, with a message saying why.
 */
export function TaskBoard({ tasks, statuses, colors, onOpen }: Props) {
  const move = useMoveTask();
  const phone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false }) ?? false;
  // Moves on their way to the server, shown already.
  const [moving, setMoving] = useState<Record<string, Place>>({});
  const [dragged, setDragged] = useState<TaskRow | null>(null);
  const shown = tasks
    .map((t) => (moving[t._id] ? { ...t, ...moving[t._id] } : t))
    .sort((a, b) => a.position - b.position || (a._id < b._id ? -1 : 1));
  const columns = groupBoard(shown, statuses);
  const sensors = useSensors(
    // A click opens the card; a drag starts after a few pixels (or a press on a phone).
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => tasks.find((t) => t._id === id)?.name ?? 'The task';
  const whereIs = (id: string | number | undefined) => {
    if (id === undefined) return 'nowhere';
    const column = columns.find((c) => `column:${c.status}` === id || c.tasks.some((t) => t._id === id));
    return column ? `column ${column.status}` : 'nowhere';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, in ${whereIs(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${whereIs(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped in ${whereIs(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `${nameOf(active.id)} was not moved.`,
  };

  const drop = async ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const task = shown.find((t) => t._id === active.id);
    if (!task || !over) return;
    const overTask = shown.find((t) => t._id === over.id);
    const status = overTask?.status ?? (over.data.current as { status?: string } | undefined)?.status;
    if (status === undefined) return;
    const column = columns.find((c) => c.status === status)?.tasks ?? [];
    // Before the card it is dropped on (in its own column, where that card stood); at the end of a column.
    const index = overTask
      ? column.findIndex((t) => t._id === overTask._id)
      : column.filter((t) => t._id !== task._id).length;
    const stays = status === task.status && column.findIndex((t) => t._id === task._id) === index;
    if (stays) return;
    const original = tasks.find((t) => t._id === task._id)!;
    const position = placeAt(column, index, task);
    setMoving((m) => ({ ...m, [task._id]: { status, position } }));
    try {
      await move(original, status, position);
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      toast({
        type: 'error',
        title: `${task.name} is back in ${original.status}`,
        message: stale
          ? 'Someone else moved or changed this task first. The board now shows where it is.'
          : error instanceof ApiError
            ? error.message
            : 'The move did not go through. Please try again.',
      });
    } finally {
      setMoving(({ [task._id]: _done, ...rest }) => rest);
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{ announcements }}
      onDragStart={({ active }) => setDragged(tasks.find((t) => t._id === active.id) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={drop}
    >
      <Box
        role="group"
        aria-label="Task board"
        style={{
          display: 'flex',
          gap: 'var(--mantine-spacing-sm)',
          alignItems: 'flex-start',
          overflowX: 'auto',
          scrollSnapType: 'x proximity',
          paddingBottom: 'var(--mantine-spacing-xs)',
        }}
      >
        {columns.map((column) => (
          <TaskColumn
            key={column.status}
            status={column.status}
            color={columnColor(colors, column.status)}
            tasks={column.tasks}
            today={today()}
            finished={isFinished(statuses, column.status)}
            phone={phone}
            pending={new Set(Object.keys(moving))}
            onOpen={onOpen}
          />
        ))}
      </Box>
      <DragOverlay>
        {dragged && (
          <Card withBorder padding="xs" radius="md" shadow="md" style={{ cursor: 'grabbing' }}>
            <TaskCardBody task={dragged} today={today()} finished={isFinished(statuses, dragged.status)} />
          </Card>
        )}
      </DragOverlay>
    </DndContext>
  );
}
