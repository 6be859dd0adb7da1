import { type TaskInput, taskInputSchema } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import { inScope } from '../../db/tenancy';
import { demoStaff, HARBOR_PINE_ID, type Seed } from '../../platform/seeds/seeds';
import { customerJobs } from '../jobs';
import { taskType } from './tasks.service';

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const list = (...items: [string, boolean][]) => items.map(([text, done]) => ({ text, done }));

/** Each demo job's tasks, in every column, as a firm part-way through them would have them. */
async function seedTasks(db: Executor) {
  const { staff, owner, actor } = await demoStaff(db, HARBOR_PINE_ID);
  const sales = staff.find((s) => s.email === 'sales@demo.test') ?? owner;
  const jobs = new Map(
    (await db.select({ id: customerJobs.id, name: customerJobs.name }).from(customerJobs)).map((j) => [j.name, j.id]),
  );
  const tasks: [string, Omit<TaskInput, 'customerJob'>[]][] = [
    [
      'Kitchen remodel with an island',
      [
        {
          name: 'Tear out the old kitchen',
          status: 'Done',
          taskType: 'Install',
          assignee: owner.id,
          dueDate: day(-35),
        },
        {
          name: 'Confirm the cabinet delivery window',
          status: 'In progress',
          taskType: 'Order',
          assignee: sales.id,
          dueDate: day(2),
          priority: 'high',
          checklist: list(['Call the vendor', true], ['Tell the client', false], ['Book the crew', false]),
        },
        {
          name: 'Install the base cabinets',
          status: 'To Do',
          taskType: 'Install',
          assignee: owner.id,
          dueDate: day(5),
        },
        {
          name: 'Template the countertops',
          status: 'To Do',
          taskType: 'Measure',
          dueDate: day(9),
          description: 'Walnut island top: leave a 12 inch overhang on the seating side.',
        },
        { name: 'Final walkthrough with the client', status: 'unassigned', taskType: 'Follow-up', dueDate: day(19) },
      ],
    ],
    [
      'Primary bath refresh',
      [
        { name: 'Measure the bathroom', status: 'Done', taskType: 'Measure', assignee: sales.id, dueDate: day(-6) },
        {
          name: 'Order the vanity and fixtures',
          status: 'In progress',
          taskType: 'Order',
          assignee: sales.id,
          dueDate: day(3),
          priority: 'urgent',
          checklist: list(['Vanity', true], ['Faucet', false], ['Mirror', false]),
        },
        { name: 'Book the plumber', status: 'To Do', assignee: owner.id, dueDate: day(10) },
      ],
    ],
    [
      'Built-in bookshelves for the den',
      [
        { name: 'Install the shelves', status: 'Done', taskType: 'Install', assignee: owner.id, dueDate: day(-63) },
        { name: 'Touch up the paint', status: 'Done', assignee: owner.id, dueDate: day(-62), priority: 'low' },
      ],
    ],
    [
      'Showroom refit: new kitchen vignette',
      [
        {
          name: 'Take down the 2019 display',
          status: 'To Do',
          taskType: 'Install',
          assignee: owner.id,
          dueDate: day(7),
        },
        { name: 'Photograph the new display', status: 'unassigned', taskType: 'Follow-up', dueDate: day(22) },
      ],
    ],
  ];
  for (const [job, items] of tasks) {
    const id = jobs.get(job);
    if (!id) continue;
    for (const item of items)
      await taskType.create(db, actor, taskInputSchema.parse({ ...item, customerJob: { _id: id } }));
  }
}

/** Harbor & Pine's board (Cedar Row has no jobs yet). */
export const tasksDemoSeed: Seed = {
  name: 'demo:tasks',
  run: async (db) => {
    await inScope(db, { firmId: HARBOR_PINE_ID }, (tx) => seedTasks(tx));
  },
};
