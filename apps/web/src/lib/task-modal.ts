import type { TaskInput } from '@atelier/contracts';

/** What the task modal opens on: a task to edit, or a new one with what it starts with. */
export type TaskModalRequest = { id?: string; defaults?: Partial<TaskInput> };

const listeners = new Set<(request: TaskModalRequest) => void>();
// A request made before the modal listens (a page opened at /f/task-board/{id} asks while the
// shell is still mounting): given to it when it starts listening.
let waiting: TaskModalRequest | null = null;

/** Opens the shell's task modal (spec section 2) from anywhere: a card, a job's tab, ctrl+alt+k. */
export function openTaskModal(request: TaskModalRequest = {}): void {
  if (listeners.size === 0) waiting = request;
  for (const listener of listeners) listener(request);
}

/** The shell's modal listens here. */
export function onTaskModalRequest(listener: (request: TaskModalRequest) => void): () => void {
  listeners.add(listener);
  if (waiting) {
    const request = waiting;
    waiting = null;
    listener(request);
  }
  return () => listeners.delete(listener);
}

/** Spec section 7: the name input is focused 500 ms after opening; closing clears the task 250 ms later. */
export const TASK_NAME_FOCUS_MS = 500;
export const TASK_CLEAR_MS = 250;
