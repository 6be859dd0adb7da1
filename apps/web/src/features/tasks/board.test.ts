import { TASK_POSITION_STEP, type TaskRow } from '@atelier/contracts';
import { describe, expect, it, vi } from 'vitest';
import { boardView, columnColor, groupBoard, placeAt } from './board';

const row = (name: string, status: string, position: number) =>
  ({ _id: name, name, status, position }) as unknown as TaskRow;

describe('the task board (spec section 4)', () => {
  it('shows a single empty To Do column when there are no tasks', () => {
    expect(groupBoard([], ['unassigned', 'Doing'])).toEqual([{ status: 'To Do', tasks: [] }]);
  });

  it('groups by status, a task without one going to unassigned', () => {
    const a = row('a', 'Doing', 1);
    const b = row('b', '', 2);
    expect(groupBoard([a, b], ['unassigned', 'Doing'])).toEqual([
      { status: 'unassigned', tasks: [b] },
      { status: 'Doing', tasks: [a] },
    ]);
  });

  it('adds a column at the front for a status no column has', () => {
    const odd = row('odd', 'Waiting on client', 1);
    const columns = groupBoard([row('a', 'Doing', 2), odd], ['unassigned', 'Doing']).map((c) => c.status);
    expect(columns).toEqual(['Waiting on client', 'unassigned', 'Doing']);
  });

  it('places a card between its new neighbours, or takes the next one’s place when they leave no room', () => {
    const column = [row('a', 'x', 100), row('b', 'x', 200), row('c', 'x', 201)];
    const moving = row('m', 'y', 5);
    expect(placeAt(column, 0, moving)).toBe(50);
    expect(placeAt(column, 1, moving)).toBe(150);
    expect(placeAt(column, 2, moving)).toBe(201);
    expect(placeAt(column, 3, moving)).toBe(201 + TASK_POSITION_STEP);
    // Within its own column, the card itself does not count.
    expect(placeAt(column, 0, column[2]!)).toBe(50);
  });

  it('logs an invalid kanban view and shows kanban', () => {
    const log = vi.fn();
    expect(boardView('list', log)).toBe('list');
    expect(boardView('grid', log)).toBe('kanban');
    expect(log).toHaveBeenCalledWith('Invalid kanban view "grid": showing the kanban view.');
  });

  it('colours a column from the kanban settings, never from the prototype', () => {
    expect(columnColor({ Done: '#2f9e44' }, 'Done')).toBe('#2f9e44');
    expect(columnColor({ Done: '#2f9e44' }, 'constructor')).toBe('#868e96');
  });
});
