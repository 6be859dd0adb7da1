import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Anchor, Badge, Group, Menu, Text } from '@mantine/core';
import { IconDots, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Placement, projectDrop, stepMove, type TreeRow, withoutDescendants } from '../tree';

/** How far right one level sits, and how far a drag must go sideways to change level. */
const INDENT = 24;

function Row({
  row,
  selected,
  onStep,
  steps,
}: {
  row: TreeRow;
  selected: boolean;
  steps: Record<'up' | 'down' | 'in' | 'out', boolean>;
  onStep: (step: 'up' | 'down' | 'in' | 'out') => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row._id,
  });
  return (
    <Group
      ref={setNodeRef}
      gap="xs"
      wrap="nowrap"
      py={6}
      pr="xs"
      style={{
        paddingLeft: row.depth * INDENT + 4,
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
        // The chosen one is marked by a bar and weight: a tinted background took the link below 4.5:1.
        borderLeft: `3px solid ${selected ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
      }}
    >
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={`Drag ${row.name}`}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} />
      </ActionIcon>
      <Anchor
        component={Link}
        to={`/p/categories/${row._id}`}
        fw={selected ? 700 : 400}
        style={{ flex: 1 }}
        truncate
        aria-current={selected ? 'page' : undefined}
      >
        {row.name}
      </Anchor>
      <Badge variant="light" color="gray" title={`${row.products} products in ${row.name}`}>
        {row.products}
      </Badge>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${row.name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={!steps.up} onClick={() => onStep('up')}>
            Move up
          </Menu.Item>
          <Menu.Item disabled={!steps.down} onClick={() => onStep('down')}>
            Move down
          </Menu.Item>
          <Menu.Item disabled={!steps.in} onClick={() => onStep('in')}>
            Into the category above
          </Menu.Item>
          <Menu.Item disabled={!steps.out} onClick={() => onStep('out')}>
            Out one level
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/**
 * The tree, reordered and re-parented by dragging a row (sideways changes its level) or, from
 * the keyboard and on a phone, by each row's Move menu. A row takes what is under it along.
 */
export function CategoryTree({
  rows,
  selectedId,
  onMove,
}: {
  rows: TreeRow[];
  selectedId?: string;
  onMove: (row: TreeRow, placement: Placement) => void;
}) {
  const [active, setActive] = useState<string | null>(null);
  const [levels, setLevels] = useState(0);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const shown = active ? withoutDescendants(rows, active) : rows;
  const end = (event: DragEndEvent) => {
    const dragged = rows.find((r) => r._id === event.active.id);
    const drop = event.over ? projectDrop(shown, String(event.active.id), String(event.over.id), levels) : null;
    setActive(null);
    setLevels(0);
    if (!dragged || !drop) return;
    const unchanged = drop.parentId === dragged.parentId && event.over?.id === dragged._id;
    if (!unchanged) onMove(dragged, { parentId: drop.parentId, position: drop.position });
  };
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        No categories yet. Add the first one.
      </Text>
    );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={(e) => setActive(String(e.active.id))}
      onDragMove={(e: DragMoveEvent) => setLevels(Math.round(e.delta.x / INDENT))}
      onDragEnd={end}
      onDragCancel={() => {
        setActive(null);
        setLevels(0);
      }}
    >
      <SortableContext items={shown.map((r) => r._id)} strategy={verticalListSortingStrategy}>
        <nav aria-label="Category tree">
          {shown.map((row) => (
            <Row
              key={row._id}
              row={row}
              selected={row._id === selectedId}
              steps={{
                up: Boolean(stepMove(rows, row._id, 'up')),
                down: Boolean(stepMove(rows, row._id, 'down')),
                in: Boolean(stepMove(rows, row._id, 'in')),
                out: Boolean(stepMove(rows, row._id, 'out')),
              }}
              onStep={(step) => {
                const placement = stepMove(rows, row._id, step);
                if (placement) onMove(row, placement);
              }}
            />
          ))}
        </nav>
      </SortableContext>
    </DndContext>
  );
}
