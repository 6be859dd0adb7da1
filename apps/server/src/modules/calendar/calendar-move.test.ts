import type {
  AuditEntryView,
  CalendarAnswer,
  CalendarItem,
  CustomerJob,
  DeliveryRoute,
  Task,
} from '@atelier/contracts';
import { P } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { decodeRecordEvents, type FirmRecordEvent, RECORDS_CHANNEL } from '../../platform/realtime/record-events';

let t: TestApp;
let db: pg.Client;
let owner: string;
/** What the server announced to open pages (realtime), as every instance hears it. */
const announced: FirmRecordEvent[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const move = (cookie: string, body: Record<string, unknown>) => api('POST', '/calendar/move', cookie, body);
async function calendar(cookie: string, kinds: string): Promise<CalendarItem[]> {
  const r = await api('GET', `/calendar?from=${day(-40)}&to=${day(59)}&kinds=${kinds}`, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as CalendarAnswer).items;
}
/** The newest entry of a record's history. */
async function lastChange(path: string): Promise<AuditEntryView> {
  const r = await api('GET', `${path}/logs`, owner);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().items[0];
}

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  db.on('notification', (n) => {
    if (n.channel === RECORDS_CHANNEL && n.payload) announced.push(...decodeRecordEvents(n.payload));
  });
  await db.query(`LISTEN ${RECORDS_CHANNEL}`);
  owner = await signIn(t.app, 'owner@demo.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('POST /calendar/move', () => {
  it("moves a task's due day as an edit of the task: its history says so, and a stale version is refused", async () => {
    const made = await api('POST', '/project-management', owner, {
      name: 'Order the worktop',
      dueDate: day(1),
      description: 'Quartz, 3 cm',
      checklist: [{ text: 'Template measured', done: true }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const task = made.json() as Task;
    const r = await move(owner, { kind: 'task', id: task._id, version: task.version, date: day(4) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ _id: task._id, start: day(4), end: day(5), version: task.version + 1 });

    const after = (await api('GET', `/project-management/${task._id}`, owner)).json() as Task;
    // Only the day changed: what the calendar does not show is kept.
    expect(after).toMatchObject({ dueDate: day(4), description: 'Quartz, 3 cm', name: task.name });
    expect(after.checklist).toEqual([{ text: 'Template measured', done: true }]);
    const entry = await lastChange(`/project-management/${task._id}`);
    expect(entry).toMatchObject({ action: 'update', actor: expect.objectContaining({ name: 'Olivia Harbor' }) });
    expect(entry.changes).toEqual({ dueDate: { before: day(1), after: day(4) } });
    // Open boards and task modals hear of it, as of any edit.
    await expect
      .poll(() => announced.find((e) => e.id === task._id && e.action === 'update'))
      .toMatchObject({ kind: 'task', version: task.version + 1 });

    const stale = await move(owner, { kind: 'task', id: task._id, version: task.version, date: day(7) });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toMatch(/changed/i);
    expect(((await api('GET', `/project-management/${task._id}`, owner)).json() as Task).dueDate).toBe(day(4));
  });

  it('moves a job whole: its start to the day dropped on, its end by as many days', async () => {
    const made = await api('POST', '/customer-jobs', owner, {
      name: 'Showroom repaint',
      startDate: day(2),
      endDate: day(5),
      budgetHours: 12.5,
      tags: ['paint'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const job = made.json() as CustomerJob;
    const r = await move(owner, { kind: 'customer_job', id: job._id, version: job.version, date: day(9) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ start: day(9), end: day(13) });
    const after = (await api('GET', `/customer-jobs/${job._id}`, owner)).json() as CustomerJob;
    expect(after).toMatchObject({ startDate: day(9), endDate: day(12), budgetHours: 12.5, tags: ['paint'] });
    expect((await lastChange(`/customer-jobs/${job._id}`)).changes).toEqual({
      startDate: { before: day(2), after: day(9) },
      endDate: { before: day(5), after: day(12) },
    });
    const stale = await move(owner, { kind: 'customer_job', id: job._id, version: job.version, date: day(1) });
    expect(stale.statusCode).toBe(409);
  });

  it('moves a route not yet driven with its stops, and refuses one on the road or driven', async () => {
    const routes = await calendar(owner, 'delivery_route');
    const planned = routes.find((i) => i.status === 'Scheduled' && i.editable)!;
    const driven = routes.find((i) => i.status === 'Completed')!;
    expect(planned).toBeDefined();
    expect(driven).toBeDefined();
    const before = (await api('GET', `/delivery-routes/${planned._id}`, owner)).json() as DeliveryRoute;
    expect(before.stops.length).toBeGreaterThan(0);

    const r = await move(owner, { kind: 'delivery_route', id: planned._id, version: planned.version, date: day(6) });
    expect(r.statusCode, r.body).toBe(200);
    const after = (await api('GET', `/delivery-routes/${planned._id}`, owner)).json() as DeliveryRoute;
    expect(after.date).toBe(day(6));
    // The same stops carrying the same lines (planned again, as an edit on the route's page does).
    const carried = (route: DeliveryRoute) =>
      route.stops.map((s) => [s._id, s.order._id, s.lines.map((l) => [l.line, l.quantity])]);
    expect(carried(after)).toEqual(carried(before));
    expect((await lastChange(`/delivery-routes/${planned._id}`)).changes).toMatchObject({
      date: { before: before.date, after: day(6) },
    });

    const refused = await move(owner, {
      kind: 'delivery_route',
      id: driven._id,
      version: driven.version,
      date: day(6),
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(`${driven.title} is on the road or driven: it stays on its day.`);
  });

  it('leaves other kinds to their pages, and checks who moves what', async () => {
    const [quote] = await calendar(owner, 'quote');
    const notMoved = await move(owner, { kind: 'quote', id: quote!._id, version: quote!.version, date: day(3) });
    expect(notMoved.statusCode).toBe(400);
    expect(errorOf(notMoved).fields).toHaveProperty('kind');

    // A driver sees their route without code 83, but planning it is 83's.
    const driver = await staffMember(t, owner, db, 'mover@demo.test', [P.GENERIC]);
    const route = await api('POST', '/delivery-routes', owner, { date: day(3), driver: driver.id });
    const mine = route.json() as DeliveryRoute;
    const denied = await move(driver.cookie, {
      kind: 'delivery_route',
      id: mine._id,
      version: mine.version,
      date: day(4),
    });
    expect(denied.statusCode).toBe(403);

    // Someone else's task is not on their calendar at all (without view-all-tasks, 169).
    const others = (
      await api('POST', '/project-management', owner, { name: 'Not yours', dueDate: day(2) })
    ).json() as Task;
    const hidden = await move(driver.cookie, { kind: 'task', id: others._id, version: others.version, date: day(3) });
    expect(hidden.statusCode).toBe(404);
    // Nor is it on another firm's.
    const cedar = await signIn(t.app, 'owner@cedar.test');
    const foreign = await move(cedar, { kind: 'task', id: others._id, version: others.version, date: day(3) });
    expect(foreign.statusCode).toBe(404);
    expect(((await api('GET', `/project-management/${others._id}`, owner)).json() as Task).dueDate).toBe(day(2));
  });

  it('answers a bad body with 400 per field', async () => {
    const r = await move(owner, { kind: 'meeting', id: 'x', date: 'soon' });
    expect(r.statusCode).toBe(400);
    expect(Object.keys(errorOf(r).fields ?? {}).sort()).toEqual(['date', 'id', 'kind', 'version']);
  });
});
