import {
  boardColumns,
  DEFAULT_TASK_STATUS,
  KANBAN_VIEWS,
  type KanbanView,
  positionBetween,
  TASK_POSITION_STEP,
  type TaskRow,
} from '@atelier/contracts';

export type BoardColumn = { status: string; tasks: TaskRow[] };

/** Spec section 4: the tasks by column, in the order the server gave them (by position). */
export function groupBoard(tasks: readonly TaskRow[], statuses: readonly string[]): BoardColumn[] {
  const names = boardColumns(tasks, statuses);
  const by = new Map<string, TaskRow[]>(names.map((name) => [name, []]));
  for (const task of tasks) by.get(task.status || DEFAULT_TASK_STATUS)?.push(task);
  return names.map((status) => ({ status, tasks: by.get(status)! }));
}

/**
 * The position of a card put at `index` of `column` (counted without the card itself): between
 * its new neighbours, or, where they leave no room, the next one's own (the server then numbers
 * the column afresh, the card first of the two).
 */
export function placeAt(column: readonly TaskRow[], index: number, moving: TaskRow): number {
  const others = column.filter((t) => t._id !== moving._id);
  const before = others[index - 1]?.position ?? null;
  const after = others[index]?.position ?? null;
  return positionBetween(before, after) ?? after ?? (before ?? 0) + TASK_POSITION_STEP;
}

/** Spec section 4: the profile's kanban view is kanban or list; any other value is logged as invalid, and kanban shows. */
export function boardView(view: string, log: (message: string) => void = console.warn): KanbanView {
  if ((KANBAN_VIEWS as readonly string[]).includes(view)) return view as KanbanView;
  log(`Invalid kanban view "${view}": showing the kanban view.`);
  return 'kanban';
}

/** A column's colour from the firm's kanban settings, or grey. */
export const columnColor = (colors: Readonly<Record<string, string>> | undefined, status: string) =>
  (colors && Object.hasOwn(colors, status) ? colors[status] : undefined) ?? '#868e96';

/** The firm's last column holds finished tasks: nothing there is late. */
export const isFinished = (statuses: readonly string[], status: string) => statuses.at(-1) === status;
