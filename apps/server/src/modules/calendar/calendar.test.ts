import { type CalendarAnswer, P, type Task } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, HARBOR_PINE_ID, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
/** The calendar from 40 days back to 59 ahead (100 days, the most one request may ask for). */
async function calendar(cookie: string, extra = ''): Promise<CalendarAnswer> {
  const r = await api('GET', `/calendar?from=${day(-40)}&to=${day(59)}${extra}`, cookie);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
async function task(cookie: string, name: string, assignee: string | null, dueDate = day(1)): Promise<Task> {
  const r = await api('POST', '/project-management', cookie, { name, assignee, dueDate });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}
const userId = async (email: string) =>
  (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
});
afterAll(async () => {
  await db.end();
  await t.close();
});

describe('GET /calendar', () => {
  it("shows the firm's dated records of every kind, each linking to its page", async () => {
    const mine = await task(owner, 'Measure the pantry', await userId('owner@demo.test'));
    const { items, kinds } = await calendar(owner);
    expect(kinds).toEqual(['task', 'customer_job', 'delivery_route', 'quote', 'lead', 'purchase_order', 'lien']);
    // The demo firm has something of each kind within these days.
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(kinds));
    const shown = items.find((i) => i._id === mine._id);
    expect(shown).toMatchObject({
      kind: 'task',
      title: 'Measure the pantry',
      start: day(1),
      end: day(2),
      allDay: true,
      href: `/f/task-board/${mine._id}`,
      person: { _id: await userId('owner@demo.test') },
      editable: true,
      version: mine.version,
    });
    // A lien's next deadline, on its day: the demo's Florida job's 90 days after its last work,
    // moved past a weekend or holiday as Florida's rule allows.
    const lien = items.find((i) => i.kind === 'lien')!;
    expect(lien).toMatchObject({
      title: 'Record the lien · Winter home kitchen in Naples',
      href: `/a/liens/${lien._id}`,
      editable: false,
    });
    expect(lien.start >= day(50) && lien.start <= day(54)).toBe(true);
    const job = items.find((i) => i.kind === 'customer_job')!;
    expect(job.href).toBe(`/u/customer-jobs/${job._id}`);
    // Only tasks, jobs and routes not yet driven are dragged; the rest link to their page.
    for (const item of items.filter((i) => ['quote', 'lead', 'purchase_order', 'lien'].includes(i.kind)))
      expect(item.editable).toBe(false);
  });

  it("never shows another firm's items, even asked for by their people", async () => {
    const secret = await task(owner, 'Harbor-only errand', null);
    const theirs = await calendar(cedar);
    const harborIds = new Set(
      (
        await db.query<{ id: string }>(
          `SELECT id FROM tasks WHERE firm_id = $1 UNION SELECT id FROM customer_jobs WHERE firm_id = $1
           UNION SELECT id FROM delivery_routes WHERE firm_id = $1 UNION SELECT id FROM quotes WHERE firm_id = $1
           UNION SELECT id FROM leads WHERE firm_id = $1 UNION SELECT id FROM purchase_orders WHERE firm_id = $1
           UNION SELECT id FROM liens WHERE firm_id = $1`,
          [HARBOR_PINE_ID],
        )
      ).rows.map((r) => r.id),
    );
    expect(harborIds.has(secret._id)).toBe(true);
    expect(theirs.items.filter((i) => harborIds.has(i._id))).toEqual([]);
    const byHarborPeople = await calendar(cedar, `&people=${await userId('owner@demo.test')}`);
    expect(byHarborPeople.items).toEqual([]);
  });

  it('filters by person and by kind', async () => {
    const sales = await userId('sales@demo.test');
    const theirs = await task(owner, 'Call the tile supplier', sales);
    const byPerson = await calendar(owner, `&people=${sales}`);
    expect(byPerson.items.length).toBeGreaterThan(0);
    // Theirs, or a job they are on the crew of (the demo's kitchen remodel, managed by the owner).
    const crewed = await db.query<{ id: string }>('SELECT id FROM customer_jobs WHERE $1 = ANY(crew)', [sales]);
    expect(crewed.rows.length).toBeGreaterThan(0);
    expect(byPerson.items.every((i) => i.person?._id === sales || crewed.rows.some((r) => r.id === i._id))).toBe(true);
    expect(byPerson.items.some((i) => i.kind === 'customer_job' && i.person?._id !== sales)).toBe(true);
    expect(byPerson.items.map((i) => i._id)).toContain(theirs._id);
    // Repeated keys as the web app sends them, or a comma list.
    for (const kinds of ['&kinds[]=lead&kinds[]=quote', '&kinds=lead,quote']) {
      const some = await calendar(owner, kinds);
      expect(new Set(some.items.map((i) => i.kind))).toEqual(new Set(['lead', 'quote']));
      expect(some.kinds).toHaveLength(7);
    }
  });

  it('answers a bad query with 400 and a message per field', async () => {
    const bad = async (query: string, fields: string[]) => {
      const r = await api('GET', `/calendar?${query}`, owner);
      expect(r.statusCode, query).toBe(400);
      expect(Object.keys(errorOf(r).fields ?? {}).sort(), query).toEqual(fields.sort());
      return errorOf(r);
    };
    expect((await bad(`to=${day(1)}`, ['from'])).message).toBe('Say which day to start from.');
    expect((await bad(`from=${day(3)}&to=${day(1)}`, ['to'])).message).toBe('End on or after the first day.');
    expect((await bad(`from=${day(0)}&to=${day(100)}`, ['to'])).message).toBe('Ask for at most 100 days at a time.');
    await bad(`from=tomorrow&to=${day(1)}`, ['from']);
    await bad(`from=${day(0)}&to=${day(1)}&kinds=meetings&people=someone`, ['kinds.0', 'people.0']);
    await bad(`from=${day(0)}&to=${day(1)}&colour=red`, ['colour']);
  });
});

describe('what each person sees', () => {
  it('shows only the kinds whose code the person holds, and only their own tasks without view-all-tasks', async () => {
    const quotesOnly = await staffMember(t, owner, db, 'quoter@demo.test', [P.MODIFY_QUOTES]);
    const worker = await staffMember(t, owner, db, 'worker@demo.test', [P.GENERIC]);
    const theirTask = await task(owner, 'Sweep the showroom', worker.id);
    const ownersTask = await task(owner, 'Sign the lease', await userId('owner@demo.test'));

    const quoter = await calendar(quotesOnly.cookie);
    // Deliveries: anyone may drive (their own routes only); quotes by those who hold their code.
    expect(quoter.kinds).toEqual(['delivery_route', 'quote']);
    expect(quoter.items.length).toBeGreaterThan(0);
    expect(quoter.items.every((i) => i.kind === 'quote')).toBe(true);

    const working = await calendar(worker.cookie);
    expect(working.kinds).toEqual(['task', 'delivery_route']);
    expect(working.items.map((i) => i._id)).toEqual([theirTask._id]);
    expect(working.items[0]!.editable).toBe(true);
    // Asking for the kinds they cannot see changes nothing.
    expect((await calendar(worker.cookie, '&kinds=quote,lead')).items).toEqual([]);

    const all = (await calendar(owner)).items.map((i) => i._id);
    expect(all).toEqual(expect.arrayContaining([theirTask._id, ownersTask._id]));
  });

  it('shows a driver their own routes without code 83, not to be moved; a planner moves those not yet driven', async () => {
    const driver = await staffMember(t, owner, db, 'driver@demo.test', [P.GENERIC]);
    const made = await api('POST', '/delivery-routes', owner, { date: day(2), driver: driver.id, vehicle: 'Van 2' });
    expect(made.statusCode, made.body).toBe(201);
    const route = made.json() as { _id: string; number: string };
    const driving = await calendar(driver.cookie, '&kinds=delivery_route');
    expect(driving.items).toEqual([
      expect.objectContaining({ _id: route._id, title: route.number, subtitle: '0 stops · Van 2', editable: false }),
    ]);
    const planned = (await calendar(owner, '&kinds=delivery_route')).items;
    expect(planned.find((i) => i._id === route._id)?.editable).toBe(true);
    expect(planned.filter((i) => i.status === 'Completed').every((i) => !i.editable)).toBe(true);
    expect(planned.some((i) => i.status === 'Completed')).toBe(true);
  });

  it("leaves out a module's kinds when the firm turns the module off", async () => {
    await db.query(`UPDATE firms SET features = array_remove(features, 'lead_management') WHERE id = $1`, [
      HARBOR_PINE_ID,
    ]);
    try {
      const { kinds, items } = await calendar(owner);
      expect(kinds).not.toContain('lead');
      expect(items.some((i) => i.kind === 'lead')).toBe(false);
    } finally {
      await db.query(`UPDATE firms SET features = array_append(features, 'lead_management') WHERE id = $1`, [
        HARBOR_PINE_ID,
      ]);
    }
  });

  it('is for the staff: a customer signed in to the store gets 403', async () => {
    // Customers have no staff sign-in: a staff member signs in as one (code 11).
    const { rows } = await db.query<{ id: string }>(
      "SELECT c.id FROM customers c JOIN users u ON u.id = c.user_id WHERE u.email = 'customer@demo.test'",
    );
    const as = await api('POST', `/customers/${rows[0]!.id}/sign-in-as`, owner);
    expect(as.statusCode, as.body).toBe(200);
    const session = as.cookies.find((c) => c.name === 'atelier_session')!;
    const customer = `atelier_session=${session.value}`;
    const r = await api('GET', `/calendar?from=${day(0)}&to=${day(1)}`, customer);
    expect(r.statusCode).toBe(403);
    expect((await api('POST', '/calendar/feed', customer)).statusCode).toBe(403);
  });
});
