import { TASK_POSITION_STEP, type Task, type TaskList } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Json } from '../../../test/api-client';
import { signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let sales: string;
let cedar: string;
let salesId: string;
let ownerId: string;
let job: string;

const api = apiClient(
  () => t.app,
  () => owner,
);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  // Sales holds the generic code, not view-all-tasks (169).
  sales = await signIn(t.app, 'sales@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  ownerId = String((await api('GET', '/auth/')).body._id);
  salesId = String((await api('GET', '/auth/', undefined, sales)).body._id);
  job = String(((await api('GET', '/customer-jobs?limit=1')).body.items as Json[])[0]!._id);
});
afterAll(() => t.close());

const newTask = async (body: Json = {}, cookie = owner) => {
  const r = await api('POST', '/project-management', { name: 'Measure the pantry', ...body }, cookie);
  expect(r.status, r.text).toBe(201);
  return r.body as unknown as Task;
};
const board = async (query = '', cookie = owner) => {
  const r = await api('GET', `/project-management?limit=100${query}`, undefined, cookie);
  expect(r.status, r.text).toBe(200);
  return r.body as unknown as TaskList;
};
const edit = (task: Task, changes: Json, cookie = owner) =>
  api(
    'PUT',
    `/project-management/${task._id}`,
    {
      name: task.name,
      status: task.status,
      customerJob: task.customerJob,
      account: task.account,
      assignee: task.assignee?._id ?? null,
      dueDate: task.dueDate,
      priority: task.priority,
      version: task.version,
      ...changes,
    },
    cookie,
  );

describe('tasks (spec sections 3, 4 and 7)', () => {
  it('answers the list as {tasks, statuses}, a task without a status being unassigned', async () => {
    const task = await newTask({ customerJob: { _id: job } });
    expect(task).toMatchObject({ status: 'unassigned', priority: 'normal', customerJob: { _id: job } });
    const list = await board(`&filter[job][]=${job}`);
    expect(Object.keys(list).sort()).toEqual(['next', 'statuses', 'tasks', 'total']);
    expect(list.statuses).toEqual(['unassigned', 'To Do', 'In progress', 'Done']);
    expect(list.tasks.map((r) => r._id)).toContain(task._id);
  });

  it('accepts a status no column has, refusing only an empty or over-long one', async () => {
    const task = await newTask({ status: 'Waiting on the client' });
    expect(task.status).toBe('Waiting on the client');
    for (const status of ['', '   ', 'x'.repeat(61)]) {
      const r = await api('POST', '/project-management', { name: 'Bad status', status });
      expect(r.status).toBe(400);
      expect((r.body.error as Json).fields).toHaveProperty('status');
    }
  });

  it('refuses a job, an account or a record of another firm, and changes nothing', async () => {
    // The other firm has jobs too, so only the tenancy keeps theirs out.
    const db = new pg.Client({ connectionString: t.ownerUrl });
    await db.connect();
    await db.query(
      `UPDATE firms SET features = array_append(features, 'project_management')
        WHERE id = (SELECT firm_id FROM users WHERE email = 'owner@cedar.test')`,
    );
    await db.end();
    const theirs = await api('POST', '/customer-jobs', { name: 'Cedar refit' }, cedar);
    expect(theirs.status, theirs.text).toBe(201);
    const theirJob = String(theirs.body._id);
    const theirCustomer = String(
      ((await api('GET', '/customers?limit=1', undefined, cedar)).body.items as Json[])[0]!._id,
    );
    const before = (await board('&q=Foreign')).total;
    const r = await api('POST', '/project-management', { name: 'Foreign job', customerJob: { _id: theirJob } });
    expect(r.status).toBe(400);
    expect((r.body.error as Json).fields).toEqual({ customerJob: 'Choose a job from the list.' });
    const about = await api('POST', '/project-management', {
      name: 'Foreign customer',
      entityID: { _id: theirCustomer, entityType: 'customer' },
    });
    expect(about.status).toBe(400);
    expect((about.body.error as Json).fields).toHaveProperty('entityID');
    expect((await board('&q=Foreign')).total).toBe(before);
  });

  it('links the record a task is about, and shows its name', async () => {
    const lead = ((await api('GET', '/leads?limit=1')).body.items as Json[])[0]!;
    const task = await newTask({ entityID: { _id: lead._id, entityType: 'lead' } });
    expect(task.entityID).toEqual({ _id: lead._id, entityType: 'lead', name: lead.name });
  });

  it('shows only their own tasks to someone without view-all-tasks, on every path', async () => {
    const theirs = await newTask({ name: 'Owner only', assignee: ownerId });
    const mine = await newTask({ name: 'Sales task' }, sales);
    // A task made without view-all-tasks is its maker's.
    expect(mine.assignee?._id).toBe(salesId);
    const list = await board('', sales);
    expect(list.tasks.length).toBeGreaterThan(0);
    expect(list.tasks.every((r) => r.assignee?._id === salesId)).toBe(true);
    for (const [method, url, body] of [
      ['GET', `/project-management/${theirs._id}`],
      ['PUT', `/project-management/${theirs._id}`, { name: 'Taken', version: theirs.version }],
      ['GET', `/project-management/${theirs._id}/interactions`],
      ['GET', `/project-management/${theirs._id}/logs`],
    ] as const) {
      const r = await api(method, url, body, sales);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    const follow = await api(
      'POST',
      '/profile/subscriptions',
      { action: 'subscribe', entity: theirs._id, entityType: 'task' },
      sales,
    );
    expect(follow.status).toBe(404);
    // Nor may they hand a task to someone else; a manager may.
    const handed = await edit(mine, { assignee: ownerId }, sales);
    expect(handed.status).toBe(400);
    expect((handed.body.error as Json).fields).toHaveProperty('assignee');
    expect((await edit(mine, { assignee: ownerId })).status).toBe(200);
    expect((await api('GET', `/project-management/${mine._id}`, undefined, sales)).status).toBe(404);
  });

  it('lets the later of two drags of one card answer 409, the first one landing', async () => {
    const task = await newTask({ status: 'To Do' });
    const [a, b] = await Promise.all([edit(task, { status: 'In progress' }), edit(task, { status: 'Done' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? 'In progress' : 'Done';
    expect((await api('GET', `/project-management/${task._id}`)).body.status).toBe(won);
  });

  it('keeps a card where it is put, and numbers the column afresh when two share a place', async () => {
    const column = `Column ${Date.now()}`;
    const one = await newTask({ name: 'One', status: column });
    const two = await newTask({ name: 'Two', status: column });
    const three = await newTask({ name: 'Three', status: column });
    expect([one.position, two.position, three.position]).toEqual([
      one.position,
      one.position + TASK_POSITION_STEP,
      one.position + 2 * TASK_POSITION_STEP,
    ]);
    const order = async () => (await board(`&filter[column][]=${encodeURIComponent(column)}`)).tasks.map((r) => r.name);
    // Three between one and two.
    expect((await edit(three, { position: one.position + 1 })).status).toBe(200);
    expect(await order()).toEqual(['One', 'Three', 'Two']);
    // One given two's place goes in front of it: the column is spread out again.
    expect((await edit(one, { position: two.position })).status).toBe(200);
    expect(await order()).toEqual(['Three', 'One', 'Two']);
    const spread = (await board(`&filter[column][]=${encodeURIComponent(column)}`)).tasks.map((r) => r.position);
    expect(spread).toEqual([1, 2, 3].map((n) => n * TASK_POSITION_STEP));
  });

  it('keeps the description and checklist an edit leaves out (a dragged card has neither)', async () => {
    const task = await newTask({
      description: 'Bring the laser measure.',
      checklist: [{ text: 'Pantry', done: true }, { text: 'Hall closet' }],
    });
    const moved = await edit(task, { status: 'In progress' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({
      description: 'Bring the laser measure.',
      checklist: [
        { text: 'Pantry', done: true },
        { text: 'Hall closet', done: false },
      ],
    });
    const row = (await board(`&filter[id][]=${task._id}`)).tasks[0]!;
    expect([row.checklistDone, row.checklistTotal]).toEqual([1, 2]);
  });

  it('filters by assignee, job, column and due dates, and pages with a cursor', async () => {
    const column = `Due ${Date.now()}`;
    for (const [i, dueDate] of ['2027-01-04', '2027-01-11', '2027-01-18', null].entries())
      await newTask({ name: `Due task ${i}`, status: column, dueDate, assignee: salesId, customerJob: { _id: job } });
    const q = `&filter[column][]=${encodeURIComponent(column)}`;
    const names = async (query: string) => (await board(q + query)).tasks.map((r) => r.name).sort();
    expect(await names('&filter[dueFrom][]=2027-01-10&filter[dueTo][]=2027-01-18')).toEqual([
      'Due task 1',
      'Due task 2',
    ]);
    expect(await names(`&filter[assignee][]=${salesId}&filter[job][]=${job}`)).toHaveLength(4);
    expect(await names(`&filter[assignee][]=${ownerId}`)).toEqual([]);
    const bad = await api('GET', '/project-management?filter[dueFrom][]=next-week');
    expect(bad.status).toBe(400);
    // The board loads whole: its pages are longer than other lists' (500, not 100).
    expect((await api('GET', '/project-management?limit=500')).status).toBe(200);
    expect((await api('GET', '/project-management?limit=501')).status).toBe(400);
    expect((await api('GET', '/customers?limit=101')).status).toBe(400);
    const first = await api('GET', `/project-management?limit=2${q}`);
    const next = await api('GET', `/project-management?limit=2${q}&cursor=${first.body.next}`);
    const paged = [...(first.body.tasks as Json[]), ...(next.body.tasks as Json[])].map((r) => r.name);
    expect(paged.sort()).toEqual(['Due task 0', 'Due task 1', 'Due task 2', 'Due task 3']);
  });

  it('makes a first-visit task for whoever had a lead once it is won, unless the firm turned it off', async () => {
    const win = async (firstName: string) => {
      const lead = await api('POST', '/leads', { firstName, lastName: 'Okafor', assignedTo: salesId });
      expect(lead.status, lead.text).toBe(201);
      const won = await api('POST', `/leads/${lead.body._id}/status`, { status: 'won', version: lead.body.version });
      expect(won.status, won.text).toBe(200);
      return (await board(`&filter[entity][]=${lead.body._id}`)).tasks;
    };
    const [task, ...more] = await win('Ada');
    expect(more).toEqual([]);
    expect(task).toMatchObject({
      name: 'First visit: Ada Okafor',
      status: 'unassigned',
      taskType: 'Site visit',
      assignee: { _id: salesId },
      entityID: { entityType: 'lead', name: 'Ada Okafor' },
    });
    // It is on the board of the person it went to.
    expect((await board(`&filter[id][]=${task!._id}`, sales)).tasks).toHaveLength(1);
    const off = await api('PUT', '/settings/kanbanSettings', { events: { leadWon: false } });
    expect(off.status, off.text).toBe(200);
    expect(await win('Bea')).toEqual([]);
    await api('PUT', '/settings/kanbanSettings', { events: { leadWon: true } });
  });

  it('keeps a job with tasks from being deleted', async () => {
    const made = await api('POST', '/customer-jobs', { name: 'Short job' });
    expect(made.status, made.text).toBe(201);
    await newTask({ customerJob: { _id: made.body._id } });
    const refused = await api('DELETE', `/customer-jobs/${made.body._id}`);
    expect(refused.status).toBe(409);
    expect((refused.body.error as Json).message).toMatch(/1 task/);
  });
});
