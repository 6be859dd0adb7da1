import {
  type Announcements,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * What a sortable list needs besides its items: the pointer and the keyboard (space, arrows,
 * space) to move them, and what a screen reader hears meanwhile: each item by its name and place,
 * not by its key.
 */
export function useSortableList<T>(items: T[], keyOf: (item: T) => UniqueIdentifier, nameOf: (item: T) => string) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => {
    const item = items.find((i) => keyOf(i) === id);
    return (item && nameOf(item)) || 'The item';
  };
  const place = (id: UniqueIdentifier) => `place ${items.findIndex((i) => keyOf(i) === id) + 1} of ${items.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, in ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)} dropped in ${place(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `${name(active.id)} was not moved.`,
  };
  return { sensors, accessibility: { announcements } };
}
