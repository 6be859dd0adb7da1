import { type ProjectTemplateInput, projectTemplateInputSchema, taskInputSchema } from '@atelier/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import type { Actor } from '../../platform/http/access';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customerJobs } from '../jobs';
import { taskType } from './tasks.service';
import { tasks } from './tasks.table';
import { applyTemplate, createProjectTemplate } from './templates.service';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** The firm's templates: how it runs a kitchen, a bathroom and a showroom display. */
const TEMPLATES: ProjectTemplateInput[] = [
  {
    name: 'Kitchen remodel',
    description: 'From the first measure to the walkthrough, for a full kitchen.',
    tasks: [
      { key: 'measure', name: 'Measure the kitchen', taskType: 'Measure', day: 0, role: 'manager' },
      {
        key: 'order',
        name: 'Order the cabinets',
        taskType: 'Order',
        day: 2,
        role: 'crew',
        priority: 'high',
        checklist: ['Confirm the finish with the client', 'Send the order', 'Book the delivery'],
        dependsOn: ['measure'],
      },
      { key: 'tearout', name: 'Tear out the old kitchen', taskType: 'Install', day: 5, role: 'crew' },
      {
        key: 'install',
        name: 'Install the base cabinets',
        taskType: 'Install',
        day: 14,
        role: 'crew',
        dependsOn: ['order', 'tearout'],
      },
      {
        key: 'template',
        name: 'Template the countertops',
        taskType: 'Measure',
        day: 18,
        role: 'manager',
        dependsOn: ['install'],
      },
      {
        key: 'walkthrough',
        name: 'Final walkthrough with the client',
        taskType: 'Follow-up',
        day: 40,
        role: 'manager',
        dependsOn: ['template'],
      },
    ],
  },
  {
    name: 'Bathroom refresh',
    tasks: [
      { key: 'measure', name: 'Measure the bathroom', taskType: 'Measure', day: 0, role: 'manager' },
      {
        key: 'order',
        name: 'Order the vanity and fixtures',
        taskType: 'Order',
        day: 2,
        role: 'manager',
        priority: 'urgent',
        checklist: ['Vanity', 'Faucet', 'Mirror'],
        dependsOn: ['measure'],
      },
      { key: 'plumber', name: 'Book the plumber', day: 5, role: 'manager' },
      {
        key: 'install',
        name: 'Install the vanity',
        taskType: 'Install',
        day: 14,
        role: 'crew',
        dependsOn: ['order', 'plumber'],
      },
      { key: 'walkthrough', name: 'Final walkthrough', taskType: 'Follow-up', day: 20, role: 'manager' },
    ],
  },
  {
    name: 'Showroom display',
    description: 'Replacing a display in the showroom.',
    tasks: [
      { key: 'down', name: 'Take down the old display', taskType: 'Install', day: 0, role: 'manager' },
      {
        key: 'build',
        name: 'Build the new vignette',
        taskType: 'Install',
        day: 3,
        role: 'manager',
        dependsOn: ['down'],
      },
      {
        key: 'photo',
        name: 'Photograph the new display',
        taskType: 'Follow-up',
        day: 10,
        role: 'nobody',
        dependsOn: ['build'],
      },
    ],
  },
];

/** Moves a demo task along the board as the people working it would have. */
async function moveTask(db: Executor, actor: Actor, job: string, name: string, status: string) {
  const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.name, name));
  if (!row) return;
  const task = await taskType.get(db, actor, row.id);
  if (task.customerJob?._id !== job) return;
  await taskType.update(db, actor, row.id, {
    ...taskInputSchema.parse({
      name: task.name,
      status,
      taskType: task.taskType,
      customerJob: task.customerJob,
      account: task.account,
      assignee: task.assignee?._id ?? null,
      dueDate: task.dueDate,
      priority: task.priority,
    }),
    version: task.version,
  });
}

/**
 * The templates, and the demo jobs' tasks made from them, part-way along the board as each job's
 * stage has them; the bookshelves (a one-off, made without a template) have their own two.
 */
async function seedTasks(db: Executor) {
  const { owner, actor } = await demoStaff(db, HARBOR_PINE_ID);
  const made = new Map<string, string>();
  for (const template of TEMPLATES) {
    const saved = await createProjectTemplate(db, actor, projectTemplateInputSchema.parse(template));
    made.set(saved.name, saved._id);
  }
  const jobs = new Map(
    (await db.select({ id: customerJobs.id, name: customerJobs.name }).from(customerJobs)).map((j) => [j.name, j.id]),
  );
  const runs: [string, string, [string, string][]][] = [
    [
      'Kitchen remodel with an island',
      'Kitchen remodel',
      [
        ['Measure the kitchen', 'Done'],
        ['Order the cabinets', 'Done'],
        ['Tear out the old kitchen', 'Done'],
        ['Install the base cabinets', 'In progress'],
      ],
    ],
    ['Primary bath refresh', 'Bathroom refresh', [['Measure the bathroom', 'In progress']]],
    ['Showroom refit: new kitchen vignette', 'Showroom display', [['Photograph the new display', 'unassigned']]],
  ];
  for (const [job, template, moves] of runs) {
    const jobId = jobs.get(job);
    if (!jobId) continue;
    await applyTemplate(db, actor, jobId, made.get(template)!);
    for (const [name, status] of moves) await moveTask(db, actor, jobId, name, status);
  }
  const shelves = jobs.get('Built-in bookshelves for the den');
  if (shelves)
    for (const [name, offset] of [
      ['Install the shelves', -63],
      ['Touch up the paint', -62],
    ] as const)
      await taskType.create(
        db,
        actor,
        taskInputSchema.parse({
          name,
          status: 'Done',
          assignee: owner.id,
          dueDate: day(offset),
          customerJob: { _id: shelves },
        }),
      );
}

/** Harbor & Pine's templates and board (Cedar Row has no jobs yet). */
export const tasksDemoSeed: Seed = {
  name: 'demo:tasks',
  run: async (db) => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedTasks(tx));
  },
};
