import { z } from 'zod';
import { LIST_TOTAL_CAPPED } from './lists';
import { calendarDateSchema, personRefSchema, recordMetaShape, rowMetaShape } from './records';

/** Spec section 3: a task without a status is unassigned; it is the board's first column. */
export const DEFAULT_TASK_STATUS = 'unassigned';
/** Spec section 4: the one column an empty board shows. */
export const EMPTY_BOARD_COLUMN = 'To Do';
/** A status is a board column's name: any text a firm likes, but not empty and not over-long. */
export const TASK_STATUS_MAX = 60;

export const TASK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** Where a card goes among its column's: a number the board spaces out (decision 0034). */
export const TASK_POSITION_STEP = 1_048_576;
const MAX_POSITION = 2 ** 52;

/** The spec writes a task's links as `{_id}`: what is read back with its name may be sent back as it is. */
const ref = (message: string) => z.object({ _id: z.uuid(message) });
const namedRef = z.strictObject({ _id: z.uuid(), name: z.string() });

export const taskStatusSchema = z
  .string({ error: 'Give the task a status.' })
  .trim()
  .min(1, 'A status cannot be empty.')
  .max(TASK_STATUS_MAX, `Use at most ${TASK_STATUS_MAX} characters.`);

export const checklistItemSchema = z.strictObject({
  text: z.string().trim().min(1, 'An item cannot be empty.').max(200, 'Use at most 200 characters.'),
  done: z.boolean().default(false),
});
export type ChecklistItem = z.output<typeof checklistItemSchema>;

/**
 * A task (POST /project-management; PUT /project-management/{id} saves the full task, spec
 * section 7). Spec section 3's fields (name, status, taskType, customerJob, entityID, account)
 * with ours: assignee, due date, priority, description, checklist and the card's position. A
 * description or checklist left out of an edit is kept, so a card dragged on the board (whose
 * rows do not carry them) never loses them.
 */
export const taskInputSchema = z.strictObject({
  name: z.string({ error: 'Name the task.' }).trim().min(1, 'Name the task.').max(200, 'Use at most 200 characters.'),
  status: taskStatusSchema.default(DEFAULT_TASK_STATUS),
  taskType: z.string().trim().max(60, 'Use at most 60 characters.').nullable().default(null),
  customerJob: ref('Choose a job from the list.').nullable().default(null),
  /** The record the task is about (a lead, an order…): its id and kind. */
  entityID: z
    .object({ _id: z.uuid('Choose a record.'), entityType: z.string().max(40) })
    .nullable()
    .default(null),
  account: ref('Choose an account from the list.').nullable().default(null),
  assignee: z.uuid('Choose someone from the list.').nullable().default(null),
  dueDate: calendarDateSchema.nullable().default(null),
  priority: z.enum(TASK_PRIORITIES, { error: 'Choose a priority from the list.' }).default('normal'),
  description: z.string().max(10_000, 'Use at most 10,000 characters.').optional(),
  checklist: z.array(checklistItemSchema).max(100, 'Use at most 100 items.').optional(),
  /** The tasks this one waits on (kept when left out, like the description). */
  dependsOn: z.array(ref('Choose tasks from the list.')).max(20, 'A task waits on at most 20 others.').optional(),
  position: z
    .number({ error: 'A position is a number.' })
    .int('A position is a whole number.')
    .min(0, 'A position is 0 or more.')
    .max(MAX_POSITION, 'That position is too large.')
    .optional(),
});
export type TaskInput = z.input<typeof taskInputSchema>;

/** What a task names beyond the spec's `{_id}`: the record's kind and name, to link to it. */
export const taskEntitySchema = z.strictObject({ _id: z.uuid(), entityType: z.string(), name: z.string() });

/** A task as the modal reads it. */
export const taskSchema = z.strictObject({
  ...recordMetaShape,
  name: z.string(),
  status: z.string(),
  taskType: z.string().nullable(),
  customerJob: namedRef.nullable(),
  entityID: taskEntitySchema.nullable(),
  account: namedRef.nullable(),
  assignee: personRefSchema.nullable(),
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  description: z.string(),
  checklist: z.array(checklistItemSchema),
  dependsOn: z.array(z.strictObject({ _id: z.uuid(), name: z.string(), status: z.string() })),
  position: z.number().int(),
});
export type Task = z.output<typeof taskSchema>;

/** A card of the board, a row of its list (GET /project-management): what a drag sends back, with the version. */
export const taskRowSchema = z.strictObject({
  ...rowMetaShape,
  version: z.number().int(),
  name: z.string(),
  status: z.string(),
  taskType: z.string().nullable(),
  customerJob: namedRef.nullable(),
  entityID: taskEntitySchema.nullable(),
  account: namedRef.nullable(),
  assignee: personRefSchema.nullable(),
  dueDate: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  position: z.number().int(),
  /** The checklist's progress: items done of all. */
  checklistDone: z.number().int(),
  checklistTotal: z.number().int(),
});
export type TaskRow = z.output<typeof taskRowSchema>;

/** GET /project-management (spec section 7): a page of tasks, and the firm's board columns. */
export const taskListSchema = z.strictObject({
  tasks: z.array(taskRowSchema),
  statuses: z.array(z.string()),
  total: z.union([z.number().int().min(0), z.literal(LIST_TOTAL_CAPPED)]),
  next: z.string().nullable(),
});
export type TaskList = z.output<typeof taskListSchema>;

/**
 * Spec section 4: the board's columns. An empty board shows one empty To Do column; otherwise the
 * firm's columns, and a task whose status none of them has gets its column, added at the front.
 */
export function boardColumns(tasks: readonly { status: string }[], statuses: readonly string[]): string[] {
  if (tasks.length === 0) return [EMPTY_BOARD_COLUMN];
  const columns = [...new Set(statuses)];
  const known = new Set(columns);
  for (const task of tasks) {
    const status = task.status || DEFAULT_TASK_STATUS;
    if (!known.has(status)) {
      known.add(status);
      columns.unshift(status);
    }
  }
  return columns;
}

/** A position between two neighbours (either may be missing), or null when they leave no room. */
export function positionBetween(before: number | null, after: number | null): number | null {
  if (before === null && after === null) return TASK_POSITION_STEP;
  if (before === null) return after! > 1 ? Math.floor(after! / 2) : null;
  if (after === null) return before + TASK_POSITION_STEP;
  const mid = Math.floor((before + after) / 2);
  return mid > before && mid < after ? mid : null;
}
