import { z } from 'zod';
import { TASK_PRIORITIES, taskStatusSchema } from './tasks';

/** Who a template's task goes to on the job it is applied to. */
export const TEMPLATE_ROLES = ['manager', 'crew', 'nobody'] as const;
export type TemplateRole = (typeof TEMPLATE_ROLES)[number];
export const TEMPLATE_ROLE_LABELS: Record<TemplateRole, string> = {
  manager: "The job's manager",
  crew: "The job's crew (first member)",
  nobody: 'Nobody yet',
};

/** The longest a template's plan runs: ten years of days after the job's start. */
export const TEMPLATE_MAX_DAY = 3650;

export const templateTaskSchema = z.strictObject({
  /** The task's name within the template, which its dependencies name it by. */
  key: z.string().trim().min(1).max(40),
  name: z.string().trim().min(1, 'Name the task.').max(200, 'Use at most 200 characters.'),
  taskType: z.string().trim().max(60, 'Use at most 60 characters.').nullable().default(null),
  status: taskStatusSchema.default('To Do'),
  /** "Day 3 after start": its due date is the job's start date plus this many days. */
  day: z.coerce
    .number({ error: 'Enter a number of days.' })
    .int('Use a whole number of days.')
    .min(0, 'Use 0 or more days.')
    .max(TEMPLATE_MAX_DAY, `Use at most ${TEMPLATE_MAX_DAY} days.`),
  role: z.enum(TEMPLATE_ROLES, { error: 'Choose who the task goes to.' }).default('manager'),
  priority: z.enum(TASK_PRIORITIES).default('normal'),
  checklist: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  /** The keys of the template's tasks this one waits on. */
  dependsOn: z.array(z.string().max(40)).max(20).default([]),
});
export type TemplateTask = z.output<typeof templateTaskSchema>;

/**
 * The dependencies of a template's tasks, checked: each names another task of the template, and
 * none waits on itself, on a circle of others, or on a task due later than itself. Messages land
 * on the task that says it (`tasks.3.dependsOn`).
 */
function checkDependencies(tasks: readonly TemplateTask[], ctx: z.RefinementCtx) {
  const byKey = new Map(tasks.map((t, i) => [t.key, i]));
  if (byKey.size < tasks.length)
    ctx.addIssue({ code: 'custom', path: ['tasks'], message: 'Two tasks have the same key.' });
  tasks.forEach((task, i) => {
    for (const key of task.dependsOn) {
      const j = byKey.get(key);
      if (j === undefined || j === i)
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i, 'dependsOn'],
          message: j === i ? 'A task cannot wait on itself.' : 'Choose tasks of this template.',
        });
      else if (tasks[j]!.day > task.day)
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i, 'day'],
          message: `Due before "${tasks[j]!.name}", which it waits on: make it day ${tasks[j]!.day} or later.`,
        });
    }
  });
  const cycle = findCycle(tasks);
  if (cycle)
    ctx.addIssue({
      code: 'custom',
      path: ['tasks', byKey.get(cycle[0]!)!, 'dependsOn'],
      message: `These tasks wait on each other in a circle: ${cycle.map((k) => tasks[byKey.get(k)!]!.name).join(' → ')}.`,
    });
}

/** A circle of dependencies, as the keys around it (the first repeated at the end), or null. */
export function findCycle(tasks: readonly { key: string; dependsOn: readonly string[] }[]): string[] | null {
  const edges = new Map(tasks.map((t) => [t.key, t.dependsOn]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (key: string): string[] | null => {
    if (state.get(key) === 'done' || !edges.has(key)) return null;
    if (state.get(key) === 'visiting') return [...path.slice(path.indexOf(key)), key];
    state.set(key, 'visiting');
    path.push(key);
    for (const next of edges.get(key) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(key, 'done');
    return null;
  };
  for (const task of tasks) {
    const found = visit(task.key);
    if (found) return found;
  }
  return null;
}

/** A project-management template (`/s/project-management/templates/{id}`): the tasks a job starts with. */
export const projectTemplateInputSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'Give the template a name.').max(80, 'Use at most 80 characters.'),
    description: z.string().trim().max(2000, 'Use at most 2,000 characters.').default(''),
    tasks: z.array(templateTaskSchema).min(1, 'Add at least one task.').max(100, 'Use at most 100 tasks.'),
  })
  .superRefine((v, ctx) => checkDependencies(v.tasks, ctx));
export type ProjectTemplateInput = z.input<typeof projectTemplateInputSchema>;

export const projectTemplateSchema = z.strictObject({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  tasks: z.array(templateTaskSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectTemplate = z.output<typeof projectTemplateSchema>;

/** POST /customer-jobs/{id}/apply-template: the template whose tasks the job gets. */
export const applyTemplateSchema = z.strictObject({ template: z.uuid('Choose a template from the list.') });
export const applyTemplateAnswerSchema = z.strictObject({ created: z.number().int().min(0) });
