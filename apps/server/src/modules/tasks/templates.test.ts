import type { ProjectTemplate, Task, TaskList } from '@atelier/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type Json } from '../../../test/api-client';
import { signIn, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let owner: string;
let ownerId: string;
let salesId: string;

const api = apiClient(
  () => t.app,
  () => owner,
);

beforeAll(async () => {
  t = await startTestApp();
  owner = await signIn(t.app, 'owner@demo.test');
  ownerId = String((await api('GET', '/auth/')).body._id);
  const staff = (await api('GET', '/employees?limit=50')).body.items as { _id: string; email: string }[];
  salesId = staff.find((s) => s.email === 'sales@demo.test')!._id;
});
afterAll(() => t.close());

const deck = {
  name: 'Deck build',
  tasks: [
    { key: 'permit', name: 'Pull the permit', day: 0, role: 'manager', checklist: ['Drawings', 'Fee'] },
    { key: 'footings', name: 'Pour the footings', day: 5, role: 'crew', dependsOn: ['permit'] },
    { key: 'frame', name: 'Frame the deck', day: 8, role: 'crew', dependsOn: ['footings'], priority: 'high' },
    { key: 'photo', name: 'Take photos', day: 12, role: 'nobody', status: 'Later' },
  ],
};

const fieldsOf = (r: { body: Json }) => (r.body.error as Json).fields as Record<string, string>;

describe('project-management templates', () => {
  it('refuses dependencies that form a circle, name no task of the template, or come due later', async () => {
    const circle = await api('POST', '/project-templates', {
      name: 'Circle',
      tasks: [
        { key: 'a', name: 'A', day: 0, dependsOn: ['c'] },
        { key: 'b', name: 'B', day: 0, dependsOn: ['a'] },
        { key: 'c', name: 'C', day: 0, dependsOn: ['b'] },
      ],
    });
    expect(circle.status).toBe(400);
    expect(Object.values(fieldsOf(circle))).toContain('These tasks wait on each other in a circle: A → C → B → A.');
    const unknown = await api('POST', '/project-templates', {
      name: 'Unknown',
      tasks: [{ key: 'a', name: 'A', day: 0, dependsOn: ['zz'] }],
    });
    expect(fieldsOf(unknown)['tasks.0.dependsOn']).toBe('Choose tasks of this template.');
    const early = await api('POST', '/project-templates', {
      name: 'Early',
      tasks: [
        { key: 'a', name: 'A', day: 4 },
        { key: 'b', name: 'B', day: 2, dependsOn: ['a'] },
      ],
    });
    expect(fieldsOf(early)['tasks.1.day']).toBe('Due before "A", which it waits on: make it day 4 or later.');
    expect((await api('GET', '/project-templates')).body).not.toContainEqual(
      expect.objectContaining({ name: 'Circle' }),
    );
  });

  it("makes a job's tasks from a template: real dates, the job's people, the dependencies between them", async () => {
    const template = (await api('POST', '/project-templates', deck)).body as unknown as ProjectTemplate;
    const job = await api('POST', '/customer-jobs', {
      name: 'Backyard deck',
      startDate: '2027-04-05',
      manager: ownerId,
      crew: [salesId],
      template: template._id,
    });
    expect(job.status, job.text).toBe(201);
    const list = (await api('GET', `/project-management?filter[job][]=${job.body._id}&sort=due`))
      .body as unknown as TaskList;
    expect(list.tasks.map((r) => [r.name, r.dueDate, r.assignee?._id ?? null, r.status])).toEqual([
      ['Pull the permit', '2027-04-05', ownerId, 'To Do'],
      ['Pour the footings', '2027-04-10', salesId, 'To Do'],
      ['Frame the deck', '2027-04-13', salesId, 'To Do'],
      ['Take photos', '2027-04-17', null, 'Later'],
    ]);
    const frame = list.tasks.find((r) => r.name === 'Frame the deck')!;
    const detail = (await api('GET', `/project-management/${frame._id}`)).body as unknown as Task;
    expect(detail).toMatchObject({ priority: 'high', dependsOn: [{ name: 'Pour the footings', status: 'To Do' }] });
    expect(list.tasks.find((r) => r.name === 'Pull the permit')).toMatchObject({ checklistTotal: 2 });
    // Applying it again to another job, by hand, does the same.
    const other = await api('POST', '/customer-jobs', { name: 'Front porch', startDate: '2027-05-03' });
    const applied = await api('POST', `/customer-jobs/${other.body._id}/apply-template`, { template: template._id });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body).toEqual({ created: 4 });
  });

  it('refuses a template for a job without a start date, and a job made from an unknown template, making nothing', async () => {
    const template = (await api('POST', '/project-templates', { ...deck, name: 'Deck two' })).body;
    const undated = await api('POST', '/customer-jobs', { name: 'Undated deck' });
    const refused = await api('POST', `/customer-jobs/${undated.body._id}/apply-template`, { template: template._id });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toHaveProperty('startDate');
    const before = (await api('GET', '/customer-jobs?limit=1')).body.total;
    const bad = await api('POST', '/customer-jobs', {
      name: 'Ghost template',
      startDate: '2027-01-04',
      template: '019a0000-0000-7000-8000-0000000000ff',
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual({ template: 'Choose a template from the list.' });
    expect((await api('GET', '/customer-jobs?limit=1')).body.total).toBe(before);
  });

  it('converts a lead into a customer and their job, the job made from a template', async () => {
    const template = (await api('POST', '/project-templates', { ...deck, name: 'Deck three' })).body;
    const lead = await api('POST', '/leads', { firstName: 'Noor', lastName: 'Haddad', assignedTo: salesId });
    const converted = await api('POST', `/leads/${lead.body._id}/convert`, {
      version: lead.body.version,
      job: { name: 'Haddad deck', startDate: '2027-06-07', template: template._id },
    });
    expect(converted.status, converted.text).toBe(200);
    const job = converted.body.job as { _id: string; name: string };
    expect(job.name).toBe('Haddad deck');
    const made = (await api('GET', `/customer-jobs/${job._id}`)).body;
    expect(made).toMatchObject({
      customer: { _id: (converted.body.customer as Json)._id },
      manager: { _id: salesId },
      startDate: '2027-06-07',
    });
    const tasks = (await api('GET', `/project-management?filter[job][]=${job._id}`)).body as unknown as TaskList;
    expect(tasks.tasks).toHaveLength(4);
    // Without the jobs code, converting with a job is refused and nothing is made.
    const sales = await signIn(t.app, 'sales@demo.test');
    const other = await api('POST', '/leads', { firstName: 'Omar', lastName: 'Haddad' }, sales);
    const refused = await api(
      'POST',
      `/leads/${other.body._id}/convert`,
      { version: other.body.version, job: { name: 'Not allowed' } },
      sales,
    );
    expect(refused.status).toBe(403);
    expect((await api('GET', `/leads/${other.body._id}`)).body.status).not.toBe('won');
  });

  it('lets a task wait on others by hand, never in a circle', async () => {
    const make = async (name: string, dependsOn: string[] = []) =>
      (await api('POST', '/project-management', { name, dependsOn: dependsOn.map((_id) => ({ _id })) }))
        .body as unknown as Task;
    const a = await make('Wait A');
    const b = await make('Wait B', [a._id]);
    const circle = await api('PUT', `/project-management/${a._id}`, {
      name: a.name,
      dependsOn: [{ _id: b._id }],
      version: a.version,
    });
    expect(circle.status).toBe(400);
    expect(fieldsOf(circle)).toEqual({ dependsOn: 'These tasks would wait on each other in a circle.' });
    const self = await api('PUT', `/project-management/${a._id}`, {
      name: a.name,
      dependsOn: [{ _id: a._id }],
      version: a.version,
    });
    expect(fieldsOf(self)).toEqual({ dependsOn: 'A task cannot wait on itself.' });
    expect(b.dependsOn).toEqual([{ _id: a._id, name: 'Wait A', status: 'unassigned' }]);
  });
});
