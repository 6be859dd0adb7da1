import { P, type Profile, type TimeEntry, type Timesheet } from '@atelier/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, signIn, staffMember, startTestApp, type TestApp } from '../../../test/helpers';
import { closeForgottenEverywhere, lastCutoff, localHourInstant } from './auto-clock-out';

let t: TestApp;
let db: pg.Client;
let owner: string;
let cedar: string;
let worker: { id: string; cookie: string };
let other: { id: string; cookie: string };
let job: { _id: string; name: string };
let cedarJob: string;
let n = 0;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, cookie = owner) =>
  call(t.app, { method, url: `/api/v1${url}`, cookie, body });
const sql = async <R>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as R[];
/**
 * Moves a person's time back, as if they had been on their running entry a while: every entry
 * of theirs, earliest first (so none is moved into another), and when they clocked in.
 */
async function age(userId: string, minutes: number) {
  const ids = await sql<{ id: string }>('SELECT id FROM time_entries WHERE user_id = $1 ORDER BY started_at', [userId]);
  for (const { id } of ids)
    await sql(
      `UPDATE time_entries SET started_at = started_at - make_interval(mins => $2),
         ended_at = ended_at - make_interval(mins => $2) WHERE id = $1`,
      [id, minutes],
    );
  await sql('UPDATE users SET clocked_in_at = clocked_in_at - make_interval(mins => $2) WHERE id = $1', [
    userId,
    minutes,
  ]);
}
const entriesOf = (userId: string) =>
  sql<{
    task_name: string;
    minutes: number | null;
    ended_at: Date | null;
    cost_cents: number | null;
    customer_job_id: string | null;
    auto_closed: boolean;
  }>(
    'SELECT task_name, minutes, ended_at, cost_cents::int, customer_job_id, auto_closed FROM time_entries WHERE user_id = $1 ORDER BY started_at',
    [userId],
  );
const past = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3600_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  db = new pg.Client({ connectionString: t.ownerUrl });
  await db.connect();
  owner = await signIn(t.app, 'owner@demo.test');
  cedar = await signIn(t.app, 'owner@cedar.test');
  worker = await staffMember(t, owner, db, 'installer@demo.test', [P.GENERIC, P.VIEW_ALL_TASKS]);
  other = await staffMember(t, owner, db, 'helper@demo.test', [P.GENERIC]);
  const own = await api('POST', '/customer-jobs', {
    name: 'Timed pantry',
    site: { line1: '2 Fore St', city: 'Portland' },
  });
  expect(own.statusCode, own.body).toBe(201);
  job = { _id: own.json()._id, name: own.json().name };
  const made = await api(
    'POST',
    '/customer-jobs',
    { name: 'Cedar porch', site: { line1: '1 Elm St', city: 'Bangor' } },
    cedar,
  );
  expect(made.statusCode, made.body).toBe(201);
  cedarJob = made.json()._id;
  // $45.00 an hour, set by the owner (53) on the employee.
  const person = (await api('GET', `/employees/${worker.id}`)).json();
  const set = await api('PUT', `/employees/${worker.id}`, {
    firstName: person.firstName,
    lastName: person.lastName,
    costRateCents: 4500,
    version: person.version,
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('clocking in, changing task and clocking out', () => {
  it('times each task, rounds nothing by default and costs the job at the person’s rate', async () => {
    const task = await api(
      'POST',
      '/project-management',
      { name: 'Hang upper cabinets', status: 'To Do', customerJob: { _id: job._id }, taskType: 'Install' },
      worker.cookie,
    );
    expect(task.statusCode, task.body).toBe(201);

    const inn = await api('POST', '/profile/clock-in', {}, worker.cookie);
    expect(inn.statusCode, inn.body).toBe(200);
    expect((inn.json() as Profile).clocked_in).toBe(true);
    expect((inn.json() as Profile).clocked_in_since).not.toBeNull();
    const twice = await api('POST', '/profile/clock-in', {}, worker.cookie);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toMatch(/^You are already clocked in since \d{1,2}:\d{2}\s?[AP]M\.$/);

    await age(worker.id, 30);
    const first = await api(
      'POST',
      '/profile/change-task',
      { task: 'Hang upper cabinets', _id: task.json()._id, metaData: { customerJob: job._id, taskType: 'Install' } },
      worker.cookie,
    );
    expect(first.statusCode, first.body).toBe(200);
    const current = (first.json() as Profile).currentTask!;
    expect(current).toMatchObject({ _id: task.json()._id, name: 'Hang upper cabinets', taskType: 'Install' });
    expect(current.customerJob).toEqual({ _id: job._id, name: job.name });

    await age(worker.id, 90);
    const second = await api('POST', '/profile/change-task', { task: 'Shop cleanup', metaData: {} }, worker.cookie);
    expect(second.statusCode, second.body).toBe(200);
    expect((second.json() as Profile).currentTask).toMatchObject({
      _id: null,
      name: 'Shop cleanup',
      customerJob: null,
    });

    await age(worker.id, 15);
    const out = await api('POST', '/profile/clock-out', {}, worker.cookie);
    expect(out.statusCode, out.body).toBe(200);
    expect((out.json() as Profile).clocked_in).toBe(false);
    expect((await api('POST', '/profile/clock-out', {}, worker.cookie)).statusCode).toBe(409);

    const rows = await entriesOf(worker.id);
    expect(rows.map((r) => [r.task_name, r.minutes, r.cost_cents, r.customer_job_id])).toEqual([
      ['General', 30, 2250, null],
      ['Hang upper cabinets', 90, 6750, job._id],
      ['Shop cleanup', 15, 1125, null],
    ]);

    // The job's labour: 1:30 at $45.00 an hour, nobody's rate in the answer.
    const labour = await api('GET', `/customer-jobs/${job._id}/labour`);
    expect(labour.statusCode, labour.body).toBe(200);
    expect(labour.json().minutes).toBe(90);
    expect(labour.json().costCents).toBe(6750);
    expect(JSON.stringify(labour.json())).not.toContain('4500');

    // The week: 2:15, and its cost for the owner (53), never for the person without 53.
    const mine = (await api('GET', '/timesheet', undefined, worker.cookie)).json() as Timesheet;
    expect(mine.totals.minutes).toBe(135);
    expect(mine.totals).not.toHaveProperty('costCents');
    expect(mine.days.flatMap((d) => d.entries).every((e) => !('costCents' in e) && !('costRateCents' in e))).toBe(true);
    const seen = (await api('GET', `/timesheet?person=${worker.id}`)).json() as Timesheet;
    expect(seen.totals.costCents).toBe(10_125);

    const hours = (await api('GET', `/employees/${worker.id}/time`)).json();
    expect(hours.minutes).toBe(135);
    expect(hours.costRateCents).toBe(4500);
  });

  it('changing task while clocked out sets the current task and opens no entry', async () => {
    const before = (await entriesOf(other.id)).length;
    const r = await api('POST', '/profile/change-task', { task: 'Measure the Reyes kitchen' }, other.cookie);
    expect(r.statusCode, r.body).toBe(200);
    expect((r.json() as Profile).currentTask?.name).toBe('Measure the Reyes kitchen');
    expect((r.json() as Profile).clocked_in).toBe(false);
    expect((await entriesOf(other.id)).length).toBe(before);
    // Clocking in then times that task.
    await api('POST', '/profile/clock-in', {}, other.cookie);
    expect((await entriesOf(other.id)).at(-1)?.task_name).toBe('Measure the Reyes kitchen');
    await age(other.id, 5);
    await api('POST', '/profile/clock-out', {}, other.cookie);
  });

  it('refuses another firm’s job, someone else’s task and a record nobody can open', async () => {
    const job = await api(
      'POST',
      '/profile/change-task',
      { task: 'X', metaData: { customerJob: cedarJob } },
      other.cookie,
    );
    expect(job.statusCode).toBe(400);
    expect(errorOf(job).fields).toHaveProperty(['metaData.customerJob']);
    const entity = await api(
      'POST',
      '/profile/change-task',
      { task: 'X', metaData: { entityID: '00000000-0000-4000-8000-000000000000' } },
      other.cookie,
    );
    expect(errorOf(entity).fields).toHaveProperty(['metaData.entityID']);
    const manual = await api(
      'POST',
      '/time-entries',
      { task: 'Elsewhere', customerJob: cedarJob, startedAt: past(50), endedAt: past(49) },
      other.cookie,
    );
    expect(manual.statusCode).toBe(400);
    expect(errorOf(manual).fields).toHaveProperty('customerJob');
  });

  it('lets one of two clock-ins at once through', async () => {
    const both = await Promise.all([
      api('POST', '/profile/clock-in', {}, other.cookie),
      api('POST', '/profile/clock-in', {}, other.cookie),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await age(other.id, 3);
    await api('POST', '/profile/clock-out', {}, other.cookie);
  });
});

describe('entries written by hand', () => {
  it('refuses an end before the start, an overlap, the future; a correction needs a reason', async () => {
    const backwards = await api(
      'POST',
      '/time-entries',
      { task: 'Backwards', startedAt: past(70), endedAt: past(71) },
      other.cookie,
    );
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields?.endedAt).toBe('End the entry after it starts.');

    const made = await api(
      'POST',
      '/time-entries',
      { task: 'Site visit', startedAt: past(72), endedAt: past(70), note: 'Forgot to clock in' },
      other.cookie,
    );
    expect(made.statusCode, made.body).toBe(201);
    const entry = made.json() as TimeEntry;
    expect(entry.minutes).toBe(120);
    expect(entry.source).toBe('manual');

    const overlap = await api(
      'POST',
      '/time-entries',
      { task: 'Twice', startedAt: past(71), endedAt: past(69) },
      other.cookie,
    );
    expect(overlap.statusCode).toBe(409);
    expect(errorOf(overlap).message).toMatch(/^This overlaps "Site visit"/);

    const future = await api(
      'POST',
      '/time-entries',
      { task: 'Soon', startedAt: past(-2), endedAt: past(-3) },
      other.cookie,
    );
    expect(future.statusCode).toBe(400);

    const edit = { task: 'Site visit', startedAt: past(72), endedAt: past(71), version: entry.version };
    const noReason = await api('PUT', `/time-entries/${entry._id}`, edit, other.cookie);
    expect(errorOf(noReason).fields?.reason).toBe('Say why this entry changes.');
    const fixed = await api('PUT', `/time-entries/${entry._id}`, { ...edit, reason: 'Left at noon' }, other.cookie);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect((fixed.json() as TimeEntry).minutes).toBe(60);
    const logs = (await api('GET', `/time-entries/${entry._id}/logs`, undefined, other.cookie)).body;
    expect(logs).toContain('Left at noon');

    // The backstop under the check: the database refuses overlapping ranges itself.
    await expect(
      db.query(
        `INSERT INTO time_entries (firm_id, user_id, task_name, started_at, ended_at, day, week)
         SELECT firm_id, user_id, 'Raw', started_at, ended_at, day, week FROM time_entries WHERE id = $1`,
        [entry._id],
      ),
    ).rejects.toThrow(/time_entries_no_overlap/);
  });

  it('keeps everyone to their own time without 51', async () => {
    const theirs = await api('GET', `/timesheet?person=${worker.id}`, undefined, other.cookie);
    expect(theirs.statusCode).toBe(403);
    const forThem = await api(
      'POST',
      '/time-entries',
      { person: worker.id, task: 'Not mine', startedAt: past(90), endedAt: past(89) },
      other.cookie,
    );
    expect(forThem.statusCode).toBe(403);
    const list = (await api('GET', '/time-entries?limit=100', undefined, other.cookie)).json();
    expect(list.items.every((r: { person: { _id: string } }) => r.person._id === other.id)).toBe(true);
  });
});

describe('the week: submitted, then decided by one manager', () => {
  it('locks the week once submitted; of two approvals at once one wins', async () => {
    const week = (await api('GET', '/timesheet', undefined, other.cookie)).json() as Timesheet;
    const when = week.days.flatMap((d) => d.entries)[0] ?? null;
    expect(when).not.toBeNull();
    const submitted = await api('POST', '/timesheet/submit', { week: week.week, version: week.version }, other.cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((submitted.json() as Timesheet).status).toBe('submitted');

    const locked = await api(
      'PUT',
      `/time-entries/${when!._id}`,
      { task: 'Late change', startedAt: when!.startedAt, endedAt: when!.endedAt, reason: 'x', version: when!.version },
      other.cookie,
    );
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).message).toMatch(/is submitted/);

    const self = await api('POST', '/timesheet/approve', { week: week.week, version: 1 }, other.cookie);
    expect(self.statusCode).toBe(403);

    const manager = await staffMember(t, owner, db, `manager${++n}@demo.test`, [P.GENERIC, P.MODIFY_EMPLOYEES]);
    const pending = (await api('GET', '/timesheet/pending', undefined, manager.cookie)).json();
    expect(pending.some((p: { person: { _id: string } }) => p.person._id === other.id)).toBe(true);
    const body = { person: other.id, week: week.week, version: 1 };
    const both = await Promise.all([
      api('POST', '/timesheet/approve', body),
      api('POST', '/timesheet/approve', body, manager.cookie),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = both.find((r) => r.statusCode === 409)!;
    expect(errorOf(lost).message).toMatch(/already approved by|changed since you opened it/);
    const notice = await sql<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1', [other.id]);
    expect(notice.some((m) => m.message.includes('was approved'))).toBe(true);
  });
});

describe('the time rules', () => {
  it('rounds counted minutes to the firm’s step, chosen from the list', async () => {
    const bad = await api('PUT', '/settings/employeeSettings', { roundingMinutes: 7 });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('roundingMinutes');
    expect((await api('PUT', '/settings/employeeSettings', { roundingMinutes: 15 })).statusCode).toBe(200);
    try {
      const made = await api(
        'POST',
        '/time-entries',
        { task: 'Rounded', startedAt: past(240), endedAt: new Date(Date.parse(past(240)) + 52 * 60_000).toISOString() },
        other.cookie,
      );
      expect(made.statusCode, made.body).toBe(201);
      expect((made.json() as TimeEntry).minutes).toBe(45);
    } finally {
      await api('PUT', '/settings/employeeSettings', { roundingMinutes: 1 });
    }
  });
});

describe('the automatic clock-out', () => {
  it('finds the hour in the firm’s zone, across daylight saving', () => {
    expect(localHourInstant('2026-07-01', 20, 'America/New_York').toISOString()).toBe('2026-07-02T00:00:00.000Z');
    expect(localHourInstant('2026-12-01', 20, 'America/New_York').toISOString()).toBe('2026-12-02T01:00:00.000Z');
    expect(lastCutoff(new Date('2026-12-02T00:30:00Z'), 20, 'America/New_York').toISOString()).toBe(
      '2026-12-01T01:00:00.000Z',
    );
  });

  it('closes a forgotten entry at the firm’s hour, flags it and tells its person', async () => {
    await api('POST', '/profile/clock-in', {}, worker.cookie);
    await age(worker.id, 60 * 30);
    const closed = await closeForgottenEverywhere(t.database.db, new Date());
    expect(closed).toBeGreaterThanOrEqual(1);
    const last = (await entriesOf(worker.id)).at(-1)!;
    expect(last.ended_at).not.toBeNull();
    expect(last.auto_closed).toBe(true);
    const [me] = await sql<{ clocked_in: boolean }>('SELECT clocked_in FROM users WHERE id = $1', [worker.id]);
    expect(me!.clocked_in).toBe(false);
    const told = await sql<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1', [worker.id]);
    expect(told.some((m) => m.message.startsWith('You were clocked out automatically'))).toBe(true);
  });
});
